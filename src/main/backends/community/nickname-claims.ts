import { createHash } from 'node:crypto'
import { AppError } from '../../errors'
import { lookAlikeKey } from '../../store/look-alike-key'
import type { CommunityContext } from './context'
import { bestEffort, remote } from './remote-call'

/**
 * One name per person in a community (docs/decisions/021-identities.md): a nickname is free when
 * nobody this computer knows has a look-alike of it, and nobody else holds it in nicknames/{key}.
 * The rules cannot compute a look-alike key: they only let each person hold keys in their own
 * uid, and each reader still marks look-alikes apart (core/identity.ts), whoever wrote them.
 */
export function createNicknameClaims({ store, ports }: Pick<CommunityContext, 'store' | 'ports'>) {
  const keyOf = (nickname: string): string => createHash('sha256').update(lookAlikeKey(nickname)).digest('hex')

  return {
    /** Throws nicknameTaken unless the nickname is free for `self` (null: a person not signed up yet). */
    async ensureFree(nickname: string, self: { uid: string; personId: string | null } | null): Promise<void> {
      if (store.users.lookAlikeTaken(nickname, self?.personId ?? null)) throw new AppError('nicknameTaken', 'nickname')
      const holder = await remote('read', () => ports.docs.nicknameHolder(keyOf(nickname)))
      if (holder !== null && holder !== self?.uid) throw new AppError('nicknameTaken', 'nickname')
    },

    /** The uid holding the nickname (and its look-alikes), or null: who a like alert's name is (alert-backing.ts). */
    holder(nickname: string): Promise<string | null> {
      return ports.docs.nicknameHolder(keyOf(nickname))
    },

    /** Holds the nickname for uid; false when another person took it first. */
    claim(nickname: string, uid: string): Promise<boolean> {
      return remote('write', () => ports.docs.claimNickname(keyOf(nickname), uid))
    },

    /** Gives up the name the person had (a nickname changed, 회원 탈퇴); nobody else's claim is touched. */
    release(nickname: string, uid: string): Promise<void> {
      return ports.docs.releaseNickname(keyOf(nickname), uid)
    },

    /** A member from before names were held, signing in: holds their name if it is still free. */
    keep(nickname: string, uid: string): Promise<void> {
      return bestEffort('nickname', async () => {
        await ports.docs.claimNickname(keyOf(nickname), uid)
      })
    }
  }
}

export type NicknameClaims = ReturnType<typeof createNicknameClaims>
