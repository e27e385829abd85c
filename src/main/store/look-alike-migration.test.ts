import Database from 'better-sqlite3'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { openDatabase } from './database'
import { migrations } from './migrations'
import { createUsersStore } from './users-store'

describe('migration 7: look-alike keys and emails in their normal form', () => {
  it('keys every person an older store holds, normalises local emails unless two would meet, and keeps keys on later writes', async () => {
    const file = join(await mkdtemp(join(tmpdir(), 'magpie-m7-')), 'magpie.db')
    const old = new Database(file)
    for (const migration of migrations.slice(0, 6)) old.exec(migration)
    old.pragma('user_version = 6')
    old.prepare('INSERT INTO users (id, email, nickname, password_hash, created_at, remote_uid) VALUES (?, ?, ?, ?, 1, ?)').run('a', 'ＫＩＭ@example.com', '관리자', 'h', null)
    old.prepare('INSERT INTO users (id, email, nickname, password_hash, created_at, remote_uid) VALUES (?, ?, ?, ?, 1, ?)').run('b', 'lee@example.com', '관\u200b리자', 'h', null)
    // Two spellings of one address: the first becomes normal, the second is left as it was (no account is lost).
    old.prepare('INSERT INTO users (id, email, nickname, password_hash, created_at, remote_uid) VALUES (?, ?, ?, ?, 1, ?)').run('c', 'pérez@example.com'.normalize('NFD'), '박', 'h', null)
    old.prepare('INSERT INTO users (id, email, nickname, password_hash, created_at, remote_uid) VALUES (?, ?, ?, ?, 1, ?)').run('d', 'PÉREZ@example.com', '박2', 'h', null)
    // A mirrored person (community): their email is the one Firebase and likedBy hold, never rewritten.
    old.prepare('INSERT INTO users (id, email, nickname, password_hash, created_at, remote_uid) VALUES (?, ?, ?, ?, 1, ?)').run('e', 'Remote@Example.com', '원격', '', 'uid-e')
    old.close()

    const db = openDatabase(file)
    const users = createUsersStore(db)
    const emails = Object.fromEntries((db.prepare('SELECT id, email FROM users').all() as { id: string; email: string }[]).map((r) => [r.id, r.email]))
    expect(emails.a).toBe('kim@example.com')
    expect(emails.e).toBe('Remote@Example.com')
    expect([emails.c, emails.d].filter((e) => e === 'pérez@example.com')).toHaveLength(1)
    expect(users.identity('a').lookAlike).toBe(true)
    expect(users.identity('b').lookAlike).toBe(true)
    expect(users.identity('e').lookAlike).toBe(false)
    expect(users.lookAlikeTaken('관리자'.normalize('NFD'))).toBe(true)

    db.prepare("UPDATE users SET nickname = '이' WHERE id = 'b'").run()
    expect(users.identity('a').lookAlike).toBe(false)
    users.insert({ id: 'f', email: 'f@example.com', nickname: 'ｇａｍｅ', passwordHash: 'h', avatarId: null, createdAt: 2 })
    expect(users.lookAlikeTaken('GAME')).toBe(true)
    expect(users.lookAlikeTaken('GAME', 'f')).toBe(false)
    db.close()
  })
})
