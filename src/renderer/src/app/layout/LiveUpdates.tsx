import { isCancelledError, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router-dom'
import { messages } from '@shared/messages'
import { useMagpieEvent } from '@/shared/lib/events'
import { feedPost, refreshPost } from '@/shared/lib/post-cache'
import { queryKeys } from '@/shared/lib/query-keys'
import { applySession, useCurrentUser } from '@/shared/lib/session'
import { useKeptReplies } from '@/features/comments/stores/comment-drafts'
import { toast } from '@/shared/ui/toast'
import { keepUnasked, leaveThen } from '@/shared/lib/leave-guard'
import { call, errorMessage } from '@/shared/lib/ipc'

/** Applies main's pushed events to the cached data, so open screens update without reload. */
export function LiveUpdates() {
  const client = useQueryClient()
  const navigate = useNavigate()
  useKeptReplies(useCurrentUser()?.id ?? null)

  useMagpieEvent('session:changed', (session) => applySession(client, session))

  useMagpieEvent('posts:changed', ({ postIds, feed }) => {
    // Posts added or removed reshape the feed; otherwise only the cards that changed are read again.
    if (feed) void client.invalidateQueries({ queryKey: queryKeys.feed })
    // A person page's grid and counts too (an open one reads again; a like alone does not reshape it).
    if (feed) void client.invalidateQueries({ queryKey: queryKeys.people })
    for (const id of postIds) {
      void client.invalidateQueries({ queryKey: queryKeys.comments(id) })
      const open = (client.getQueryCache().find({ queryKey: queryKeys.post(id), exact: true })?.getObserversCount() ?? 0) > 0
      if (open || (!feed && feedPost(client, id))) {
        // One read updates the detail and the card alike; a like on the post cancels it, and its own answer wins.
        refreshPost(client, id).catch((error: unknown) => {
          if (!isCancelledError(error)) void client.invalidateQueries({ queryKey: queryKeys.feed })
        })
      } else {
        void client.invalidateQueries({ queryKey: queryKeys.post(id) })
      }
    }
  })

  // Settings changed in another copy come as alerts:changed too (the badge may count otherwise).
  useMagpieEvent('alerts:changed', () => {
    void client.invalidateQueries({ queryKey: queryKeys.alerts })
    void client.invalidateQueries({ queryKey: queryKeys.notifications })
  })

  // A moderator removed the person's writing while they are signed in (decision 030).
  useMagpieEvent('moderation:noticesChanged', () => void client.invalidateQueries({ queryKey: queryKeys.notices }))

  useMagpieEvent('app:navigate', ({ route }) => {
    // The editor with unsaved writing asks first (its leave prompt), as for any other way out.
    if (route.startsWith('/')) leaveThen(() => navigate(route))
  })

  // Quitting (끝내기, Cmd+Q): the editor with unsaved writing asks first, and main quits once the page
  // agrees; 계속 쓰기 answers nothing. The OS ending the session asks nothing (decision 039).
  useMagpieEvent('app:quitRequested', ({ unattended }) => {
    if (unattended) return keepUnasked()
    const answer = (step: 'asking' | 'agreed') => call('app:quit', { step }).catch((error: unknown) => toast.error(errorMessage(error)))
    if (leaveThen(() => void answer('agreed'))) void answer('asking')
  })

  // A sentence main asks to be shown once: after the page was reloaded from a crash, or about the OS.
  useMagpieEvent('app:notice', ({ notice }) => toast(messages[notice]))

  return null
}
