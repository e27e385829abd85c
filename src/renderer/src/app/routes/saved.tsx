import { messages } from '@shared/messages'
import { SavedPage } from '@/features/saved/components/SavedPage'
import { usePageTitle } from '@/shared/lib/page-title'

export function SavedRoute() {
  usePageTitle(messages.savedPage)
  return <SavedPage />
}
