import { randomBytes } from 'node:crypto'
import {
  FirebasePortError,
  watchInMax,
  type AlertEntry,
  type CommentDoc,
  type ConnectFirebase,
  type FirebasePorts,
  type FirebaseUser,
  type FirebaseWebConfig,
  type PostDoc,
  type PostsCursor,
  type ProfileDoc,
  type Snapshot,
  type Unsubscribe,
  type UserDoc
} from '../../../src/main/firebase/ports'
import { isStampRange, rangesMax, type StampRange } from '../../../src/main/firebase/web-stamps'
import { personKey } from '../../../src/main/store/person-key'
import { createFakeMembers } from './fake-members'
import { createFakeModeration } from './fake-moderation'
import { createFakeInvitations } from './fake-invitations'

/**
 * An in-memory Firebase project behind the same ports as the SDK adapter, for CI
 * (docs/decisions/008-community-mode.md). One fake is one project; every `connect` is one
 * app copy with its own sign-in and its own network switch, so two clients stand for two
 * people (or Magpie and the original web app) sharing the project.
 *
 * It behaves like Firebase where the services depend on it: automatic ids, arrayUnion /
 * arrayRemove, server-time createdAt, RTDB push keys in time order, listeners that deliver
 * a first snapshot and then every change (later, never inside the write call), offline
 * writes and reads that fail with FirebasePortError('offline') while listeners wait for the
 * network, and the shipped security rules (firebase/*.rules) for every write Magpie makes,
 * so a service that breaks a rule fails here as it would against the real project.
 */

export interface FakeFirebaseOptions {
  /** The server's clock (createdAt of new posts). */
  now?: () => number
  /** Enforce the shipped security rules (default true). */
  rules?: boolean
}

type Doc = Record<string, unknown>

interface Account {
  uid: string
  email: string
  password: string
}

interface StoredFile {
  bytes: Uint8Array
  contentType: string
  /** Magpie marks its uploads with the uploader's uid; the web app's carry none. */
  uploader: string | null
  url: string
}

interface Watch {
  client: FakeClient
  /** What the listener sees now; throws FirebasePortError when it may not see it. */
  read(): unknown
  deliver(value: unknown): void
  fail(error: FirebasePortError): void
  last: string | null
  closed: boolean
}

interface FakeClient {
  online: boolean
  user: FirebaseUser | null
  watches: Set<Watch>
  connectivityListeners: Set<(online: boolean) => void>
  /** ConnectivityPort.reconnect calls (after the computer woke). */
  reconnects: number
}

const postKeys = ['postedBy', 'posted_uid', 'nickname', 'profileImg', 'postImg', 'postTxt', 'postDate', 'likedBy', 'layout']
const postOptionalKeys = ['createdAt', 'id', 'morePhotos', 'photoAlts']
const postEditKeys = ['id', 'nickname', 'profileImg', 'postImg', 'postTxt', 'layout', 'morePhotos', 'photoAlts']
/** As firestore.rules (decision 031): morePhotos ≤ 9 Storage URLs of post photos; photoAlts one string ≤ 1,000 per photo. */
const postPhotoUrl = /^(https:\/\/firebasestorage[.]googleapis[.]com|http:\/\/(127[.]0[.]0[.]1|localhost):[0-9]{1,5})\/v0\/b\/[^/?#]{1,222}\/o\/postImg%2F[0-9A-Za-z_-]{1,64}([?][^#/]{0,1000})?$/
function validPhotoFields(data: Record<string, unknown>): boolean {
  const more = data.morePhotos ?? []
  const alts = data.photoAlts
  if (!Array.isArray(more) || more.length > 9 || !more.every((url) => typeof url === 'string' && url.length <= 2048 && postPhotoUrl.test(url))) return false
  if (alts === undefined) return !('morePhotos' in data)
  return Array.isArray(alts) && alts.length === more.length + 1 && alts.every((alt) => typeof alt === 'string' && [...alt].length <= 1000)
}
const commentKeys = ['post_id', 'comment', 'comment_by', 'comment_nick', 'comment_time']
const userKeys = ['uid', 'user_id', 'nickname', 'profile_img', 'alerts']
const alertKeys = ['date', 'post_id', 'committed_by', 'alert_type']

const autoId = (): string => {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
  return [...randomBytes(20)].map((b) => alphabet[b % alphabet.length]).join('')
}

const clone = <T>(value: T): T => structuredClone(value)

const str = (value: unknown, min: number, max: number): boolean =>
  typeof value === 'string' && value.length >= min && value.length <= max

const hasText = (value: unknown): boolean => typeof value === 'string' && /\S/.test(value)

const keysWithin = (doc: Doc, allowed: string[]): boolean => Object.keys(doc).every((key) => allowed.includes(key))

const denied = (): never => {
  throw new FirebasePortError('permission-denied')
}

export function createFakeFirebase(options: FakeFirebaseOptions = {}) {
  const now = options.now ?? Date.now
  const rules = options.rules ?? true
  const accounts = new Map<string, Account>()
  const credentials = new Map<string, string>()
  const posts = new Map<string, Doc>()
  const comments = new Map<string, Doc>()
  const users = new Map<string, Doc>()
  /** users/{uid}/blocked|muted/{key} → the entry (docs/decisions/025-block-and-mute.md) */
  const controls = new Map<string, Map<string, { nickname: string; profileImg: string; uid?: string }>>()
  const controlsOf = (uid: string, list: string) => {
    const path = `${uid}/${list}`
    const found = controls.get(path) ?? new Map<string, { nickname: string; profileImg: string; uid?: string }>()
    controls.set(path, found)
    return found
  }
  /** users/{owner}/blockedUids/{uid} → the block's email key (decision 043) */
  const blockedUids = new Map<string, Map<string, string>>()
  const blockedUidsOf = (owner: string) => {
    const found = blockedUids.get(owner) ?? new Map<string, string>()
    blockedUids.set(owner, found)
    return found
  }
  /** As firestore.rules' blockedBy(): the post author blocked the writer (by the hash of their email, or their uid). */
  const blockedBy = (ownerUid: unknown, user: FirebaseUser): boolean =>
    typeof ownerUid === 'string' && (controlsOf(ownerUid, 'blocked').has(personKey(user.email)) || blockedUidsOf(ownerUid).has(user.uid))
  /** emails/{key} → uid (decision 043) */
  const emails = new Map<string, string>()
  /** users/{uid}/saved/{postId} → when (docs/decisions/038-bookmarks.md) */
  const savedLists = new Map<string, Map<string, number>>()
  const savedOf = (uid: string) => {
    const found = savedLists.get(uid) ?? new Map<string, number>()
    savedLists.set(uid, found)
    return found
  }
  /** nicknames/{key} → uid */
  const nicknames = new Map<string, string>()
  /** profiles/{uid} (docs/decisions/028-profiles.md) */
  const profiles = new Map<string, ProfileDoc>()
  /** settings/community as the operator set it (Admin SDK); null: no document. */
  let communitySettings: Doc | null = null
  /** As firestore.rules' altsRequired()/writtenAlts(): under requireAltText, every 설명 of a write carrying photoAlts has text. */
  const altsMissing = (data: Doc): boolean =>
    communitySettings?.requireAltText === true && Array.isArray(data.photoAlts) && !data.photoAlts.every((alt) => hasText(alt))
  /** RTDB users/{uid}/signOutGeneration */
  const signOuts = new Map<string, number>()
  const alerts = new Map<string, Map<string, AlertEntry>>()
  const files = new Map<string, StoredFile>()
  const moderation = createFakeModeration(now)
  const membership = createFakeMembers(now)
  const invitations = createFakeInvitations(now, moderation.isModerator)
  const clients = new Set<FakeClient>()
  /** One-shot failures a test plants: the next call of that operation rejects with the reason. */
  const planted = new Map<string, FirebasePortError>()
  let pending = 0
  /** The network of clients connecting from now on (setOnline without a client sets it). */
  let network = true
  let lastPushTime = 0
  let pushCounter = 0

  /** Delivers to every listener whose view changed, after the current call returns (as Firebase does). */
  function schedule(watches: Iterable<Watch>): void {
    for (const watch of watches) {
      pending++
      setImmediate(() => {
        pending--
        if (watch.closed || !watch.client.online) return
        let value: unknown
        try {
          value = watch.read()
        } catch (error) {
          watch.closed = true
          watch.client.watches.delete(watch)
          watch.fail(error instanceof FirebasePortError ? error : new FirebasePortError('unknown'))
          return
        }
        const json = JSON.stringify(value)
        if (json === watch.last) return
        watch.last = json
        watch.deliver(clone(value))
      })
    }
  }

  function changed(): void {
    for (const client of clients) schedule(client.watches)
  }

  function pushKey(): string {
    const t = Math.max(now(), lastPushTime)
    pushCounter = t === lastPushTime ? pushCounter + 1 : 0
    lastPushTime = t
    return `-${t.toString(36).padStart(9, '0')}${pushCounter.toString(36).padStart(10, '0')}`
  }

  const sortedPosts = (): Snapshot<PostDoc>[] =>
    [...posts.entries()]
      .filter(([, doc]) => typeof doc.createdAt === 'number')
      .sort(([aId, a], [bId, b]) => (b.createdAt as number) - (a.createdAt as number) || (aId < bId ? 1 : aId > bId ? -1 : 0))
      .map(([id, data]) => ({ id, data: data as unknown as PostDoc }))

  const commentsFor = (postId: string): Snapshot<CommentDoc>[] =>
    [...comments.entries()].filter(([, doc]) => doc.post_id === postId).map(([id, data]) => ({ id, data: data as unknown as CommentDoc }))

  /** As a query of ranges on a text field (web-stamps.ts): string values in any [from, to), in (value, id) order. */
  function stamped<T>(collection: Map<string, Doc>, field: string, range: StampRange | StampRange[]): Snapshot<T>[] {
    const ranges = Array.isArray(range) ? range : [range]
    if (ranges.length === 0 || ranges.length > rangesMax || !ranges.every(isStampRange)) throw new FirebasePortError('unknown', 'not a stamp range')
    const inside = (value: unknown) => typeof value === 'string' && ranges.some((r) => value >= r.from && value < r.to)
    return [...collection.entries()]
      .filter(([, doc]) => inside(doc[field]))
      .sort(([aId, a], [bId, b]) => ((a[field] as string) < (b[field] as string) ? -1 : (a[field] as string) > (b[field] as string) ? 1 : aId < bId ? -1 : aId > bId ? 1 : 0))
      .map(([id, data]) => ({ id, data: data as unknown as T }))
  }

  function putFile(path: string, bytes: Uint8Array, contentType: string, uploader: string | null): string {
    const url = `https://firebasestorage.googleapis.com/v0/b/fake.appspot.com/o/${encodeURIComponent(path)}?alt=media&token=${autoId()}`
    files.set(path, { bytes: new Uint8Array(bytes), contentType, uploader, url })
    return url
  }

  const connect: ConnectFirebase = async (config: FirebaseWebConfig) => {
    const refusal = planted.get('connect')
    if (refusal) {
      planted.delete('connect')
      throw refusal
    }
    const client: FakeClient = { online: network, user: null, watches: new Set(), connectivityListeners: new Set(), reconnects: 0 }
    clients.add(client)

    /** Every call: the network, then any failure a test planted for it. */
    function gate(operation: string): void {
      if (!client.online) throw new FirebasePortError('offline')
      const failure = planted.get(operation)
      if (failure) {
        planted.delete(operation)
        throw failure
      }
    }
    const me = (): FirebaseUser | null => client.user
    const signedIn = (): FirebaseUser => (rules ? (client.user ?? denied()) : (client.user ?? { uid: '', email: '' }))

    function watch<T>(read: () => T, deliver: (value: T) => void, fail: (error: FirebasePortError) => void): Unsubscribe {
      const entry: Watch = { client, read, deliver: deliver as (value: unknown) => void, fail, last: null, closed: false }
      client.watches.add(entry)
      schedule([entry])
      return () => {
        entry.closed = true
        client.watches.delete(entry)
      }
    }

    const ports: FirebasePorts = {
      config,
      auth: {
        async signUp(email, password) {
          gate('auth.signUp')
          const key = email.trim().toLowerCase()
          if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(key)) throw new FirebasePortError('invalid-email')
          if (password.length < 6) throw new FirebasePortError('weak-password')
          if (accounts.has(key)) throw new FirebasePortError('email-taken')
          const account = { uid: autoId() + autoId().slice(0, 8), email: key, password }
          accounts.set(key, account)
          client.user = { uid: account.uid, email: account.email }
          return clone(client.user)
        },
        async signIn(email, password) {
          gate('auth.signIn')
          const account = accounts.get(email.trim().toLowerCase())
          if (!account || account.password !== password) throw new FirebasePortError('invalid-credentials')
          client.user = { uid: account.uid, email: account.email }
          return clone(client.user)
        },
        async signOut() {
          client.user = null
        },
        current: () => (client.user ? clone(client.user) : null),
        async exportCredential() {
          if (!client.user) return null
          const token = `fake-refresh-${autoId()}`
          credentials.set(token, client.user.uid)
          return token
        },
        async reauthenticate(password) {
          gate('auth.reauthenticate')
          const account = client.user ? accounts.get(client.user.email) : undefined
          if (!account || account.password !== password) throw new FirebasePortError('invalid-credentials')
        },
        async deleteAccount() {
          gate('auth.deleteAccount')
          const user = client.user
          if (!user) return
          accounts.delete(user.email)
          for (const [token, uid] of credentials) if (uid === user.uid) credentials.delete(token)
          client.user = null
        },
        async changePassword(currentPassword, newPassword) {
          gate('auth.changePassword')
          const account = client.user ? accounts.get(client.user.email) : undefined
          if (!account || account.password !== currentPassword) throw new FirebasePortError('invalid-credentials')
          if (newPassword.length < 6) throw new FirebasePortError('weak-password')
          account.password = newPassword
          // As Firebase: every refresh token the account had ends; this client's next export is a new one.
          for (const [token, uid] of credentials) if (uid === account.uid) credentials.delete(token)
        },
        async restore(credential) {
          gate('auth.restore')
          const uid = credentials.get(credential)
          const account = [...accounts.values()].find((a) => a.uid === uid)
          client.user = account ? { uid: account.uid, email: account.email } : null
          return client.user ? clone(client.user) : null
        },
        async moderator() {
          gate('auth.moderator')
          return moderation.isModerator(client.user)
        }
      },
      members: membership.port(() => client.user, gate, rules, {
        watch,
        changed,
        access: () => communitySettings?.access,
        isModerator: (user) => moderation.isModerator(user)
      }),
      docs: {
        ...moderation.methods(() => client.user, gate, rules, {
          watch,
          changed,
          owns(user, kind, target) {
            const doc = (kind === 'post' ? posts : comments).get(target)
            if (!doc) return null
            return kind === 'post' ? doc.posted_uid === user.uid || doc.postedBy === user.email : doc.comment_by === user.email
          }
        }),
        async nicknameHolder(key: string) {
          gate('docs.nicknameHolder')
          return nicknames.get(key) ?? null
        },
        async controls(uid: string) {
          gate('docs.controls')
          if (rules && signedIn().uid !== uid) denied()
          return (['blocked', 'muted'] as const).flatMap((list) =>
            [...controlsOf(uid, list)].map(([key, entry]) => ({ list, key, nickname: entry.nickname, profileImg: entry.profileImg, uid: entry.uid ?? null }))
          )
        },
        async setControl(uid, list, key, entry) {
          gate('docs.setControl')
          if (rules && (signedIn().uid !== uid || !/^[0-9a-f]{64}$/.test(key) || (entry && !str(entry.nickname, 1, 64)))) denied()
          // As the adapter writes it: the uid only when there is one (decision 048).
          if (entry) controlsOf(uid, list).set(key, { nickname: entry.nickname, profileImg: entry.profileImg, ...(entry.uid ? { uid: entry.uid } : {}) })
          else controlsOf(uid, list).delete(key)
        },
        async emailHolder(key: string) {
          gate('docs.emailHolder')
          signedIn()
          return emails.get(key) ?? null
        },
        async claimEmail(key: string, uid: string) {
          gate('docs.claimEmail')
          const held = emails.get(key)
          if (held !== undefined) return held
          if (rules && (signedIn().uid !== uid || personKey(signedIn().email) !== key)) denied()
          emails.set(key, uid)
          return uid
        },
        async setBlockedUid(owner: string, blockedUid: string, key: string | null) {
          gate('docs.setBlockedUid')
          if (rules && (signedIn().uid !== owner || owner === blockedUid)) denied()
          if (key !== null) blockedUidsOf(owner).set(blockedUid, key)
          else blockedUidsOf(owner).delete(blockedUid)
        },
        async claimNickname(key: string, uid: string) {
          gate('docs.claimNickname')
          if (signedIn().uid !== uid && rules) denied()
          const held = nicknames.get(key)
          if (held === undefined) nicknames.set(key, uid)
          return (held ?? uid) === uid
        },
        async releaseNickname(key: string, uid: string) {
          gate('docs.releaseNickname')
          if (signedIn().uid !== uid && rules) denied()
          if (nicknames.get(key) === uid) nicknames.delete(key)
        },
        async communitySettings() {
          gate('docs.communitySettings')
          signedIn()
          if (!communitySettings) return null
          const rescan = communitySettings.postsRescanAt
          return { requireAltText: communitySettings.requireAltText === true, postsRescanAt: typeof rescan === 'number' ? rescan : null }
        },
        async getProfile(uid: string) {
          gate('docs.getProfile')
          signedIn()
          return clone(profiles.get(uid) ?? null)
        },
        async setProfile(uid: string, face: { nickname: string; photo: string }) {
          gate('docs.setProfile')
          if (rules && (signedIn().uid !== uid || !str(face.nickname, 1, 20) || !str(face.photo, 0, 2048))) denied()
          profiles.set(uid, { nickname: face.nickname, photo: face.photo, joined: profiles.get(uid)?.joined ?? now() })
          changed()
        },
        async deleteProfile(uid: string) {
          gate('docs.deleteProfile')
          if (rules && signedIn().uid !== uid) denied()
          profiles.delete(uid)
          changed()
        },
        async postsBy(uid: string, after: PostsCursor | null, limit: number) {
          gate('docs.postsBy')
          const mine = sortedPosts().filter((p) => p.data.posted_uid === uid && (!after || (p.data.createdAt as number) < after.createdAt))
          return clone(mine.slice(0, limit))
        },
        async countPostsBy(uid: string) {
          gate('docs.countPostsBy')
          return [...posts.values()].filter((doc) => doc.posted_uid === uid).length
        },
        async postsPage(after: PostsCursor | null, limit: number) {
          gate('docs.postsPage')
          const all = sortedPosts()
          const start = after
            ? all.findIndex((p) => {
                const at = p.data.createdAt as number
                return at < after.createdAt || (at === after.createdAt && p.id < after.id)
              })
            : 0
          return clone(start < 0 ? [] : all.slice(start, start + limit))
        },
        watchPostsTop(limit, onDocs, onError) {
          return watch(() => sortedPosts().slice(0, limit), onDocs, onError)
        },
        async legacyPostsScan(afterId, limit) {
          gate('docs.legacyPostsScan')
          // As the adapter: the first `limit` posts without createdAt after afterId, in id order.
          return clone(
            [...posts.keys()]
              .sort()
              .filter((id) => (afterId === null || id > afterId) && typeof posts.get(id)!.createdAt !== 'number')
              .slice(0, limit)
              .map((id) => ({ id, data: posts.get(id) as unknown as PostDoc }))
          )
        },
        async postsStamped(ranges) {
          gate('docs.postsStamped')
          return clone(stamped<PostDoc>(posts, 'postDate', ranges))
        },
        watchPostsStamped(ranges, onDocs, onError) {
          stamped<PostDoc>(posts, 'postDate', ranges)
          return watch(() => clone(stamped<PostDoc>(posts, 'postDate', ranges)), onDocs, onError)
        },
        watchPostCommentsStamped(postId, ranges, onDocs, onError) {
          stamped<CommentDoc>(comments, 'comment_time', ranges)
          return watch(() => clone(stamped<CommentDoc>(comments, 'comment_time', ranges).filter((doc) => doc.data.post_id === postId)), onDocs, onError)
        },
        watchCommentsStamped(postIds, ranges, onDocs, onError) {
          // As Firestore: `in` × the ranges' `or` is at most 30 disjunctions.
          if (postIds.length === 0 || postIds.length * ranges.length > 30) throw new FirebasePortError('unknown', 'too many disjunctions')
          stamped<CommentDoc>(comments, 'comment_time', ranges)
          const wanted = new Set(postIds)
          return watch(() => clone(stamped<CommentDoc>(comments, 'comment_time', ranges).filter((doc) => wanted.has(doc.data.post_id))), onDocs, onError)
        },
        async postCommentsStamped(postId, range, after, limit) {
          gate('docs.postCommentsStamped')
          // As the composite index's query: (comment_time, id) order after the cursor, at most `limit`.
          const found = stamped<CommentDoc>(comments, 'comment_time', range).filter((doc) => doc.data.post_id === postId)
          const start = after ? found.findIndex((doc) => doc.data.comment_time > after.stamp || (doc.data.comment_time === after.stamp && doc.id > after.id)) : 0
          return clone(start < 0 ? [] : found.slice(start, start + limit))
        },
        async countPostCommentsStamped(postId, range) {
          gate('docs.countPostCommentsStamped')
          return stamped<CommentDoc>(comments, 'comment_time', range).filter((doc) => doc.data.post_id === postId).length
        },
        async getPost(id) {
          gate('docs.getPost')
          const doc = posts.get(id)
          return doc ? clone({ id, data: doc as unknown as PostDoc }) : null
        },
        watchPost(id, onDoc, onError) {
          return watch(
            () => {
              const doc = posts.get(id)
              return doc ? { id, data: doc as unknown as PostDoc } : null
            },
            onDoc,
            onError
          )
        },
        async addPost(doc) {
          gate('docs.addPost')
          const user = signedIn()
          const data = clone(doc) as unknown as Doc
          if (rules) {
            if (!postKeys.every((k) => k in data) || !keysWithin(data, [...postKeys, ...postOptionalKeys])) denied()
            if (data.posted_uid !== user.uid || data.postedBy !== user.email) denied()
            if (!str(data.nickname, 1, 20) || !str(data.profileImg, 0, 2048) || !str(data.postImg, 1, 2048)) denied()
            if (!str(data.postTxt, 1, 2000) || !hasText(data.postTxt) || !str(data.postDate, 0, 64)) denied()
            if (!Array.isArray(data.likedBy) || data.likedBy.length !== 0) denied()
            if (!['Top', 'Left', 'Right'].includes(data.layout as string)) denied()
            if (!validPhotoFields(data) || altsMissing(data)) denied()
          }
          // The adapter writes createdAt as the server's time; so does the fake.
          if ('createdAt' in data) data.createdAt = now()
          const id = autoId()
          posts.set(id, data)
          changed()
          return id
        },
        async updatePost(id, patch) {
          gate('docs.updatePost')
          const user = signedIn()
          const doc = posts.get(id)
          if (!doc) throw new FirebasePortError('not-found')
          if (rules) {
            if (doc.posted_uid !== user.uid || doc.postedBy !== user.email) denied()
            if (!keysWithin(patch as Doc, [...postEditKeys, 'createdAt'])) denied()
            // As firestore.rules: createdAt may be added once, to a post without it, never in the future.
            if ('createdAt' in patch && (typeof doc.createdAt === 'number' || typeof patch.createdAt !== 'number' || patch.createdAt > now())) denied()
            if ('postTxt' in patch && (!str(patch.postTxt, 1, 2000) || !hasText(patch.postTxt))) denied()
            if ('postImg' in patch && !str(patch.postImg, 1, 2048)) denied()
            if ('layout' in patch && !['Top', 'Left', 'Right'].includes(patch.layout as string)) denied()
            if (('morePhotos' in patch || 'photoAlts' in patch) && (!validPhotoFields({ ...doc, ...(patch as Doc) }) || altsMissing(patch as Doc))) denied()
          }
          posts.set(id, { ...doc, ...clone(patch) })
          changed()
        },
        async deletePost(id) {
          gate('docs.deletePost')
          const user = signedIn()
          const doc = posts.get(id)
          // As firestore.rules: the author, or a moderator (decision 030).
          if (rules && (!doc || doc.posted_uid !== user.uid || doc.postedBy !== user.email) && !(doc && moderation.isModerator(user))) denied()
          posts.delete(id)
          changed()
        },
        async setLiked(postId, email, liked) {
          gate('docs.setLiked')
          const user = signedIn()
          const doc = posts.get(postId)
          if (!doc) throw new FirebasePortError('not-found')
          if (rules && email !== user.email) denied()
          const list = Array.isArray(doc.likedBy) ? (doc.likedBy as unknown[]) : []
          if (rules && liked && !list.includes(email) && blockedBy(doc.posted_uid, user)) denied()
          const next = liked ? (list.includes(email) ? list : [...list, email]) : list.filter((e) => e !== email)
          if (next.length !== list.length) {
            posts.set(postId, { ...doc, likedBy: next })
            changed()
          }
        },
        async commentsOf(postId) {
          gate('docs.commentsOf')
          return clone(commentsFor(postId))
        },
        watchComments(postId, onDocs, onError) {
          return watch(() => commentsFor(postId), onDocs, onError)
        },
        watchPosts(ids, onDocs, onError) {
          if (new Set(ids).size > watchInMax) throw new FirebasePortError('unknown', `at most ${watchInMax} ids in one listener`)
          return watch(() => clone([...new Set(ids)].filter((id) => posts.has(id)).map((id) => ({ id, data: posts.get(id) as unknown as PostDoc }))), onDocs, onError)
        },
        async commentCounts(postIds) {
          gate('docs.commentCounts')
          // As the aggregation: counted on the server, for anyone (the rules let everyone list comments).
          return Object.fromEntries(postIds.map((id) => [id, commentsFor(id).length]))
        },
        async commentTimesByNickname(postId, nickname) {
          gate('docs.commentTimesByNickname')
          return commentsFor(postId).filter((doc) => doc.data.comment_nick === nickname).slice(0, 20).map((doc) => String(doc.data.comment_time ?? ''))
        },
        async getComment(id) {
          gate('docs.getComment')
          const doc = comments.get(id)
          return doc ? clone({ id, data: doc as unknown as CommentDoc }) : null
        },
        async addComment(doc) {
          gate('docs.addComment')
          const user = signedIn()
          const data = clone(doc) as unknown as Doc
          if (rules) {
            if (!commentKeys.every((k) => k in data) || !keysWithin(data, [...commentKeys, 'id'])) denied()
            if (data.comment_by !== user.email || !str(data.post_id, 1, 128) || !posts.has(data.post_id as string)) denied()
            if (blockedBy(posts.get(data.post_id as string)?.posted_uid, user)) denied()
            if (!str(data.comment, 1, 500) || !hasText(data.comment) || !str(data.comment_nick, 1, 20) || !str(data.comment_time, 0, 64)) denied()
          }
          const id = autoId()
          comments.set(id, data)
          changed()
          return id
        },
        async deleteComment(id) {
          gate('docs.deleteComment')
          const user = signedIn()
          const doc = comments.get(id)
          if (rules && (!doc || doc.comment_by !== user.email) && !(doc && moderation.isModerator(user))) denied()
          comments.delete(id)
          changed()
        },
        async deleteUser(docId) {
          gate('docs.deleteUser')
          const user = signedIn()
          const doc = users.get(docId)
          // As firestore.rules: only one's own document, matched by uid and email.
          if (rules && (!doc || doc.uid !== user.uid || doc.user_id !== user.email)) denied()
          users.delete(docId)
          changed()
        },
        async allPostsBy(uid, n) {
          gate('docs.allPostsBy')
          return clone([...posts.entries()].filter(([, doc]) => doc.posted_uid === uid).slice(0, n).map(([id, data]) => ({ id, data: data as unknown as PostDoc })))
        },
        async commentsBy(email, n) {
          gate('docs.commentsBy')
          return clone([...comments.entries()].filter(([, doc]) => doc.comment_by === email).slice(0, n).map(([id, data]) => ({ id, data: data as unknown as CommentDoc })))
        },
        async postsLikedBy(email, n) {
          gate('docs.postsLikedBy')
          const likes = (doc: Doc) => Array.isArray(doc.likedBy) && doc.likedBy.includes(email)
          return clone([...posts.entries()].filter(([, doc]) => likes(doc)).slice(0, n).map(([id, data]) => ({ id, data: data as unknown as PostDoc })))
        },
        async userByEmail(email) {
          gate('docs.userByEmail')
          const user = signedIn()
          if (rules && email !== user.email) denied()
          const found = [...users.entries()].find(([, doc]) => doc.user_id === email)
          return found ? clone({ id: found[0], data: found[1] as unknown as UserDoc }) : null
        },
        async setUser(uid, doc) {
          gate('docs.setUser')
          const user = signedIn()
          const data = clone(doc) as unknown as Doc
          if (rules) {
            if (!userKeys.every((k) => k in data) || !keysWithin(data, userKeys)) denied()
            if (data.uid !== user.uid || data.user_id !== user.email || !str(data.nickname, 1, 20) || !str(data.profile_img, 0, 2048)) denied()
            const existing = users.get(uid)
            if (existing && existing.uid !== user.uid) denied()
          }
          users.set(uid, data)
          changed()
        }
      },
      alerts: {
        watchSignOuts(uid, onGeneration, onError) {
          return watch(
            () => {
              if (rules && me()?.uid !== uid) denied()
              return signOuts.get(uid) ?? 0
            },
            onGeneration,
            onError
          )
        },
        async signOutOthers(uid) {
          gate('alerts.signOutOthers')
          const user = signedIn()
          if (rules && user.uid !== uid) denied()
          const generation = (signOuts.get(uid) ?? 0) + 1
          signOuts.set(uid, generation)
          changed()
          return generation
        },
        watch(uid, onAlerts, onError) {
          return watch(
            () => {
              if (rules && me()?.uid !== uid) denied()
              const list = alerts.get(uid)
              return list && list.size > 0 ? Object.fromEntries(list) : null
            },
            onAlerts,
            onError
          )
        },
        async push(uid, alert) {
          gate('alerts.push')
          const user = signedIn()
          const entry = clone(alert) as unknown as Doc
          if (rules) {
            if (user.uid === uid) denied()
            if (!alertKeys.every((k) => k in entry) || !keysWithin(entry, alertKeys)) denied()
            if (!str(entry.date, 0, 64) || !str(entry.post_id, 1, 128) || !str(entry.committed_by, 1, 20)) denied()
            if (entry.alert_type !== 'like' && entry.alert_type !== 'comment') denied()
          }
          const key = pushKey()
          const list = alerts.get(uid) ?? new Map<string, AlertEntry>()
          list.set(key, entry as unknown as AlertEntry)
          alerts.set(uid, list)
          changed()
          return key
        },
        async remove(uid, key) {
          gate('alerts.remove')
          const user = signedIn()
          if (rules && user.uid !== uid) denied()
          alerts.get(uid)?.delete(key)
          changed()
        },
        async clear(uid) {
          gate('alerts.clear')
          const user = signedIn()
          if (rules && user.uid !== uid) denied()
          alerts.delete(uid)
          changed()
        }
      },
      files: {
        async upload(path, bytes, contentType, onProgress) {
          gate('files.upload')
          const user = signedIn()
          if (rules) {
            if (!/^(postImg|profileImg)\/[0-9A-Za-z_-]{1,64}$/.test(path)) denied()
            if (bytes.byteLength > 10 * 1024 * 1024 || !/^image\/(jpeg|png|webp|gif|avif)$/.test(contentType)) denied()
            const existing = files.get(path)
            if (existing && existing.uploader !== user.uid) denied()
          }
          onProgress?.(0.5)
          const url = putFile(path, bytes, contentType, user.uid)
          onProgress?.(1)
          return url
        },
        async remove(path) {
          gate('files.remove')
          const user = signedIn()
          const file = files.get(path)
          if (!file) throw new FirebasePortError('not-found')
          if (rules && file.uploader !== user.uid && !(path.startsWith('postImg/') && moderation.isModerator(user))) denied()
          files.delete(path)
        },
        async download(url, maxBytes) {
          gate('files.download')
          const file = [...files.values()].find((f) => f.url === url)
          if (!file) throw new FirebasePortError('not-found')
          if (file.bytes.byteLength > maxBytes) throw new FirebasePortError('unknown', 'file too large')
          return new Uint8Array(file.bytes)
        }
      },
      // As firestore.rules' users/{uid}/saved: the owner alone; a new save names a post that exists, stamped by the server.
      saved: {
        async list(uid) {
          gate('saved.list')
          if (rules && signedIn().uid !== uid) denied()
          return [...savedOf(uid)].sort((a, b) => b[1] - a[1]).map(([postId, at]) => ({ postId, at }))
        },
        async set(uid, postId, saved) {
          gate('saved.set')
          if (rules && (signedIn().uid !== uid || !/^[A-Za-z0-9_-]{1,128}$/.test(postId))) denied()
          const list = savedOf(uid)
          if (!saved) list.delete(postId)
          else if (!list.has(postId)) {
            if (rules && !posts.has(postId)) denied()
            list.set(postId, now())
          }
        }
      },
      invitations: invitations.port(me, gate, rules),
      connectivity: {
        online: () => client.online,
        onChange(listener) {
          client.connectivityListeners.add(listener)
          return () => client.connectivityListeners.delete(listener)
        },
        reconnect() {
          client.reconnects++
          // Fresh connections: every listener catches up on what changed, as Firebase's do.
          if (client.online) schedule(client.watches)
        }
      },
      async close() {
        for (const w of client.watches) w.closed = true
        client.watches.clear()
        client.connectivityListeners.clear()
        clients.delete(client)
      }
    }
    handles.set(ports, client)
    return ports
  }

  const handles = new WeakMap<FirebasePorts, FakeClient>()

  function setClientOnline(client: FakeClient, online: boolean): void {
    if (client.online === online) return
    client.online = online
    // Back online, every listener catches up on what changed meanwhile, as Firebase's do.
    if (online) schedule(client.watches)
    for (const listener of [...client.connectivityListeners]) listener(online)
  }

  return {
    connect,

    /** Turns the network of one client, or of every client (and those still to connect), off or on. */
    setOnline(online: boolean, ports?: FirebasePorts): void {
      if (!ports) network = online
      const targets = ports ? [handles.get(ports)].filter((c): c is FakeClient => c !== undefined) : [...clients]
      for (const client of targets) setClientOnline(client, online)
    },

    /** The post ids the server's ordered feed query returns (createdAt, newest first), for assertions. */
    orderedPostIds(): string[] {
      return sortedPosts().map((post) => post.id)
    },

    /** How many times the clients were asked to reconnect (ConnectivityPort.reconnect). */
    reconnects(): number {
      return [...clients].reduce((sum, client) => sum + client.reconnects, 0)
    },

    /** The next call of `operation` (e.g. 'docs.setLiked', 'alerts.push', or 'connect') fails with `reason`. */
    failNext(operation: string, reason: FirebasePortError['reason']): void {
      planted.set(operation, new FirebasePortError(reason))
    },

    /** Resolves once every scheduled listener delivery has run. */
    async idle(): Promise<void> {
      for (let quiet = 0; quiet < 3; ) {
        await new Promise((resolve) => setImmediate(resolve))
        quiet = pending === 0 ? quiet + 1 : 0
      }
    },

    /** Sets an account's custom claims, as the Admin SDK does (`npm run community -- moderator add`). */
    setClaims(email: string, value: Record<string, unknown>): void {
      const account = accounts.get(email.toLowerCase())
      if (!account) throw new Error(`no account ${email}`)
      moderation.setClaims(account.uid, value)
    },

    /** Reports, the moderation log and notices as the server holds them (decision 030). */
    moderation: moderation.data,
    /** Members and join requests as the server holds them (decision 045), and the operator's writes. */
    membership: {
      ...membership.data,
      addMember(uid: string, via?: string): void {
        membership.admin.addMember(uid, via)
        changed()
      },
      removeMember(uid: string): void {
        membership.admin.removeMember(uid)
        changed()
      }
    },

    /** Invitations with a join code and memberships (decision 047), as the server holds them. */
    invitations: invitations.data,

    /** The project's data as the server holds it, for assertions. */
    data: {
      posts: () => clone(Object.fromEntries(posts)) as unknown as Record<string, PostDoc>,
      comments: () => clone(Object.fromEntries(comments)) as unknown as Record<string, CommentDoc>,
      users: () => clone(Object.fromEntries(users)) as unknown as Record<string, UserDoc>,
      nicknames: () => Object.fromEntries(nicknames),
      emails: () => Object.fromEntries(emails),
      blockedUids: (owner: string) => Object.fromEntries(blockedUidsOf(owner)),
      controls: (uid: string, list: 'blocked' | 'muted') => Object.fromEntries(controlsOf(uid, list)),
      saved: (uid: string) => Object.fromEntries(savedOf(uid)),
      profiles: () => clone(Object.fromEntries(profiles)),
      alerts: (uid: string) => clone(Object.fromEntries(alerts.get(uid) ?? [])) as Record<string, AlertEntry>,
      files: () => [...files.keys()].sort(),
      fileBytes: (path: string) => files.get(path)?.bytes ?? null,
      accounts: () => [...accounts.values()].map((a) => ({ uid: a.uid, email: a.email }))
    },

    /**
     * Writes as the original web app (or the console) does: no rules, documents exactly as
     * given (string postDate, no createdAt, uploads without an uploader mark).
     */
    webApp: {
      createAccount(email: string, password: string): FirebaseUser {
        const account = { uid: autoId() + autoId().slice(0, 8), email: email.toLowerCase(), password }
        accounts.set(account.email, account)
        return { uid: account.uid, email: account.email }
      },
      addPost(doc: Doc, id: string = autoId()): string {
        posts.set(id, clone(doc))
        changed()
        return id
      },
      updatePost(id: string, patch: Doc): void {
        posts.set(id, { ...posts.get(id), ...clone(patch) })
        changed()
      },
      /** An account's email changed, as the Admin SDK's updateUser does (the same uid; its refresh tokens stay). */
      changeEmail(email: string, newEmail: string): void {
        const account = accounts.get(email.toLowerCase())
        if (!account) throw new Error(`no account ${email}`)
        accounts.delete(account.email)
        account.email = newEmail.toLowerCase()
        accounts.set(account.email, account)
      },
      /** emails/{key} as `npm run community -- identities fill` writes it with the Admin SDK (decision 043). */
      registerEmail(email: string, uid: string): void {
        emails.set(personKey(email), uid)
      },
      /** settings/community as `npm run community` writes it with the Admin SDK (null: the document removed). */
      setCommunitySettings(doc: Doc | null): void {
        communitySettings = clone(doc)
      },
      deletePost(id: string): void {
        posts.delete(id)
        changed()
      },
      addComment(doc: Doc, id: string = autoId()): string {
        comments.set(id, clone(doc))
        changed()
        return id
      },
      deleteComment(id: string): void {
        comments.delete(id)
        changed()
      },
      setUser(id: string, doc: Doc): void {
        users.set(id, clone(doc))
        changed()
      },
      pushAlert(uid: string, entry: Doc): string {
        const key = pushKey()
        const list = alerts.get(uid) ?? new Map<string, AlertEntry>()
        list.set(key, clone(entry) as unknown as AlertEntry)
        alerts.set(uid, list)
        changed()
        return key
      },
      uploadFile(path: string, bytes: Uint8Array, contentType = 'image/jpeg'): string {
        return putFile(path, bytes, contentType, null)
      }
    }
  }
}

export type FakeFirebase = ReturnType<typeof createFakeFirebase>
