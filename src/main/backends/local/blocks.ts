import type { PersonControl } from '@shared/types'
import { AppError } from '../../errors'
import type { ServiceContext } from '../../core/context'
import type { Views } from '../../core/mappers'

/** Whom a change is about: their key, the name and photo to keep, and what the owner has set for them so far. */
export interface ControlTarget {
  personKey: string
  /** Their account (decision 048): locally their users row; in a community the uid the registry of emails gives, when it knows one. */
  personUid: string | null
  nickname: string
  avatarUrl: string | null
  blocked: boolean
  muted: boolean
}

/**
 * Blocks and mutes (docs/decisions/025-block-and-mute.md), kept in the store by the person's key
 * (store/person-key.ts). What they hide is the store's queries' to leave out (controls-store.ts);
 * hiding someone also drops the owner's alerts from them, so the list, the badge and the
 * delete-all count agree, and later ones are never made (local likes and comments) or mirrored
 * (community mode).
 */
export function createLocalBlocks(ctx: ServiceContext, views: Views) {
  const { store } = ctx

  function list(userId: string): PersonControl[] {
    return store.controls.list(userId).map((entry) => ({
      id: entry.id,
      person: entry.personId ? views.person(entry.personId, entry.nickname, entry.avatar) : { id: entry.id, nickname: entry.nickname, avatar: null },
      blocked: entry.blocked,
      muted: entry.muted
    }))
  }

  /** The person `personId` names: someone this store knows, or one of the owner's entries. */
  function target(userId: string, personId: string): ControlTarget {
    const entry = store.controls.list(userId).find((e) => e.id === personId || e.personId === personId)
    if (entry) return { personKey: entry.personKey, personUid: entry.personUid, nickname: entry.nickname, avatarUrl: entry.avatarUrl, blocked: entry.blocked, muted: entry.muted }
    const user = store.users.get(personId)
    const personKey = user ? store.controls.keyOf(user.id) : null
    if (!user || !personKey) throw new AppError('personNotFound')
    if (user.id === userId) throw new AppError('cannotControlSelf')
    return { personKey, personUid: user.id, nickname: user.nickname, avatarUrl: store.controls.avatarUrlOf(user.id), blocked: false, muted: false }
  }

  /** Inside a transaction: the new flags; someone now hidden takes the owner's alerts from them along. */
  function apply(userId: string, who: ControlTarget, change: { blocked?: boolean; muted?: boolean }): string[] {
    const blocked = change.blocked ?? who.blocked
    const muted = change.muted ?? who.muted
    const existing = store.controls.get(userId, who.personKey)
    store.controls.set({
      id: existing?.id ?? ctx.newId(),
      ownerId: userId,
      personKey: who.personKey,
      personUid: who.personUid,
      blocked,
      muted,
      nickname: who.nickname,
      avatarUrl: who.avatarUrl,
      createdAt: ctx.now()
    })
    if (!blocked && !muted) return []
    const alerts = store.controls.alertsFrom(userId, who.personKey, who.personUid, who.nickname)
    store.alerts.removeMany(alerts)
    return alerts
  }

  return {
    list,
    target,
    apply,
    async set(userId: string, personId: string, change: { blocked?: boolean; muted?: boolean }): Promise<PersonControl[]> {
      await store.transaction(() => apply(userId, target(userId, personId), change))
      return list(userId)
    }
  }
}

export type LocalBlocks = ReturnType<typeof createLocalBlocks>
