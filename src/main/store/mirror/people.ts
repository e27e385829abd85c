import type { Db } from '../database'

/** Ends in a reserved domain (RFC 2606), so it can never be someone's real login. */
const syntheticDomain = '.invalid'

export interface PersonUpsert {
  email: string
  uid?: string | null
  nickname?: string
  /** undefined: leave as is; null: no avatar. */
  avatarId?: string | null
  /** Their current face (their profile, their own users document), which a document's older snapshot never undoes. */
  current?: boolean
}

/** The people the community's documents name, as users rows. */
export function createMirrorPeople(db: Db) {
  const userByEmail = db.prepare('SELECT id, nickname, remote_uid, avatar_id, remote_profile_at FROM users WHERE email = ?')
  const insertUser = db.prepare(
    `INSERT INTO users (id, email, nickname, password_hash, avatar_id, created_at, remote_uid, remote_profile_at)
     VALUES (@id, @email, @nickname, '', @avatarId, @createdAt, @uid, @profileAt)`
  )
  const updateUser = db.prepare('UPDATE users SET nickname = @nickname, remote_uid = @uid, avatar_id = @avatarId, remote_profile_at = @profileAt WHERE id = @id')
  // People known by a real email alone, never asked or asked without an answer more than `since` ago.
  const unasked = db.prepare(
    `SELECT id, email FROM users WHERE remote_uid IS NULL AND password_hash = '' AND email NOT LIKE '%${syntheticDomain}'
       AND (remote_uid_asked_at IS NULL OR remote_uid_asked_at < @since) ORDER BY created_at DESC LIMIT @limit`
  )
  const asked = db.prepare('UPDATE users SET remote_uid = coalesce(remote_uid, @uid), remote_uid_asked_at = @now WHERE id = @id')
  const byNickname = db.prepare(
    `SELECT id FROM users WHERE nickname = ? ORDER BY (email LIKE '%${syntheticDomain}'), created_at DESC LIMIT 1`
  )

  return {
    /**
     * The person with this login email, created on first sight. The documents name people
     * by email (postedBy, comment_by, likedBy), so the email is the key; the renderer only
     * ever sees the row's opaque id.
     */
    person(person: PersonUpsert, newId: () => string, now: number): string {
      const row = userByEmail.get(person.email) as { id: string; nickname: string; remote_uid: string | null; avatar_id: string | null; remote_profile_at: number | null } | undefined
      const profileAt = person.current ? now : null
      if (!row) {
        const id = newId()
        insertUser.run({ id, email: person.email, nickname: person.nickname ?? '', avatarId: person.avatarId ?? null, createdAt: now, uid: person.uid ?? null, profileAt })
        return id
      }
      // Once their current face is known, a post's or comment's snapshot of it (perhaps older) is not.
      const snapshot = !person.current && row.remote_profile_at !== null
      const next = {
        id: row.id,
        nickname: snapshot ? row.nickname : person.nickname || row.nickname,
        uid: person.uid ?? row.remote_uid,
        avatarId: snapshot || person.avatarId === undefined ? row.avatar_id : person.avatarId,
        profileAt: profileAt ?? row.remote_profile_at
      }
      if (next.nickname !== row.nickname || next.uid !== row.remote_uid || next.avatarId !== row.avatar_id || next.profileAt !== row.remote_profile_at) updateUser.run(next)
      return row.id
    },

    /** Someone known only by nickname (the web app's alerts): the person with that nickname, else a stand-in. */
    personByNickname(nickname: string, newId: () => string, now: number): string {
      const found = byNickname.get(nickname) as { id: string } | undefined
      if (found) return found.id
      const id = newId()
      insertUser.run({ id, email: `${id}@nickname${syntheticDomain}`, nickname, avatarId: null, createdAt: now, uid: null, profileAt: null })
      return id
    },

    /** Up to `limit` people whose uid the mirror does not know (decision 048), newest first; `since`: ask again those asked before then. */
    peopleWithoutUid(limit: number, since: number): { id: string; email: string }[] {
      return unasked.all({ limit, since }) as { id: string; email: string }[]
    },

    /** The registry's answer about a person's email (null: no entry), and when it was asked. */
    learnedUid(id: string, uid: string | null, now: number): void {
      asked.run({ id, uid, now })
    },

    personId(email: string): string | null {
      return (userByEmail.get(email) as { id: string } | undefined)?.id ?? null
    }
  }
}
