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
 * then kept in the mirror, which filters as the local store does. Hiding someone also removes
 * the member's alerts from them from the Realtime Database (the owner may remove their own).
 */
export function createCommunityBlocks(ctx: CommunityContext, views: Views, auth: CommunityAuth, writer: MirrorWriter) {
  const { store, ports } = ctx
  const local = createLocalBlocks(ctx, views)

  return {
    list: local.list,

    async set(userId: string, personId: string, change: { blocked?: boolean; muted?: boolean }): Promise<PersonControl[]> {
      const who = local.target(userId, personId)
      const { uid } = await auth.author(userId)
      const entry = { nickname: [...who.nickname].slice(0, nicknameMax).join(''), profileImg: who.avatarUrl ?? '' }
      for (const [list, on, was] of [
        ['blocked', change.blocked, who.blocked],
        ['muted', change.muted, who.muted]
      ] as const) {
        if (on !== undefined && on !== was) await remote('write', () => ports.docs.setControl(uid, list, who.personKey, on ? entry : null))
      }
      // The block holds on the person's uid too, when the registry knows it (decision 043): a changed email does not shed it.
      if (change.blocked !== undefined && change.blocked !== who.blocked) {
        const blockedUid = await remote('write', () => ports.docs.emailHolder(who.personKey))
        if (blockedUid && blockedUid !== uid) await remote('write', () => ports.docs.setBlockedUid(uid, blockedUid, change.blocked ? who.personKey : null))
      }
      const removed = await store.transaction(() => local.apply(userId, who, change))
      writer.removedAlerts(removed)
      for (const key of removed) await ports.alerts.remove(uid, key).catch((error: unknown) => console.warn('[community] hidden alert:', error))
      ctx.published()
      return local.list(userId)
    }
  }
}
