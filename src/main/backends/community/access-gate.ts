import type { SessionView } from '@shared/types'
import type { Services } from '../../core/services'
import type { CommunityAccessGate } from './access'

/**
 * The community's services as a members-only community needs them (docs/decisions/045-members-only.md):
 * every session answered says where the person stands (a sign-in waits, bounded, for the first
 * word on it), and the community's writes — a post, an edit, a like, a comment, a 신고, a post
 * photo, a save — are refused to a non-member with a Korean message before any Firebase call.
 * Their own sign-up documents (profile, profile photo) stay theirs, as the rules have it.
 */
export function gatedByMembership(access: CommunityAccessGate, services: Services): Services {
  const answered =
    <A extends unknown[]>(call: (...args: A) => Promise<SessionView>) =>
    async (...args: A): Promise<SessionView> => {
      await call(...args)
      await access.ready()
      // Read again: the first word on membership may have changed it.
      return access.decorate(services.auth.session())
    }
  const members =
    <A extends [string | null, ...unknown[]], R>(call: (...args: A) => R) =>
    (...args: A): R => {
      access.requireMember(args[0])
      return call(...args)
    }
  const { auth, images, posts, likes, comments, moderation, saved } = services
  return {
    ...services,
    auth: {
      ...auth,
      session: () => access.decorate(auth.session()),
      restore: answered(auth.restore),
      signUp: answered(auth.signUp),
      login: answered(auth.login),
      completeProfile: answered(auth.completeProfile)
    },
    images: {
      ...images,
      add: (userId, purpose, bytes, onProgress) => {
        if (purpose === 'post') access.requireMember(userId)
        return images.add(userId, purpose, bytes, onProgress)
      }
    },
    posts: { ...posts, create: members(posts.create), update: members(posts.update) },
    likes: { ...likes, set: members(likes.set) },
    comments: { ...comments, add: members(comments.add) },
    moderation: { ...moderation, report: members(moderation.report) },
    saved: { ...saved, set: members(saved.set) }
  }
}
