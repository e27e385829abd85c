import { messages } from '@shared/messages'
import { DraftsPage } from '@/features/posts/components/DraftsPage'
import { usePageTitle } from '@/shared/lib/page-title'

export function DraftsRoute() {
  usePageTitle(messages.draftsPage)
  return <DraftsPage />
}
