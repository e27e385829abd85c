import type { PersonControl } from '@shared/types'
import type { Views } from '../../core/mappers'
import { createLocalBlocks } from '../local/blocks'
import type { CommunityAuth } from './auth'
import type { CommunityContext } from './context'
import type { MirrorWriter } from './mirror-writer'
import { remote } from './remote-call'

/** The longest name a list entry keeps (the shipped rules' bound). */
const nicknameMax = 64

/**
 * Blocks and mutes in community mode (docs/decisions/025-block-and-mute.md): written to the
 * member's own lists in Firestore first (users/{uid}/blocked, users/{uid}/muted — the shipped
 * rules read `blocked` to refuse a blocked person's comments and likes, for the web app too),
 * with users/{uid}/blockedUids/{their uid} beside a block when the registry of emails knows it,
 * and that uid in each entry (decision 048), then kept in the mirror, which filters as the local
 * store does, by the email's key and by the uid. Hiding someone also removes
 * the member's alerts from them from the Realtime Database (the owner may remove their own).
 */
export function createCommunityBlocks(ctx: CommunityContext, views: Views, auth: CommunityAuth, writer: MirrorWriter) {
  const { store, ports } = ctx
  const local = createLocalBlocks(ctx, views)

  return {
    list: local.list,

    async set(userId: string, personId: string, change: { blocked?: boolean; muted?: boolean }): Promise<PersonControl[]> {
      const found = local.target(userId, personId)
      const { uid } = await auth.author(userId)
      const changes = ([
        ['blocked', change.blocked, found.blocked],
        ['muted', change.muted, found.muted]
      ] as const).filter(([, on, was]) => on !== undefined && on !== was)
      if (changes.length === 0) return local.list(userId)
      // Whose account the email is, as the registry says (decisions 043, 048): the block and the mute hold on it too,
      // so a changed email sheds neither. A local target's row id is no uid: only the registry's answer, or the kept one, is.
      const known = store.controls.get(userId, found.personKey) ? found.personUid : null
      const holder = known ?? (await remote('write', () => ports.docs.emailHolder(found.personKey)))
      const who = { ...found, personUid: holder && holder !== uid ? holder : null }
      const entry = { nickname: [...who.nickname].slice(0, nicknameMax).join(''), profileImg: who.avatarUrl ?? '', uid: who.personUid }
      for (const [list, on] of changes) await remote('write', () => ports.docs.setControl(uid, list, who.personKey, on ? entry : null))
      // The rules refuse a blocked person's writes by their uid too (blockedBy()).
      if (who.personUid && change.blocked !== undefined && change.blocked !== who.blocked) {
        const blockedUid = who.personUid
        await remote('write', () => ports.docs.setBlockedUid(uid, blockedUid, change.blocked ? who.personKey : null))
      }
      const removed = await store.transaction(() => local.apply(userId, who, change))
      writer.removedAlerts(removed)
      for (const key of removed) await ports.alerts.remove(uid, key).catch((error: unknown) => console.warn('[community] hidden alert:', error))
      ctx.published()
      return local.list(userId)
    }
  }
}
