import Database from 'better-sqlite3'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanupTestApps, createPost, logIn, signUp, startApp, tempDir } from '../../../tests/support/main/test-app'
import { openDatabase } from './database'
import { migrations } from './migrations'
import { databaseOf } from './handle'

afterEach(cleanupTestApps)

/** What the badge shows (the kept count) against what is there (counting the rows). */
function counts(db: Database.Database): { kept: number; counted: number }[] {
  return db
    .prepare('SELECT u.alert_count AS kept, (SELECT count(*) FROM alerts a WHERE a.user_id = u.id) AS counted FROM users u ORDER BY u.email')
    .all() as { kept: number; counted: number }[]
}

/** The kept row counts (migration 8: a post's alerts of one type, all and unread) against counting them. */
function rowCounts(db: Database.Database): { rows: number[]; unseen: number[] }[] {
  const group = (where: string) => `(SELECT count(*) FROM (SELECT DISTINCT post_id, type FROM alerts a WHERE a.user_id = u.id ${where}))`
  return (
    db
      .prepare(`SELECT u.alert_rows, ${group('')} AS rows, u.unseen_alert_rows, ${group('AND seen_at IS NULL')} AS unseen FROM users u ORDER BY u.email`)
      .all() as Record<string, number>[]
  ).map((r) => ({ rows: [r.alert_rows!, r.rows!], unseen: [r.unseen_alert_rows!, r.unseen!] }))
}

describe('the kept alert count (migration 2)', () => {
  it('follows every way an alert comes and goes: likes, unlikes, comments, deletes, clear, a removed post', async () => {
    const app = await startApp()
    const alice = await signUp(app, 'alice')
    const first = await createPost(app, '첫 글')
    const second = await createPost(app, '둘째 글')
    await app.call('auth:logout')
    const bob = await signUp(app, 'bob')
    await app.call('likes:set', { postId: first.id, liked: true })
    await app.call('likes:set', { postId: second.id, liked: true })
    const comment = await app.call('comments:add', { postId: first.id, text: '좋아요' })
    await app.call('comments:add', { postId: second.id, text: '저도요' })
    await app.call('likes:set', { postId: second.id, liked: false })
    await app.call('comments:delete', { id: comment.id })
    const check = () => {
      counts(databaseOf(app.store)).forEach((c) => expect(c.kept).toBe(c.counted))
      rowCounts(databaseOf(app.store)).forEach((c) => {
        expect(c.rows[0]).toBe(c.rows[1])
        expect(c.unseen[0]).toBe(c.unseen[1])
      })
    }
    check()
    await app.call('auth:logout')
    await logIn(app, alice)
    const list = await app.call('alerts:list')
    expect(list.count).toBe(2)
    const [newest] = list.alerts
    // Seeing the older row only: one row stays unread.
    expect((await app.call('alerts:markSeen', { through: { createdAt: list.alerts[1]!.createdAt, id: list.alerts[1]!.id } })).unseen).toBe(1)
    check()
    expect((await app.call('alerts:delete', { id: newest!.id })).count).toBe(1)
    check()
    await app.call('posts:delete', { id: first.id })
    check()
    await app.call('auth:logout')
    await logIn(app, bob)
    await app.call('likes:set', { postId: second.id, liked: true })
    await app.call('auth:logout')
    await logIn(app, alice)
    expect((await app.call('alerts:list')).count).toBe(1)
    expect((await app.call('alerts:clear')).count).toBe(0)
    check()
    expect(app.desktop.recording.badge).toBe(0)
  })

  it('starts from the alerts a store already had when an older store is upgraded', async () => {
    const file = join(await tempDir(), 'magpie.db')
    const old = new Database(file)
    old.exec(migrations[0]!)
    old.pragma('user_version = 1')
    old.exec(`
      INSERT INTO users (id, email, nickname, password_hash, created_at) VALUES ('a', 'a@example.com', 'A', 'x', 1), ('b', 'b@example.com', 'B', 'x', 1);
      INSERT INTO images (id, owner_id, purpose, width, height, placeholder, variants, attached, created_at) VALUES ('i', 'a', 'post', 1, 1, '', '[]', 1, 1);
      INSERT INTO posts (id, author_id, text, layout, image_id, created_at, updated_at) VALUES ('p', 'a', 't', 'Top', 'i', 1, 1);
      INSERT INTO alerts (id, user_id, post_id, actor_id, type, created_at) VALUES ('x1', 'a', 'p', 'b', 'like', 1);
      INSERT INTO comments (id, post_id, author_id, text, created_at) VALUES ('c1', 'p', 'b', 'hi', 2), ('c2', 'p', 'b', 'hi', 3);
      INSERT INTO alerts (id, user_id, post_id, actor_id, type, comment_id, created_at) VALUES ('x2', 'a', 'p', 'b', 'comment', 'c1', 2), ('x3', 'a', 'p', 'b', 'comment', 'c2', 3);
    `)
    old.close()
    const db = openDatabase(file)
    expect(db.pragma('user_version', { simple: true })).toBe(migrations.length)
    expect(counts(db)).toEqual([
      { kept: 3, counted: 3 },
      { kept: 0, counted: 0 }
    ])
    db.close()
  })

  it('migration 8 counts the rows a store already had, all and unread, and keeps them as alerts come, are seen and go', async () => {
    const file = join(await tempDir(), 'magpie.db')
    const old = new Database(file)
    for (const migration of migrations.slice(0, 6)) old.exec(migration)
    old.pragma('user_version = 6')
    old.exec(`
      INSERT INTO users (id, email, nickname, password_hash, created_at) VALUES ('a', 'a@example.com', 'A', 'x', 1), ('b', 'b@example.com', 'B', 'x', 1), ('c', 'c@example.com', 'C', 'x', 1);
      INSERT INTO images (id, owner_id, purpose, width, height, placeholder, variants, attached, created_at) VALUES ('i', 'a', 'post', 1, 1, '', '[]', 1, 1);
      INSERT INTO posts (id, author_id, text, layout, image_id, created_at, updated_at) VALUES ('p', 'a', 't', 'Top', 'i', 1, 1), ('q', 'a', 'u', 'Top', 'i', 1, 1);
      INSERT INTO alerts (id, user_id, post_id, actor_id, type, created_at, seen_at) VALUES
        ('x1', 'a', 'p', 'b', 'like', 1, 5), ('x2', 'a', 'p', 'c', 'like', 2, NULL), ('x3', 'a', 'q', 'b', 'like', 3, 5);
    `)
    old.close()
    const db = openDatabase(file)
    expect(rowCounts(db)[0]).toEqual({ rows: [2, 2], unseen: [1, 1] })
    db.exec(`
      INSERT INTO alerts (id, user_id, post_id, actor_id, type, created_at) VALUES ('x4', 'a', 'q', 'c', 'like', 4);
      UPDATE alerts SET seen_at = 9 WHERE id IN ('x2', 'x4');
      DELETE FROM alerts WHERE id = 'x1';
    `)
    expect(rowCounts(db)[0]).toEqual({ rows: [2, 2], unseen: [0, 0] })
    db.exec("DELETE FROM posts WHERE id = 'p'")
    expect(rowCounts(db)[0]).toEqual({ rows: [1, 1], unseen: [0, 0] })
    db.close()
  })
})
