import Database from 'better-sqlite3'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { openDatabase, type Db } from './database'
import { migrations } from './migrations'
import { createSearchStore, type SearchQuery } from './search-store'

const file = async () => join(await mkdtemp(join(tmpdir(), 'magpie-search-')), 'magpie.db')

function fill(db: Db | Database.Database, posts: [id: string, text: string, at: number, author?: string][]) {
  db.prepare("INSERT OR IGNORE INTO users (id, email, nickname, password_hash, created_at) VALUES ('u', 'u@example.com', '한강러버', 'h', 1)").run()
  db.prepare("INSERT OR IGNORE INTO users (id, email, nickname, password_hash, created_at) VALUES ('v', 'v@example.com', 'Kim', 'h', 1)").run()
  db.prepare(
    "INSERT OR IGNORE INTO images (id, owner_id, purpose, width, height, placeholder, variants, attached, created_at) VALUES ('i', 'u', 'post', 1, 1, '', '[]', 1, 1)"
  ).run()
  const insert = db.prepare("INSERT INTO posts (id, author_id, text, layout, image_id, created_at, updated_at) VALUES (?, ?, ?, 'Top', 'i', ?, ?)")
  db.transaction(() => {
    for (const [id, text, at, author] of posts) insert.run(id, author ?? 'u', text, at, at)
  })()
}

const query = (over: Partial<SearchQuery>): SearchQuery => ({ words: [], tags: [], wholeTags: false, below: null, limit: 20, hiddenAuthors: [], ...over })

describe('the search index', () => {
  it('finds Korean by substring, whatever the Unicode form and case, newest first; short words by LIKE; every word must match', async () => {
    const db = openDatabase(await file())
    const search = createSearchStore(db)
    fill(db, [
      ['a', '오늘 한강공원에서 산책했어요', 1000],
      ['b', '한강 야경'.normalize('NFD'), 3000],
      ['c', 'ＰＩＣＮＩＣ at 한강', 2000],
      ['d', '바다 100% 좋아_요', 4000]
    ])
    const ids = (over: Partial<SearchQuery>) => search.posts(query(over)).map((r) => r.postId)
    expect(ids({ words: ['한강'] })).toEqual(['b', 'c', 'a'])
    expect(ids({ words: ['한강공원'] })).toEqual(['a'])
    expect(ids({ words: ['picnic'] })).toEqual(['c'])
    expect(ids({ words: ['한강', '야경'] })).toEqual(['b'])
    expect(ids({ words: ['강'] })).toEqual(['b', 'c', 'a'])
    // LIKE's own characters are literal.
    expect(ids({ words: ['0%'] })).toEqual(['d'])
    expect(ids({ words: ['_'] })).toEqual(['d'])
    expect(ids({ words: ['%'] })).toEqual(['d'])
    expect(ids({ words: ['"한강'] })).toEqual([])
    expect(ids({ words: ['없는말'] })).toEqual([])
    db.close()
  })

  it('pages by the index key, keeps up with edits and deletes, and leaves hidden authors out', async () => {
    const db = openDatabase(await file())
    const search = createSearchStore(db)
    fill(db, [
      ['a', '커피 한 잔', 1000],
      ['b', '커피 두 잔', 1000],
      ['c', '커피 세 잔', 2000, 'v']
    ])
    const first = search.posts(query({ words: ['커피'], limit: 2 }))
    expect(first.map((r) => r.postId)).toEqual(['c', 'b'])
    expect(search.posts(query({ words: ['커피'], below: first[1]!.key })).map((r) => r.postId)).toEqual(['a'])
    expect(search.posts(query({ words: ['커피'], hiddenAuthors: ['v'] })).map((r) => r.postId)).toEqual(['b', 'a'])
    db.prepare("UPDATE posts SET text = '녹차 한 잔' WHERE id = 'a'").run()
    db.prepare("UPDATE posts SET created_at = 5000 WHERE id = 'b'").run()
    db.prepare("DELETE FROM posts WHERE id = 'c'").run()
    expect(search.posts(query({ words: ['커피'] })).map((r) => r.postId)).toEqual(['b'])
    expect(search.posts(query({ words: ['녹차'] })).map((r) => r.postId)).toEqual(['a'])
    expect(db.prepare('SELECT count(*) AS n FROM search_rows').get()).toEqual({ n: 2 })
    db.close()
  })

  it('walks the index newest first, never sorting the matches, with or without a cursor', async () => {
    const db = openDatabase(await file())
    const statements: string[] = []
    const prepare = db.prepare.bind(db)
    db.prepare = ((sql: string) => (statements.push(sql), prepare(sql))) as typeof db.prepare
    const search = createSearchStore(db)
    // With statistics the planner is tempted as it was on the bench's 100k store: search_rows first, then a sort.
    fill(db, Array.from({ length: 300 }, (_, i) => [`p${i}`, i % 8 ? '골목 빵집' : '하늘 은행나무', i] as [string, string, number]))
    db.exec('ANALYZE')
    for (const words of [['하늘'], ['은행나무'], ['하늘', '은행나무']]) {
      for (const below of [null, 5]) search.posts(query({ words, below, hiddenAuthors: ['x'] }))
    }
    for (const sql of statements.filter((s) => s.includes('post_search'))) {
      const plan = (prepare(`EXPLAIN QUERY PLAN ${sql}`).all({ limit: 1, below: 1, hidden: '[]', w0: '', w1: '', match: 'x' }) as { detail: string }[]).map((r) => r.detail)
      expect(plan[0]).toMatch(/^SCAN f VIRTUAL TABLE/)
      expect(plan.join('\n')).not.toContain('TEMP B-TREE')
    }
    db.close()
  })

  it('tags: whole on a tag page, a start as it is typed; a tag inside a word or a link is none', async () => {
    const db = openDatabase(await file())
    const search = createSearchStore(db)
    fill(db, [
      ['a', '#봄나들이 가요', 1000],
      ['b', '#봄나들이가자', 2000],
      ['c', '메일#봄나들이 https://x.example/#봄나들이', 3000],
      ['d', '#ＢＯＭ'.normalize('NFD'), 4000]
    ])
    const ids = (over: Partial<SearchQuery>) => search.posts(query(over)).map((r) => r.postId)
    expect(ids({ tags: ['봄나들이'], wholeTags: true })).toEqual(['a'])
    expect(ids({ tags: ['봄나들이'] })).toEqual(['b', 'a'])
    expect(ids({ tags: ['봄'] })).toEqual(['b', 'a'])
    expect(ids({ tags: ['bom'], wholeTags: true })).toEqual(['d'])
    db.close()
  })

  it('people by nickname, names starting with the words first', async () => {
    const db = openDatabase(await file())
    const search = createSearchStore(db)
    fill(db, [])
    db.prepare("INSERT INTO users (id, email, nickname, password_hash, created_at) VALUES ('w', 'w@example.com', '나의한강', 'h', 1)").run()
    expect(search.people('한강', 5, []).map((p) => p.id)).toEqual(['u', 'w'])
    expect(search.people('kim', 5, []).map((p) => p.nickname)).toEqual(['Kim'])
    expect(search.people('한강', 5, ['u']).map((p) => p.id)).toEqual(['w'])
    db.close()
  })

  it('the migration indexes the posts an older store holds, however many share a millisecond', async () => {
    const path = await file()
    const old = new Database(path)
    old.function('look_alike_key', (nickname: unknown) => nickname)
    old.function('normal_email', (email: unknown) => email)
    old.function('person_key', (email: unknown) => email)
    // A store from just before the search index (the migrations after it come on top).
    const before = migrations.findIndex((migration) => migration.includes('fts5'))
    for (const migration of migrations.slice(0, before)) old.exec(migration)
    old.pragma(`user_version = ${before}`)
    fill(
      old,
      Array.from({ length: 1030 }, (_, i) => [`p${String(i).padStart(4, '0')}`, `같은 순간 ${i}`, 7] as [string, string, number]).concat([['late', '한강 같은 순간', 8]])
    )
    old.close()
    const db = openDatabase(path)
    const search = createSearchStore(db)
    // (Past 1024 in one millisecond the order among them is the index's own; every post is found.)
    const all = search.posts(query({ words: ['순간'], limit: 2000 }))
    expect(search.posts(query({ words: ['한강'] })).map((r) => r.postId)).toEqual(['late'])
    expect(all).toHaveLength(1031)
    expect(new Set(all.map((r) => r.key)).size).toBe(1031)
    // A new post in that full millisecond still gets a place.
    fill(db, [['new', '같은 순간 또', 7]])
    expect(search.posts(query({ words: ['순간'], limit: 2000 }))).toHaveLength(1032)
    db.close()
  })
})
