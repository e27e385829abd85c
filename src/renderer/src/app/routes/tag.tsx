import { useParams } from 'react-router-dom'
import { format } from '@shared/messages'
import { normalTag } from '@shared/search-text'
import { TagPage } from '@/features/search/components/TagPage'
import { usePageTitle } from '@/shared/lib/page-title'

export function TagRoute() {
  const tag = normalTag(useParams().tag ?? '')
  usePageTitle(format.tag(tag))
  return <TagPage key={tag} tag={tag} />
}
