import { createHash, randomBytes } from 'node:crypto'
import type { ChangePasswordInput, SignUpInput } from '@shared/ipc/contract'
import type { SessionView } from '@shared/types'
import { normalEmail } from '@shared/identity'
import { AppError } from '../../errors'
import type { ServiceContext } from '../../core/context'
import { checkChangePassword, checkSignUp } from '../../core/account-rules'
import type { LocalImages } from './images'
import { hashPassword, verifyPassword } from '../../core/password'
import { sessionIdleMs, touchEveryMs, type SessionVault } from '../../core/session-vault'
import { createLoginThrottle } from '../../core/login-throttle'
import type { Views } from '../../core/mappers'

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url')

/**
 * Accounts and this app copy's session. The raw token lives only in main (and the
 * vault); the store keeps its hash, so a copied database file signs nobody in.
 */
export function createLocalAuth(ctx: ServiceContext, views: Views, images: LocalImages, vault: SessionVault) {
  const { store } = ctx
  const throttle = createLoginThrottle(ctx.now)
  let tokenHash: string | null = null
  // A real hash to check against when the email is unknown, so timing does not reveal which emails exist.
  let decoyHash: Promise<string> | null = null

  let storeTouchedAt = -Infinity

  function currentUserId(): string | null {
    if (!tokenHash) return null
    const now = ctx.now()
    // The store keeps the session's last use too, so a session file written back with a fresh time revives nothing.
    const userId = store.users.sessionUserId(tokenHash, now - sessionIdleMs)
    if (!userId) {
      tokenHash = null
      return null
    }
    // In use: its 30 idle days start again (written at most hourly, in the file and in the store).
    void vault.touch().catch((error: unknown) => console.warn('[auth] session file', error))
    if (now - storeTouchedAt >= touchEveryMs) {
      try {
        store.users.touchSession(tokenHash, now)
        storeTouchedAt = now
      } catch (error) {
        // A full disk or a busy store must not fail the call that only asked who is signed in; the next call tries again.
        console.warn('[auth] session use', error)
      }
    }
    return userId
  }

  function session(): SessionView {
    const userId = currentUserId()
    const user = userId ? store.users.get(userId) : null
    if (!user) return { user: null }
    return { user: { ...views.person(user.id, user.nickname, user.avatar), email: user.email, moderator: store.moderation.isModerator(user.id) } }
  }

  /** Replaces this copy's session row with token's (inside the caller's transaction). */
  function openSession(userId: string, token: string): void {
    if (tokenHash) store.users.removeSession(tokenHash)
    store.users.addSession(hashToken(token), userId, ctx.now())
  }

  /**
   * Signs in as one unit across the session file and the store: the file is written first,
   * then `write` commits the account and session rows. If the file cannot be written (a full
   * disk) nothing reaches the store; if the commit fails the file goes back to what it held.
   * Either way no one is left signed in by a call that answered with a failure.
   */
  async function startSession(write: (token: string) => void): Promise<SessionView> {
    const token = randomBytes(32).toString('base64url')
    const previous = await vault.load()
    await vault.save(token)
    try {
      await store.transaction(() => write(token))
    } catch (error) {
      await (previous ? vault.save(previous) : vault.clear()).catch((undo: unknown) => console.error('[auth] session file', undo))
      throw error
    }
    tokenHash = hashToken(token)
    return session()
  }

  /** A refused profile photo is the photo field's problem, shown next to its picker. */
  async function prepareAvatar(bytes: Uint8Array) {
    try {
      return await images.prepare(bytes, 'profile', null)
    } catch (error) {
      throw error instanceof AppError ? new AppError(error.code, 'profileImage', error.message) : error
    }
  }

  return {
    currentUserId,
    session,

    async restore(): Promise<SessionView> {
      // Sessions idle for 30 days end in the store as well as in their files: none is left to revive.
      store.users.endIdleSessions(ctx.now() - sessionIdleMs)
      const token = await vault.load()
      tokenHash = token ? hashToken(token) : null
      if (token && !currentUserId()) await vault.clear()
      return session()
    },

    async signUp(input: SignUpInput): Promise<SessionView> {
      const { email, nickname } = checkSignUp(input)
      if (store.users.emailTaken(email)) throw new AppError('emailTaken', 'email')
      if (store.users.lookAlikeTaken(nickname)) throw new AppError('nicknameTaken', 'nickname')

      const passwordHash = await hashPassword(input.password, ctx.scrypt)
      const userId = ctx.newId()
      const avatar = input.profileImage ? await prepareAvatar(input.profileImage) : null
      try {
        return await startSession((token) => {
          // Checked again under the write lock: another copy may have taken the email meanwhile.
          if (store.users.emailTaken(email)) throw new AppError('emailTaken', 'email')
          if (store.users.lookAlikeTaken(nickname)) throw new AppError('nicknameTaken', 'nickname')
          if (avatar) store.images.insert(avatar)
          store.users.insert({ id: userId, email, nickname, passwordHash, avatarId: avatar?.id ?? null, createdAt: ctx.now() })
          if (avatar) store.images.attach(avatar.id, userId)
          openSession(userId, token)
        })
      } catch (error) {
        if (avatar) await images.discardFiles([avatar])
        throw error
      }
    },

    async login(input: { email: string; password: string }): Promise<SessionView> {
      const email = normalEmail(input.email)
      throttle.attempt(email)
      const user = email.length <= 254 ? store.users.getByEmail(email) : null
      decoyHash ??= hashPassword('decoy-password', ctx.scrypt)
      const ok = await verifyPassword(input.password, user?.passwordHash ?? (await decoyHash))
      if (!user || !ok) throw new AppError('loginFailed')
      throttle.succeeded(email)
      return startSession((token) => openSession(user.id, token))
    },

    async logout(): Promise<SessionView> {
      const hash = tokenHash
      if (hash) await store.transaction(() => store.users.removeSession(hash))
      tokenHash = null
      await vault.clear()
      return { user: null }
    },

    /** Other copies on this computer (their own profile folders) find their session gone at their next look. */
    async signOutOthers(userId: string): Promise<{ done: true }> {
      const hash = tokenHash
      if (!hash || currentUserId() !== userId) throw new AppError('loginRequired')
      await store.transaction(() => store.users.removeOtherSessions(userId, hash))
      return { done: true }
    },

    /**
     * The current password is checked as a login is (the same throttle, by email), so this is no
     * way around it for someone at an unlocked screen; the person's other sessions end with it.
     */
    async changePassword(userId: string, input: ChangePasswordInput): Promise<{ done: true }> {
      const hash = tokenHash
      const user = hash && currentUserId() === userId ? store.users.get(userId) : null
      if (!hash || !user) throw new AppError('loginRequired')
      checkChangePassword(input)
      throttle.attempt(user.email)
      if (!(await verifyPassword(input.currentPassword, user.passwordHash))) throw new AppError('currentPasswordWrong', 'currentPassword')
      throttle.succeeded(user.email)
      const passwordHash = await hashPassword(input.newPassword, ctx.scrypt)
      await store.transaction(() => {
        store.users.setPasswordHash(userId, passwordHash)
        store.users.removeOtherSessions(userId, hash)
      })
      return { done: true }
    },

    /**
     * 회원 탈퇴's first step, checked as a login is: the journal row (with the photo files to
     * remove) and the person's rows go in one transaction, so the account is either whole or
     * gone; the files are `account.ts`'s next step. This copy is signed out.
     */
    async deleteAccount(userId: string | null, password: string): Promise<string[]> {
      const user = tokenHash && userId && currentUserId() === userId ? store.users.get(userId) : null
      if (!user) throw new AppError('loginRequired')
      if (password.length === 0) throw new AppError('currentPasswordRequired', 'password')
      throttle.attempt(user.email)
      if (!(await verifyPassword(password, user.passwordHash))) throw new AppError('currentPasswordWrong', 'password')
      throttle.succeeded(user.email)
      const files = await store.transaction(() => {
        const owned = store.account.imageFiles(user.id)
        store.deletions.start({ userId: user.id, remoteUid: null, email: user.email, step: 'files', files: owned, at: ctx.now() })
        store.account.removeUser(user.id)
        return owned
      })
      tokenHash = null
      await vault.clear().catch((error: unknown) => console.warn('[auth] session file', error))
      return files
    },

    /** Every local account is made with its profile: there is never one to finish. */
    async completeProfile(): Promise<SessionView> {
      throw new AppError('noProfileToComplete')
    }
  }
}

export type LocalAuth = ReturnType<typeof createLocalAuth>
