import type { ChangePasswordInput, CompleteProfileInput, SignUpInput } from '@shared/ipc/contract'
import { checkNickname } from '@shared/validation'
import { limits } from '@shared/limits'
import type { SessionView } from '@shared/types'
import { AppError, enforce } from '../../errors'
import { createLoginThrottle } from '../../core/login-throttle'
import { checkChangePassword, checkSignUp } from '../../core/account-rules'
import type { SessionVault } from '../../core/session-vault'
import type { Views } from '../../core/mappers'
import { newUserDoc, userFromDoc, type Author } from '../../firebase/mapping'
import { FirebasePortError, type FirebaseUser } from '../../firebase/ports'
import type { CommunityContext } from './context'
import { appErrorOf, bestEffort, remote } from './remote-call'
import type { CommunityImages } from './images'
import type { PendingImage } from '../../store/images-store'
import type { Sync } from './sync'
import { createNicknameClaims } from './nickname-claims'
import { createEmailClaims } from './email-claims'
import { createSignOuts } from './sign-outs'
import type { CommunityDeletion } from './deletion'
import { normalEmail, normalNickname } from '@shared/identity'

/** What the vault keeps for this project: the credential, and who it signs in, for an offline start. */
interface SavedSession {
  credential: string
  uid: string
  email: string
  /** The account has no users document yet: the start goes back to the 프로필 완성 step. */
  incomplete?: boolean
  /** The sign-out count (sign-outs.ts) this copy's session is at. */
  signOuts?: number
  /** The email is claimed for this uid (email-claims.ts): not asked again at each start. */
  emailClaimed?: boolean
}

function parseSaved(text: string | null): SavedSession | null {
  if (!text) return null
  try {
    const saved = JSON.parse(text) as Partial<SavedSession>
    if (typeof saved.credential !== 'string' || typeof saved.uid !== 'string' || typeof saved.email !== 'string') return null
    return { ...(saved as SavedSession), signOuts: Number.isSafeInteger(saved.signOuts) ? saved.signOuts : undefined }
  } catch {
    return null
  }
}

/** A nickname for an account that has no users document (made elsewhere, or a sign-up cut short). */
const nicknameFromEmail = (email: string): string => [...(email.split('@')[0] || email)].slice(0, limits.nicknameMax).join('')

/**
 * Community mode's accounts: Firebase Auth signs people in; the users document (docs/specification.md §3.3)
 * holds their nickname and profile image. The credential Firebase exports (never the
 * password) is kept in this project's own vault file, encrypted where the OS allows, so the
 * user stays signed in across restarts — also offline, where the saved identity is used
 * until Firebase can confirm it.
 */
export function createCommunityAuth(
  ctx: CommunityContext,
  views: Views,
  images: CommunityImages,
  vault: SessionVault,
  sync: Sync,
  onSessionChanged: () => void,
  deletion: Pick<CommunityDeletion, 'state' | 'pendingFor' | 'adopt' | 'resume'>
) {
  const { store, mirror, ports } = ctx
  const throttle = createLoginThrottle(ctx.now)
  const names = createNicknameClaims(ctx)
  const emails = createEmailClaims(ctx)
  const signOuts = createSignOuts(ports, {
    adopted: (generation) => ctx.background('session file', () => save({ signOuts: generation })),
    ended: () => void logout().then(onSessionChanged, (error: unknown) => console.warn('[community] sign out', error))
  })
  /** The sign-out count the vault's session was at, for the session confirmed next. */
  let savedSignOuts: number | null = null
  let me: { uid: string; email: string; userId: string } | null = null
  /** A session from the vault Firebase has not confirmed yet (the app started offline). */
  let unconfirmed: SavedSession | null = null
  let confirming: Promise<void> | null = null
  /**
   * Signed in on Firebase, but the account has no users document (the web app's sign-up creates
   * the account first, and stops when its document is refused or the page dies). Not `me`: no
   * write goes out as them, and no alerts are followed, until completeProfile writes the document.
   */
  let incomplete: { uid: string; email: string } | null = null
  /** The moderator claim of the signed-in person's token, asked afresh at each sign-in (decision 030). */
  let moderator = false

  function currentUserId(): string | null {
    // In use: its 30 idle days start again (written at most hourly).
    if (me) void vault.touch().catch((error: unknown) => console.warn('[community] session file', error))
    return me?.userId ?? null
  }

  function session(): SessionView {
    const deleting = deletion.state()
    if (deleting) return { user: null, accountDeletion: deleting }
    if (incomplete) return { user: null, profileToComplete: { email: incomplete.email } }
    const user = me ? store.users.get(me.userId) : null
    if (!me || !user) return { user: null }
    return { user: { ...views.person(user.id, user.nickname, user.avatar), email: me.email, moderator } }
  }

  /** The alerts listener follows only a session Firebase knows: the database refuses anyone else. */
  function signedInAs(identity: { uid: string; email: string; userId: string } | null, confirmed = true): void {
    if (identity?.uid !== me?.uid) moderator = false
    me = identity
    sync.follow(identity && confirmed ? { uid: identity.uid, userId: identity.userId } : null)
    signOuts.follow(identity && confirmed ? { uid: identity.uid, generation: savedSignOuts } : null)
  }

  async function logout(): Promise<SessionView> {
    unconfirmed = null
    incomplete = null
    savedSignOuts = null
    signedInAs(null)
    await vault.clear()
    await bestEffort('sign out', () => ports.auth.signOut())
    return { user: null }
  }

  /** The vault's record of this copy's session, with the credential Firebase exports now. */
  async function save(extra: Partial<SavedSession> = {}): Promise<void> {
    const user = ports.auth.current()
    const credential = await ports.auth.exportCredential()
    // Signed out (or in as someone else) meanwhile: nothing of that session may be written back.
    if (!credential || !user || (me?.uid ?? incomplete?.uid) !== user.uid) return
    const generation = signOuts.generation()
    const claimed = emails.made(user) ? { emailClaimed: true } : {}
    await vault.save(JSON.stringify({ credential, uid: user.uid, email: user.email, ...(generation === null ? {} : { signOuts: generation }), ...claimed, ...extra } satisfies SavedSession))
  }

  /** The users document; null when Firebase says the account has none. Offline, what the mirror knows. */
  async function profileOf(user: FirebaseUser): Promise<{ nickname: string; avatarUrl: string | null } | null> {
    const known = mirror.personId(user.email)
    const fallback = (known && store.users.get(known)?.nickname) || nicknameFromEmail(user.email)
    try {
      const doc = await ports.docs.userByEmail(user.email)
      if (doc) {
        const profile = userFromDoc(doc)
        return { nickname: profile.nickname || fallback, avatarUrl: profile.avatarUrl }
      }
      return null
    } catch (error) {
      if (!(error instanceof FirebasePortError)) throw error
      return { nickname: fallback, avatarUrl: null }
    }
  }

  /** Signed in on Firebase: mirror the profile, follow the alerts, keep the credential. */
  async function adopt(user: FirebaseUser, profile: { nickname: string; avatarUrl: string | null; avatarId?: string }): Promise<SessionView> {
    const userId = await store.transaction(() => {
      const avatarId = profile.avatarId ?? (profile.avatarUrl === null ? undefined : profile.avatarUrl ? mirror.remoteImage(profile.avatarUrl, 'profile', ctx.newId, ctx.now()) : null)
      // From the users document (avatarUrl known): their current face, which older posts' snapshots do not undo.
      return mirror.person({ email: user.email, uid: user.uid, nickname: profile.nickname, avatarId, current: profile.avatarUrl !== null }, ctx.newId, ctx.now())
    })
    // Others read the public face from profiles/{uid} (no email): kept as the users document says.
    if (profile.avatarUrl !== null) {
      const face = { nickname: profile.nickname, photo: profile.avatarUrl }
      ctx.background('profile', () => bestEffort('profile', () => ports.docs.setProfile(user.uid, face)))
    }
    unconfirmed = null
    incomplete = null
    signedInAs({ uid: user.uid, email: user.email, userId })
    moderator = await ports.auth.moderator(true).catch(() => false)
    images.cache.want([store.users.get(userId)?.avatar?.id ?? null])
    await save()
    return session()
  }

  /** Signed in on Firebase without a users document: kept (also across restarts) for the 프로필 완성 step. */
  async function awaitProfile(user: FirebaseUser): Promise<SessionView> {
    unconfirmed = null
    signedInAs(null)
    incomplete = { uid: user.uid, email: user.email }
    await save({ incomplete: true })
    return session()
  }

  /** Signed in on Firebase: as the person their users document makes them, or on the way to writing it. */
  async function enter(user: FirebaseUser): Promise<SessionView> {
    await emails.ensure(user).catch(async (error: unknown) => {
      await logout()
      onSessionChanged()
      throw error
    })
    const profile = await profileOf(user)
    return profile ? adopt(user, profile) : awaitProfile(user)
  }

  /** A profile photo into Storage (profileImg/…) and the mirror; on failure its files are gone and the error thrown. */
  async function uploadAvatar(user: FirebaseUser, nickname: string, avatar: PendingImage): Promise<string> {
    try {
      const uploaded = await images.upload(avatar, 'profileImg')
      await store.transaction(() => {
        store.images.insert(avatar)
        const userId = mirror.person({ email: user.email, uid: user.uid, nickname, avatarId: avatar.id }, ctx.newId, ctx.now())
        store.images.attach(avatar.id, userId)
        mirror.setUploaded(avatar.id, uploaded.url, uploaded.path, uploaded.bytes, ctx.now())
      })
      return uploaded.url
    } catch (error) {
      await images.discardFiles([avatar])
      throw error
    }
  }

  /** Asks Firebase whether the saved session still holds; offline it is asked again when the network is back. */
  function confirm(): Promise<void> {
    if (!unconfirmed) return Promise.resolve()
    confirming ??= (async () => {
      const saved = unconfirmed!
      try {
        const user = await ports.auth.restore(saved.credential)
        if (unconfirmed !== saved) return
        if (user && user.uid === saved.uid) await enter(user)
        else {
          unconfirmed = null
          incomplete = null
          signedInAs(null)
          await vault.clear()
        }
        onSessionChanged()
      } catch (error) {
        if (!(error instanceof FirebasePortError && error.reason === 'offline')) throw error
      } finally {
        confirming = null
      }
    })()
    return confirming
  }

  return {
    currentUserId,
    session,

    /** At start: the saved user at once (the mirror shows them offline too), confirmed with Firebase after. */
    async restore(): Promise<SessionView> {
      const saved = parseSaved(await vault.load())
      if (!saved) return session()
      // 회원 탈퇴 cut short: nobody is signed in; Firebase takes the saved credential back to finish it.
      if (deletion.pendingFor(saved.uid)) {
        deletion.adopt()
        ctx.background('account deletion', async () => {
          await ports.auth.restore(saved.credential).catch((error: unknown) => console.warn('[community] deletion sign-in', error))
          await deletion.resume()
        })
        return session()
      }
      const userId = mirror.personId(saved.email) ?? await store.transaction(() => mirror.person({ email: saved.email, uid: saved.uid }, ctx.newId, ctx.now()))
      unconfirmed = saved
      if (saved.emailClaimed) emails.remember(saved)
      savedSignOuts = saved.signOuts ?? null
      if (saved.incomplete) incomplete = { uid: saved.uid, email: saved.email }
      else signedInAs({ uid: saved.uid, email: saved.email, userId }, false)
      ctx.background('session check', confirm)
      return session()
    },

    /** The network is back: a session the app started with offline is confirmed now. */
    resume(): void {
      if (unconfirmed) ctx.background('session check', confirm)
    },

    /**
     * Who writes, as the documents name them. Throws the message the user should see when
     * Firebase does not (yet) know them as signed in: offline, or a session that ended.
     */
    async author(userId: string): Promise<Author> {
      if (unconfirmed) await confirm().catch((error: unknown) => Promise.reject(appErrorOf(error, 'write')))
      const user = ports.auth.current()
      if (!me || me.userId !== userId || !user || user.uid !== me.uid) {
        // Still unconfirmed: Firebase could not be asked (offline), not a session that ended.
        throw new AppError(unconfirmed ? 'offlineWrite' : 'loginRequired')
      }
      const record = store.users.get(me.userId)
      const avatarUrl = record?.avatar ? (mirror.imageRemote(record.avatar.id)?.url ?? '') : ''
      return { uid: me.uid, email: me.email, nickname: record?.nickname || nicknameFromEmail(me.email), avatarUrl }
    },

    async signUp(input: SignUpInput): Promise<SessionView> {
      const { email, nickname } = checkSignUp(input)
      await names.ensureFree(nickname, null)
      savedSignOuts = null

      const avatar = input.profileImage ? await images.prepareAvatar(input.profileImage) : null
      let user: FirebaseUser
      try {
        user = await ports.auth.signUp(email, input.password)
      } catch (error) {
        if (avatar) await images.discardFiles([avatar])
        throw appErrorOf(error, 'signup')
      }
      // The email was another account's (deleted since): this account is of no use, so it goes.
      await emails.ensure(user).catch(async (error: unknown) => {
        if (avatar) await images.discardFiles([avatar])
        await bestEffort('account', () => ports.auth.deleteAccount())
        await logout()
        throw error
      })
      // Another person took a look-alike since ensureFree: the account exists, so on to 프로필 완성 to pick another name.
      if (!(await names.claim(nickname, user.uid).catch(() => true))) {
        if (avatar) await images.discardFiles([avatar])
        return awaitProfile(user)
      }
      // The account exists from here on: a photo or document that fails now must not fail the sign-up.
      let avatarUrl = ''
      let avatarId: string | undefined
      if (avatar) {
        try {
          avatarUrl = await uploadAvatar(user, nickname, avatar)
          avatarId = avatar.id
        } catch (error) {
          console.warn('[community] profile photo not uploaded:', error instanceof Error ? error.message : error)
        }
      }
      await bestEffort('users document', () => ports.docs.setUser(user.uid, newUserDoc(user.uid, user.email, nickname, avatarUrl)))
      return adopt(user, { nickname, avatarUrl, avatarId })
    },

    async login(input: { email: string; password: string }): Promise<SessionView> {
      const email = normalEmail(input.email)
      throttle.attempt(email)
      if (email.length > limits.emailMax) throw new AppError('loginFailed')
      const user = await remote('login', () => ports.auth.signIn(email, input.password))
      throttle.succeeded(email)
      savedSignOuts = null
      const session = await enter(user)
      const nickname = me ? store.users.get(me.userId)?.nickname : undefined
      if (nickname) ctx.background('nickname', () => names.keep(nickname, user.uid))
      return session
    },

    /**
     * The 프로필 완성 step: the users document the web app's sign-up would have written (the sign-up's
     * nickname rule and photo limits), for the account signed in without one; then signed in as them.
     * Unlike sign-up, a photo or document that fails fails the step: the person is still on it to retry.
     */
    async completeProfile(input: CompleteProfileInput): Promise<SessionView> {
      const nickname = normalNickname(input.nickname)
      enforce(checkNickname(nickname), 'nickname')
      if (unconfirmed) await confirm().catch((error: unknown) => Promise.reject(appErrorOf(error, 'write')))
      if (!incomplete) throw new AppError('noProfileToComplete')
      const user = ports.auth.current()
      if (!user || user.uid !== incomplete.uid) throw new AppError(unconfirmed ? 'offlineWrite' : 'loginRequired')
      await names.ensureFree(nickname, { uid: user.uid, personId: mirror.personId(user.email) })
      if (!(await names.claim(nickname, user.uid))) throw new AppError('nicknameTaken', 'nickname')
      const avatar = input.profileImage ? await images.prepareAvatar(input.profileImage) : null
      const avatarUrl = avatar ? await uploadAvatar(user, nickname, avatar) : ''
      await remote('write', () => ports.docs.setUser(user.uid, newUserDoc(user.uid, user.email, nickname, avatarUrl)))
      return adopt(user, { nickname, avatarUrl, avatarId: avatar?.id })
    },

    async signOutOthers(userId: string): Promise<{ done: true }> {
      if (unconfirmed) await confirm().catch((error: unknown) => Promise.reject(appErrorOf(error, 'write')))
      if (!me || me.userId !== userId) throw new AppError('loginRequired')
      await signOuts.raise(me.uid)
      return { done: true }
    },

    /**
     * Firebase re-authenticates with the current password, then changes it (which also ends the
     * account's other refresh tokens on the server); the sign-out count ends the other copies at
     * once rather than at their next token refresh. The new credential is kept for the restarts.
     */
    async changePassword(userId: string, input: ChangePasswordInput): Promise<{ done: true }> {
      if (unconfirmed) await confirm().catch((error: unknown) => Promise.reject(appErrorOf(error, 'write')))
      if (!me || me.userId !== userId) throw new AppError('loginRequired')
      const { uid, email } = me
      checkChangePassword(input)
      throttle.attempt(email)
      try {
        await ports.auth.changePassword(input.currentPassword, input.newPassword)
      } catch (error) {
        if (error instanceof FirebasePortError && error.reason === 'invalid-credentials') throw new AppError('currentPasswordWrong', 'currentPassword')
        if (error instanceof FirebasePortError && error.reason === 'weak-password') throw new AppError('passwordShort', 'newPassword')
        throw appErrorOf(error, 'write')
      }
      throttle.succeeded(email)
      await save()
      await bestEffort('sign out others', () => signOuts.raise(uid))
      return { done: true }
    },

    /** 회원 탈퇴 has begun: nothing more is written as the person; Firebase and the vault keep the sign-in until it ends. */
    leave(): void {
      signedInAs(null)
    },

    logout,

    /** The backend closes: the sign-out count is no longer followed. */
    stop(): void {
      signOuts.follow(null)
    }
  }
}

export type CommunityAuth = ReturnType<typeof createCommunityAuth>
