import { createHash, randomBytes } from 'node:crypto'
import type { SignUpInput } from '@shared/ipc/contract'
import type { SessionView } from '@shared/types'
import { checkEmail, checkNickname, checkPassword, checkPasswordConfirm } from '@shared/validation'
import { AppError, enforce } from '../../errors'
import type { ServiceContext } from '../../core/context'
import type { ImagesService } from './images'
import { hashPassword, verifyPassword } from '../../core/password'
import type { SessionVault } from '../../core/session-vault'
import { createLoginThrottle } from '../../core/login-throttle'
import type { Views } from '../../core/mappers'

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url')

/**
 * Accounts and this app copy's session. The raw token lives only in main (and the
 * vault); the store keeps its hash, so a copied database file signs nobody in.
 */
export function createAuthService(ctx: ServiceContext, views: Views, images: ImagesService, vault: SessionVault) {
  const { store } = ctx
  const throttle = createLoginThrottle(ctx.now)
  let tokenHash: string | null = null
  // A real hash to check against when the email is unknown, so timing does not reveal which emails exist.
  let decoyHash: Promise<string> | null = null

  function currentUserId(): string | null {
    if (!tokenHash) return null
    const userId = store.users.sessionUserId(tokenHash)
    if (!userId) tokenHash = null
    return userId
  }

  function session(): SessionView {
    const userId = currentUserId()
    const user = userId ? store.users.get(userId) : null
    if (!user) return { user: null }
    return { user: { ...views.person(user.id, user.nickname, user.avatar), email: user.email } }
  }

  /** Starts a fresh session for userId (inside the caller's transaction) and returns its raw token. */
  function openSession(userId: string): string {
    if (tokenHash) store.users.removeSession(tokenHash)
    const token = randomBytes(32).toString('base64url')
    store.users.addSession(hashToken(token), userId, ctx.now())
    return token
  }

  /** A refused profile photo is the photo field's problem, shown next to its picker. */
  async function prepareAvatar(bytes: Uint8Array) {
    try {
      return await images.prepare(bytes, 'profile', null)
    } catch (error) {
      throw error instanceof AppError ? new AppError(error.code, 'profileImage') : error
    }
  }

  async function adopt(token: string): Promise<SessionView> {
    tokenHash = hashToken(token)
    await vault.save(token)
    return session()
  }

  return {
    currentUserId,
    session,

    async restore(): Promise<SessionView> {
      const token = await vault.load()
      tokenHash = token ? hashToken(token) : null
      if (token && !currentUserId()) await vault.clear()
      return session()
    },

    async signUp(input: SignUpInput): Promise<SessionView> {
      const email = input.email.trim()
      const nickname = input.nickname.trim()
      enforce(checkEmail(email), 'email')
      enforce(checkNickname(nickname), 'nickname')
      enforce(checkPassword(input.password), 'password')
      enforce(checkPasswordConfirm(input.password, input.passwordConfirm), 'passwordConfirm')
      if (store.users.emailTaken(email)) throw new AppError('signupFailed', 'email')

      const passwordHash = await hashPassword(input.password, ctx.scrypt)
      const userId = ctx.newId()
      const avatar = input.profileImage ? await prepareAvatar(input.profileImage) : null
      let token: string
      try {
        token = store.transaction(() => {
          // Checked again under the write lock: another copy may have taken the email meanwhile.
          if (store.users.emailTaken(email)) throw new AppError('signupFailed', 'email')
          if (avatar) store.images.insert(avatar)
          store.users.insert({ id: userId, email, nickname, passwordHash, avatarId: avatar?.id ?? null, createdAt: ctx.now() })
          if (avatar) store.images.attach(avatar.id, userId)
          return openSession(userId)
        })
      } catch (error) {
        if (avatar) await images.discardFiles([avatar])
        throw error
      }
      return adopt(token)
    },

    async login(input: { email: string; password: string }): Promise<SessionView> {
      const email = input.email.trim()
      throttle.attempt(email)
      const user = email.length <= 254 ? store.users.getByEmail(email) : null
      decoyHash ??= hashPassword('decoy-password', ctx.scrypt)
      const ok = await verifyPassword(input.password, user?.passwordHash ?? (await decoyHash))
      if (!user || !ok) throw new AppError('loginFailed')
      throttle.succeeded(email)
      return adopt(store.transaction(() => openSession(user.id)))
    },

    async logout(): Promise<SessionView> {
      if (tokenHash) store.users.removeSession(tokenHash)
      tokenHash = null
      await vault.clear()
      return { user: null }
    }
  }
}

export type AuthService = ReturnType<typeof createAuthService>
