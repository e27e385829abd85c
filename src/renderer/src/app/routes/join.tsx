import { useLocation } from 'react-router-dom'
import { messages } from '@shared/messages'
import { InvitationPage } from '@/features/settings/components/InvitationPage'
import { usePageTitle } from '@/shared/lib/page-title'

/** Where main sends the window when an invitation link is opened (docs/decisions/023-invitation-links.md). */
export function JoinRoute() {
  usePageTitle(messages.invitationTitle)
  const location = useLocation()
  return <InvitationPage key={location.key} arrival={location.key} />
}
