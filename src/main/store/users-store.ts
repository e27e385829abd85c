import type { Db } from './database'
import { imageColumns, imageFromColumns, type ImageRecord } from './images-store'

export interface UserRecord {
  id: string
  email: string
  nickname: string
  passwordHash: string
  avatar: ImageRecord | null
  createdAt: number
}

const select = `SELECT u.id, u.email, u.nickname, u.password_hash, u.created_at, ${imageColumns('a', 'a_')}
  FROM users u LEFT JOIN images a ON a.id = u.avatar_id`

const toUser = (row: Record<string, unknown>): UserRecord => ({
  id: row.id as string,
  email: row.email as string,
  nickname: row.nickname as string,
  passwordHash: row.password_hash as string,
  avatar: imageFromColumns(row, 'a_'),
  createdAt: row.created_at as number
})

/** What a person's page shows of them (their posts are the posts store's). */
export interface PersonRecord {
  id: string
  nickname: string
  avatar: ImageRecord | null
  /** Local: the account's creation; a mirror's person: their profile's joined, when known. */
  joinedAt: number | null
  postCount: number
  likesReceived: number
  remoteUid: string | null
}

export function createUsersStore(db: Db) {
  const insert = db.prepare(
    `INSERT INTO users (id, email, nickname, password_hash, avatar_id, created_at)
     VALUES (@id, @email, @nickname, @passwordHash, @avatarId, @createdAt)`
  )
  const byId = db.prepare(`${select} WHERE u.id = ?`)
  const byEmail = db.prepare(`${select} WHERE u.email = ?`)
  const emailTaken = db.prepare('SELECT 1 FROM users WHERE email = ?')
  const insertSession = db.prepare('INSERT INTO sessions (token_hash, user_id, created_at, used_at) VALUES (?, ?, ?, ?)')
  const sessionUser = db.prepare('SELECT user_id, used_at FROM sessions WHERE token_hash = ?')
  const touchSession = db.prepare('UPDATE sessions SET used_at = @now WHERE token_hash = @tokenHash AND used_at < @now')
  const endIdleSessions = db.prepare('DELETE FROM sessions WHERE used_at <= ?')
  const deleteSession = db.prepare('DELETE FROM sessions WHERE token_hash = ?')
  const deleteOtherSessions = db.prepare('DELETE FROM sessions WHERE user_id = ? AND token_hash <> ?')
  // Counted from the author's own index (posts_by_author_time): one person's posts, never the table.
  const person = db.prepare(
    `SELECT u.id, u.nickname, u.remote_uid, CASE WHEN u.password_hash <> '' THEN u.created_at ELSE u.remote_joined_at END AS joined,
       (SELECT count(*) FROM posts WHERE author_id = u.id) AS post_count,
       (SELECT coalesce(sum(like_count), 0) FROM posts WHERE author_id = u.id) AS likes, ${imageColumns('a', 'a_')}
     FROM users u LEFT JOIN images a ON a.id = u.avatar_id WHERE u.id = ?`
  )
  const setFace = db.prepare('UPDATE users SET nickname = @nickname, avatar_id = @avatarId WHERE id = @id')
  const setJoined = db.prepare('UPDATE users SET remote_joined_at = @joinedAt WHERE id = @id AND remote_joined_at IS NOT @joinedAt')
  const updatePassword = db.prepare('UPDATE users SET password_hash = ? WHERE id = ?')
  const lookAlikeTaken = db.prepare('SELECT 1 FROM users WHERE nickname_key = look_alike_key(?) AND id IS NOT ? LIMIT 1')
  // Another person with the same look-alike key. Not another: the same Firebase uid, or a stand-in
  // the mirror made for a nickname (store/mirror, "@nickname.invalid") spelled exactly as the name.
  const identity = db.prepare(
    `SELECT coalesce(u.remote_uid, u.id) AS mark_source, EXISTS (
       SELECT 1 FROM users l WHERE l.nickname_key = u.nickname_key AND l.id <> u.id
         AND NOT (l.remote_uid IS NOT NULL AND l.remote_uid = u.remote_uid)
         AND NOT (l.nickname = u.nickname AND (l.email LIKE '%@nickname.invalid' OR u.email LIKE '%@nickname.invalid'))
     ) AS look_alike
     FROM users u WHERE u.id = ?`
  )

  return {
    insert(user: { id: string; email: string; nickname: string; passwordHash: string; avatarId: string | null; createdAt: number }): void {
      insert.run(user)
    },
    get(id: string): UserRecord | null {
      const row = byId.get(id) as Record<string, unknown> | undefined
      return row ? toUser(row) : null
    },
    getByEmail(email: string): UserRecord | null {
      const row = byEmail.get(email) as Record<string, unknown> | undefined
      return row ? toUser(row) : null
    },
    /** A person's page: their face, since when they are a member, their posts and the likes those have. */
    person(id: string): PersonRecord | null {
      const row = person.get(id) as Record<string, unknown> | undefined
      if (!row) return null
      return {
        id: row.id as string,
        nickname: row.nickname as string,
        avatar: imageFromColumns(row, 'a_'),
        joinedAt: (row.joined as number | null) ?? null,
        postCount: row.post_count as number,
        likesReceived: row.likes as number,
        remoteUid: (row.remote_uid as string | null) ?? null
      }
    },
    /** A person's own new nickname and photo (null: none). */
    setFace(id: string, nickname: string, avatarId: string | null): void {
      setFace.run({ id, nickname, avatarId })
    },
    /** Community mode: since when a mirrored person is a member (their profile's joined). */
    setJoined(id: string, joinedAt: number | null): void {
      setJoined.run({ id, joinedAt })
    },
    emailTaken(email: string): boolean {
      return emailTaken.get(email) !== undefined
    },
    addSession(tokenHash: string, userId: string, createdAt: number): void {
      insertSession.run(tokenHash, userId, createdAt, createdAt)
    },
    /** The session's user, or null: none, or unused since `idleSince` (then the session is ended here). */
    sessionUserId(tokenHash: string, idleSince: number): string | null {
      const row = sessionUser.get(tokenHash) as { user_id: string; used_at: number } | undefined
      if (!row) return null
      if (row.used_at > idleSince) return row.user_id
      deleteSession.run(tokenHash)
      return null
    },
    /** The session is in use at `now`. */
    touchSession(tokenHash: string, now: number): void {
      touchSession.run({ tokenHash, now })
    },
    /** Ends every session of this store unused since `idleSince`; how many ended. */
    endIdleSessions(idleSince: number): number {
      return endIdleSessions.run(idleSince).changes
    },
    removeSession(tokenHash: string): void {
      deleteSession.run(tokenHash)
    },
    /** Ends every session of the user but `keepTokenHash`; how many ended. */
    setPasswordHash(userId: string, passwordHash: string): void {
      updatePassword.run(passwordHash, userId)
    },
    removeOtherSessions(userId: string, keepTokenHash: string): number {
      return deleteOtherSessions.run(userId, keepTokenHash).changes
    },
    /** Whether a person other than `exceptId` has a nickname that looks like this one (store/look-alike-key.ts). */
    lookAlikeTaken(nickname: string, exceptId: string | null = null): boolean {
      return lookAlikeTaken.get(nickname, exceptId) !== undefined
    },
    /** What core/identity.ts needs to show this person's name apart from look-alikes. */
    identity(id: string): { lookAlike: boolean; markSource: string } {
      const row = identity.get(id) as { mark_source: string; look_alike: number } | undefined
      return { lookAlike: row?.look_alike === 1, markSource: row?.mark_source ?? id }
    }
  }
}

export type UsersStore = ReturnType<typeof createUsersStore>
