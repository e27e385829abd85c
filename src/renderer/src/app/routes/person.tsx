import { useParams } from 'react-router-dom'
import { format } from '@shared/messages'
import type { PersonView } from '@shared/types'
import { usePerson } from '@/features/people/api/get-person'
import { PersonPage } from '@/features/people/components/PersonPage'
import { ProfileEditForm } from '@/features/auth/components/ProfileEditForm'
import { usePageTitle } from '@/shared/lib/page-title'

const editForm = (person: PersonView, done: () => void) => <ProfileEditForm person={person} onDone={done} />

export function PersonRoute() {
  const { personId = '' } = useParams()
  // The same query the page shows (one cache entry): the title names whose page it is.
  const person = usePerson(personId)
  usePageTitle(person.data ? format.personHeading(person.data.person.nickname) : null)
  return <PersonPage key={personId} personId={personId} renderEdit={editForm} />
}
