import type { AccessView, JoinRequestView, SessionView } from '@shared/types'
import { limits } from '@shared/limits'
import { AppError } from '../../errors'
import { moderatorOnly } from '../../core/moderation'
import type { Services } from '../../core/services'
import type { CommunityAccess, JoinRequestDoc, Unsubscribe } from '../../firebase/ports'
import type { CommunityContext } from './context'
import { remote } from './remote-call'

/** A 가입 요청's message, in characters (the rules count characters too). */
export const joinMessageMax = 200
/** The most pending requests the moderators' list follows (one listener, a read per request). */
const requestsFollowed = 200
/** How long a sign-in waits for the first word on membership before it answers (then the change comes as session:changed). */
const firstWordMs = 5_000

export interface AccessHooks {
  /** Where the person stands changed: the session is told again. */
  changed(): void
  /** Approved: the community's listeners start again (they were refused until now). */
  opened(): void
  /** Removed: the listeners end and the mirror keeps only what this person wrote. */
  removed(userId: string): Promise<void>
}

interface Person {
  uid: string
  userId: string
}

/**
 * Members-only communities in Magpie (docs/decisions/045-members-only.md). At each sign-in main
 * reads settings/community.access once; in a members-only community it follows the person's own
 * members/{uid} (approval opens the feed without a restart, removal closes it at once) and, for a
 * moderator, the pending join requests (the badge). Every call checks its own rules before any
 * Firebase call; the shipped rules check them again.
 */
export function createCommunityAccess(ctx: CommunityContext, hooks: AccessHooks) {
  const { ports, store } = ctx
  let who: Person | null = null
  let mode: CommunityAccess | null = null
  let moderator = false
  /** null until the first server word on members/{uid}. */
  let member: boolean | null = null
  let removed = false
  let request: { message: string; at: number } | null = null
  let pending: JoinRequestDoc[] | null = null
  let stops: Unsubscribe[] = []
  let firstWord: Promise<void> = Promise.resolve()

  const closed = () => mode === 'members-only' && !moderator && member === false

  function view(): AccessView | undefined {
    return closed() ? { request, removed } : undefined
  }

  function onMember(person: Person, now: boolean): void {
    if (who !== person) return
    const before = member
    member = now
    if (now) {
      removed = false
      request = null
      if (before === false) hooks.opened()
    } else if (before === true) {
      removed = true
      ctx.background('removed member', () => hooks.removed(person.userId))
    }
    if (before !== now) hooks.changed()
  }

  function followRequests(person: Person): void {
    stops.push(
      ports.members.watchJoinRequests(
        requestsFollowed,
        (docs) => {
          if (who !== person) return
          pending = docs
          ctx.emit('access:requestsChanged', { count: docs.length })
        },
        (error) => console.warn('[community] join requests listener stopped:', error.reason)
      )
    )
  }

  /** Finds out where the person stands; `said` once the first word came (the member listener's first snapshot, else at once). */
  async function check(person: Person, said: () => void): Promise<void> {
    let listening = false
    try {
      mode = await ports.members.access()
      if (who !== person || mode !== 'members-only') return
      moderator = await ports.auth.moderator(false).catch(() => false)
      if (who !== person) return
      if (moderator) {
        followRequests(person)
        return
      }
      request = await ports.members.joinRequest(person.uid).then(
        (doc) => (doc ? { message: doc.message, at: doc.at } : null),
        () => null
      )
      if (who !== person) return
      listening = true
      stops.push(
        ports.members.watchMember(
          person.uid,
          (now) => {
            onMember(person, now)
            said()
          },
          (error) => {
            console.warn('[community] membership listener stopped:', error.reason)
            said()
          }
        )
      )
    } catch (error) {
      // Offline or refused: unknown, so nothing is closed; the rules still refuse what a non-member may not do.
      console.warn('[community] access:', error instanceof Error ? error.message : error)
    } finally {
      if (!listening) said()
    }
  }

  function requireSignedIn(userId: string): Person {
    if (!who || who.userId !== userId) throw new AppError('loginRequired')
    return who
  }

  async function requireModerator(userId: string): Promise<Person> {
    const person = requireSignedIn(userId)
    if (!(await remote('read', () => ports.auth.moderator(false)))) throw new AppError(moderatorOnly)
    return person
  }

  const views = (): JoinRequestView[] => (pending ?? []).map((doc) => ({ id: doc.uid, nickname: doc.nickname, message: doc.message, at: doc.at }))

  return {
    /** The signed-in person (null: nobody), at each sign-in: what they may read is found out again (a read of settings/community). */
    follow(person: Person | null): void {
      for (const stop of stops) stop()
      stops = []
      who = person
      mode = null
      moderator = false
      member = null
      removed = false
      request = null
      pending = null
      if (!person) {
        firstWord = Promise.resolve()
        return
      }
      let said!: () => void
      const word = new Promise<void>((resolve) => (said = resolve))
      firstWord = word
      void check(person, said).catch(() => said())
    },

    /** Resolves once the first word on membership came (bounded): a sign-in answers with where the person stands. */
    async ready(): Promise<void> {
      let timer: NodeJS.Timeout | undefined
      await Promise.race([firstWord, new Promise<void>((resolve) => (timer = setTimeout(resolve, firstWordMs)))])
      clearTimeout(timer)
    },

    /** The session with where the person stands (only when they are outside a members-only community). */
    decorate(session: SessionView): SessionView {
      const access = session.user ? view() : undefined
      return access ? { ...session, access } : session
    },

    /** Writes of the community are members' (posts, comments, likes, reports, uploads): refused here first. */
    requireMember(userId: string | null): void {
      if (userId && who?.userId === userId && closed()) throw new AppError('membersOnlyWrite')
    },

    stop(): void {
      for (const stop of stops) stop()
      stops = []
    },

    service(session: () => SessionView): Services['access'] {
      return {
        async request(userId, message) {
          const person = requireSignedIn(userId)
          if (mode !== 'members-only' || moderator) throw new AppError('joinNotNeeded')
          if (member) throw new AppError('joinAlreadyMember')
          const text = message.trim()
          if ([...text].length > joinMessageMax) throw new AppError('joinMessageTooLong', 'message')
          if (request) return session()
          // The profile's nickname: the rules compare the request's with it.
          const nickname = store.users.get(userId)?.nickname.slice(0, limits.nicknameMax) ?? ''
          if (!nickname) throw new AppError('loginRequired')
          await remote('write', () => ports.members.requestToJoin(person.uid, { nickname, message: text }))
          if (who !== person) return session()
          request = { message: text, at: ctx.now() }
          hooks.changed()
          return session()
        },

        async withdraw(userId) {
          const person = requireSignedIn(userId)
          if (!request) throw new AppError('joinNoRequest')
          await remote('write', () => ports.members.deleteJoinRequest(person.uid))
          if (who !== person) return session()
          request = null
          hooks.changed()
          return session()
        },

        mine(userId) {
          requireSignedIn(userId)
          return view() ?? null
        },

        async requests(userId) {
          await requireModerator(userId)
          return views()
        },

        async approve(userId, uid) {
          const person = await requireModerator(userId)
          const found = pending?.find((doc) => doc.uid === uid)
          if (!found) throw new AppError('joinRequestGone')
          await remote('write', () => ports.members.approve(uid, person.uid))
          pending = pending?.filter((doc) => doc.uid !== uid) ?? null
          ctx.emit('access:requestsChanged', { count: pending?.length ?? 0 })
          return views()
        },

        async reject(userId, uid) {
          await requireModerator(userId)
          if (!pending?.some((doc) => doc.uid === uid)) throw new AppError('joinRequestGone')
          await remote('write', () => ports.members.deleteJoinRequest(uid))
          pending = pending?.filter((doc) => doc.uid !== uid) ?? null
          ctx.emit('access:requestsChanged', { count: pending?.length ?? 0 })
          return views()
        },

        pendingCount(userId) {
          return { count: who?.userId === userId && moderator && mode === 'members-only' ? (pending?.length ?? 0) : 0 }
        }
      }
    }
  }
}

export type CommunityAccessGate = ReturnType<typeof createCommunityAccess>
