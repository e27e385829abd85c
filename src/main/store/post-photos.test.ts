import Database from 'better-sqlite3'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { tempDir } from '../../../tests/support/main/test-app'
import { createStore, type Store } from '.'
import { databaseOf } from './handle'
import { createMirrorStore } from './mirror/mirror-store'

const stores: Store[] = []
afterEach(() => {
  vi.restoreAllMocks()
  stores.splice(0).forEach((s) => s.close())
})

/** A store with two people, and posts of several photos each (decision 031). */
async function filledStore(): Promise<Store> {
  const store = createStore(join(await tempDir(), 'magpie.db'), { synchronous: 'NORMAL' })
  stores.push(store)
  store.transactionSync(() => {
    for (const id of ['a', 'b']) store.users.insert({ id, email: `${id}@example.com`, nickname: id, passwordHash: 'x', avatarId: null, createdAt: 1 })
    for (let p = 0; p < 200; p++) {
      const photos = Array.from({ length: 1 + (p % 4) }, (_, n) => ({ imageId: `i-${p}-${n}`, alt: n === 1 ? `설명 ${p}` : '' }))
      for (const { imageId } of photos) {
        store.images.insert({ id: imageId, ownerId: p % 2 ? 'a' : 'b', purpose: 'post', width: 1, height: 1, placeholder: '', variants: [], attached: true, createdAt: p })
      }
      store.posts.insert({ id: `p-${p}`, authorId: p % 2 ? 'a' : 'b', text: `글 ${p}`, layout: 'Top', photos, createdAt: p })
    }
  })
  return store
}

describe('a post\'s photos in the store (decision 031)', () => {
  it('reads them in order with their 사진 설명: a page, one post, its owner\'s view, and 내 데이터 내려받기', async () => {
    const store = await filledStore()
    const post = store.posts.get('p-3', null)!
    expect(post.photos.map((p) => [p.image.id, p.alt])).toEqual([['i-3-0', ''], ['i-3-1', '설명 3'], ['i-3-2', ''], ['i-3-3', '']])
    expect(store.posts.page(null, null, 4).map((p) => p.photos.length)).toEqual([4, 3, 2, 1])
    expect(store.posts.ownership('p-2')).toEqual({ authorId: 'b', photos: [{ imageId: 'i-2-0', alt: '' }, { imageId: 'i-2-1', alt: '설명 2' }, { imageId: 'i-2-2', alt: '' }] })
    const own = store.account.posts('a').find((p) => p.id === 'p-3')!
    expect(own.photos.map((p) => [p.image.id, p.alt])).toEqual(post.photos.map((p) => [p.image.id, p.alt]))
  })

  it('reads a post\'s photos by post_photos\' primary key, and whether an image is in use by its index: no statement scans post_photos, and none reading photos sorts without an index', async () => {
    const statements = new Set<string>()
    const prepare = Database.prototype.prepare
    vi.spyOn(Database.prototype, 'prepare').mockImplementation(function (this: Database.Database, sql: string) {
      statements.add(sql)
      return prepare.call(this, sql)
    } as typeof prepare)
    const store = await filledStore()
    const mirror = createMirrorStore(databaseOf(store))
    databaseOf(store).exec('ANALYZE')
    store.posts.page('a', null, 20)
    store.posts.get('p-7', 'a')
    store.posts.ownership('p-7')
    store.posts.setPhotos('p-7', [{ imageId: 'i-7-0', alt: '' }])
    store.account.posts('a')
    mirror.dropImageIfUnused('i-7-1')

    const db = databaseOf(store)
    const touching = [...statements].filter((sql) => /post_photos/.test(sql) && !/^\s*(CREATE|INSERT INTO post_photos)/i.test(sql))
    expect(touching.length).toBeGreaterThanOrEqual(6)
    for (const sql of touching) {
      const named = Object.fromEntries([...sql.matchAll(/@(\w+)/g)].map(([, name]) => [name!, name === 'ids' ? '["p-1"]' : 'x']))
      const positional = [...sql.matchAll(/\?/g)].map(() => 'x')
      const args: unknown[] = Object.keys(named).length > 0 ? [...positional, named] : positional
      const explain = prepare.call(db, `EXPLAIN QUERY PLAN ${sql}`) as unknown as { all(...params: unknown[]): { detail: string }[] }
      const plan = explain.all(...args).map((r) => r.detail)
      // The statements that read photos with their 설명 put them in order without a temporary sort.
      if (/\balt\b/.test(sql)) expect(plan.filter((line) => /TEMP B-TREE/.test(line)), sql).toEqual([])
      const photoLines = plan.filter((line) => /\b(pp|post_photos)\b/.test(line))
      expect(photoLines.length, sql).toBeGreaterThan(0)
      for (const line of photoLines) expect(line, sql).toMatch(/^SEARCH (pp|post_photos) USING (PRIMARY KEY|(COVERING )?INDEX post_photos_by_image) \((post_id|image_id)=\?\)/)
    }
  })
})
