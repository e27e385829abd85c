import { afterEach, describe, expect, it } from 'vitest'
import Database from 'better-sqlite3'
import { join } from 'node:path'
import { cleanupTestApps, createPost, signUp, startApp, tempDir } from '../../../tests/support/main/test-app'
import { busyTimeoutMs, migrate, openDatabase } from './database'
import { migrations } from './migrations'
import { createStore } from '.'

afterEach(cleanupTestApps)

describe('openDatabase', () => {
  it('creates the schema, records its version, and runs in WAL with foreign keys on', async () => {
    const file = join(await tempDir(), 'nested', 'magpie.db')
    const db = openDatabase(file)
    expect(db.pragma('user_version', { simple: true })).toBe(migrations.length)
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal')
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1)
    expect(db.pragma('busy_timeout', { simple: true })).toBe(busyTimeoutMs)
    const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((t) => t.name)
    expect(tables).toEqual(expect.arrayContaining(['users', 'sessions', 'images', 'posts', 'likes', 'comments', 'alerts', 'changes']))
    db.close()
  })

  it('runs each migration once: reopening and migrating again changes nothing', async () => {
    const file = join(await tempDir(), 'magpie.db')
    openDatabase(file).close()
    const db = openDatabase(file)
    const schemaBefore = db.prepare('SELECT type, name, sql FROM sqlite_master ORDER BY name').all()
    // A second run of migration 1 would fail on CREATE TABLE; migrate must see it is done.
    expect(() => migrate(db)).not.toThrow()
    expect(db.prepare('SELECT type, name, sql FROM sqlite_master ORDER BY name').all()).toEqual(schemaBefore)
    expect(db.pragma('user_version', { simple: true })).toBe(migrations.length)
    db.close()
  })

  it('refuses a store written by a newer app instead of touching it', async () => {
    const file = join(await tempDir(), 'magpie.db')
    const raw = new Database(file)
    raw.pragma(`user_version = ${migrations.length + 1}`)
    raw.close()
    expect(() => openDatabase(file)).toThrow(expect.objectContaining({ code: 'storeNewer', path: file }))
  })

  it('enforces foreign keys: a post cannot point at a missing author or image', async () => {
    const store = createStore(join(await tempDir(), 'magpie.db'))
    expect(() =>
      store.posts.insert({ id: 'p1', authorId: 'nobody', text: 'x', layout: 'Top', photos: [{ imageId: 'no-image', alt: '' }], createdAt: 1 })
    ).toThrow(/FOREIGN KEY/)
    store.close()
  })

  it('keeps everything across a close and reopen', async () => {
    const app = await startApp()
    const account = await signUp(app, 'keeper')
    const post = await createPost(app, '남아 있어야 하는 글')
    await app.call('comments:add', { postId: post.id, text: '댓글도' })
    app.close()

    const store = createStore(join(app.dataDir, 'magpie.db'))
    expect(store.users.getByEmail(account.email)?.nickname).toBe('keeper')
    const again = store.posts.get(post.id, null)
    expect(again?.text).toBe('남아 있어야 하는 글')
    expect(again?.commentCount).toBe(1)
    store.close()

    const reopened = await startApp({ dataDir: app.dataDir, profileDir: app.profileDir })
    expect((await reopened.call('posts:feed', {})).posts.map((p) => p.id)).toEqual([post.id])
  })
})
