import { afterEach, describe, expect, it } from 'vitest'
import type Database from 'better-sqlite3'
import { wellFormed, wellFormedText } from '@shared/well-formed'
import { databaseOf } from '../store/handle'
import type { Store } from '../store'
import { cleanupTestApps, createPhotoPost, signUp, startApp, type Caller } from '../../../tests/support/main/test-app'
import { createFakeFirebase } from '../../../tests/support/fake-firebase/fake-firebase'
import { cleanupCommunityApps, join, startCommunityApp, webAppPost } from '../../../tests/support/main/community-app'

afterEach(async () => {
  await cleanupCommunityApps()
  await cleanupTestApps()
})

/** Text with a lone high and a lone low surrogate: JavaScript holds it, UTF-8 cannot. */
const broken = (label: string) => `${label} a\uD800b \uDC00c`
const strict = new TextDecoder('utf-8', { fatal: true })

/** Every text value of every table, as the bytes SQLite keeps, that is not valid UTF-8. */
function invalidText(store: Store): string[] {
  const db: Database.Database = databaseOf(store)
  const found: string[] = []
  const tables = db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").pluck().all() as string[]
  for (const table of tables) {
    const columns = (db.prepare(`PRAGMA table_info("${table}")`).all() as { name: string }[]).map((c) => c.name)
    for (const column of columns) {
      const rows = db.prepare(`SELECT CAST("${column}" AS BLOB) FROM "${table}" WHERE typeof("${column}") = 'text'`).pluck().all() as Buffer[]
      for (const bytes of rows) {
        try {
          strict.decode(bytes)
        } catch {
          found.push(`${table}.${column}`)
        }
      }
    }
  }
  return found
}

/** A post with a 사진 설명, its comment and a new nickname, each carrying lone surrogates. */
async function writeBrokenText(app: Caller): Promise<string> {
  const post = await createPhotoPost(app, [broken('설명')], broken('글'))
  await app.call('comments:add', { postId: post.id, text: broken('댓글') })
  await app.call('people:updateProfile', { nickname: '까치\uD800', photo: null })
  return post.id
}

describe('lone surrogates never reach a store', () => {
  it('are replaced by U+FFFD, deep inside a payload, leaving bytes and own keys as they are', () => {
    expect(wellFormedText('a\uD800b\uDC00c😀')).toBe('a\uFFFDb\uFFFDc😀')
    const bytes = new Uint8Array([1, 2])
    const out = wellFormed({ text: 'x\uD83D', photos: [{ alt: '\uDE00' }], bytes, n: 3, ...JSON.parse('{"__proto__": {"a": 1}}') }) as Record<string, unknown>
    expect(out).toMatchObject({ text: 'x\uFFFD', photos: [{ alt: '\uFFFD' }], n: 3 })
    expect(out.bytes).toBe(bytes)
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype)
    expect(Object.keys(out)).toContain('__proto__')
  })

  it('local store: a post, its 사진 설명, a comment and a nickname are kept as valid UTF-8', async () => {
    const app = await startApp()
    await signUp(app, 'surrogate')
    const postId = await writeBrokenText(app)
    expect(invalidText(app.store)).toEqual([])
    const post = await app.call('posts:get', { id: postId })
    expect(post.text).toBe('글 a\uFFFDb \uFFFDc')
    expect(post.photos[0]?.alt).toBe('설명 a\uFFFDb \uFFFDc')
    const { comments } = await app.call('comments:list', { postId })
    expect(comments[0]?.text).toBe('댓글 a\uFFFDb \uFFFDc')
  })

  it('community: what Magpie writes and what another client wrote are valid UTF-8 in the project and the mirror', async () => {
    const fake = createFakeFirebase()
    const app = await startCommunityApp(fake)
    await join(app, 'surrogate')
    const postId = await writeBrokenText(app)
    fake.webApp.addPost(webAppPost({ uid: 'web-uid', email: 'web@example.com', nickname: '웹\uDC00' }, { postTxt: broken('웹 글') }), 'webpost')
    fake.webApp.addComment({ post_id: postId, comment: broken('웹 댓글'), comment_by: 'web@example.com', comment_nick: '웹', comment_time: '2025. 12. 1. 오전 10:00' })
    await app.settle()
    await app.call('posts:feed', {})
    await app.call('comments:list', { postId })
    const sent = JSON.stringify([fake.data.posts()[postId], Object.values(fake.data.comments()).filter((c) => c.comment_by !== 'web@example.com')])
    expect(sent).not.toMatch(/[\uD800-\uDFFF]/)
    expect(sent).toContain('글 a\uFFFDb')
    expect(invalidText(app.mirror())).toEqual([])
    const web = await app.call('posts:get', { id: 'webpost' })
    expect(web.text).toBe('웹 글 a\uFFFDb \uFFFDc')
  })
})
