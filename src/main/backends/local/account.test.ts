import { existsSync } from 'node:fs'
import { readdir, readFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanupTestApps, createPhotoPost, createPost, signUp, startApp, tinyJpeg } from '../../../../tests/support/main/test-app'
import { readZip } from '../../../../tests/support/zip'

afterEach(cleanupTestApps)

const hostile = '<script>alert("x")</script><img src=x onerror=alert(1)> & 까치'
/** A 사진 설명 that tries to leave its attribute. */
const hostileAlt = '"><script>alert(1)</script>'

describe('내 데이터 내려받기 in local mode (decision 027)', () => {
  it('a ZIP of my posts (JSON and a page that escapes every text), my photos as stored, comments, likes and alerts, with progress; nobody else\'s email', async () => {
    const mine = await startApp()
    const me = await signUp(mine, 'exporter', { profileImage: await tinyJpeg('#aa3355') })
    const theirs = await startApp({ dataDir: mine.dataDir })
    const them = await signUp(theirs, 'neighbour')
    const post = await createPost(mine, hostile)
    const other = await createPost(theirs, '이웃의 글')
    await theirs.call('likes:set', { postId: post.id, liked: true })
    await theirs.call('comments:add', { postId: post.id, text: '좋은 글이에요' })
    await mine.call('likes:set', { postId: other.id, liked: true })
    await mine.call('comments:add', { postId: other.id, text: `내 댓글 ${hostile}` })
    await mine.call('saved:set', { postId: other.id, saved: true })
    await theirs.call('saved:set', { postId: post.id, saved: true })

    const several = await createPhotoPost(mine, ['바다', '', hostileAlt])

    const result = await mine.call('account:export')
    expect(result).toEqual({ saved: true, download: null })
    const path = mine.desktop.recording.saves.at(-1)!
    expect(path).toMatch(/magpie-data-\d{4}-\d{2}-\d{2}\.zip$/)
    const progress = mine.eventsOf('account:exportProgress').map((e) => e.progress)
    expect(progress[0]).toBe(0)
    expect(progress.at(-1)).toBe(1)
    expect(progress).toEqual([...progress].sort((a, b) => a - b))

    const entries = await readZip(path)
    expect([...entries.keys()].sort()).toEqual(
      [
        'data/account.json', 'data/alerts.json', 'data/comments.json', 'data/likes.json', 'data/notices.json', 'data/posts.json', 'data/reports.json', 'data/saved.json', 'index.html', `photos/post-${post.id}.webp`, 'photos/profile.webp',
        `photos/post-${several.id}.webp`, `photos/post-${several.id}-2.webp`, `photos/post-${several.id}-3.webp`
      ].sort()
    )
    const json = (name: string) => JSON.parse(entries.get(name)!.bytes.toString('utf8'))
    expect(json('data/account.json')).toMatchObject({ email: me.email, nickname: me.user.nickname, community: null, photo: 'photos/profile.webp' })
    expect(json('data/posts.json')).toEqual([
      expect.objectContaining({ id: post.id, text: hostile, likeCount: 1, commentCount: 1, photos: [{ file: `photos/post-${post.id}.webp`, alt: '' }] }),
      // Every photo in order, with its 사진 설명 (decision 031).
      expect.objectContaining({
        id: several.id,
        photos: [
          { file: `photos/post-${several.id}.webp`, alt: '바다' },
          { file: `photos/post-${several.id}-2.webp`, alt: '' },
          { file: `photos/post-${several.id}-3.webp`, alt: hostileAlt }
        ]
      })
    ])
    for (const [i, shown] of several.photos.entries()) {
      const largestOf = shown.image.variants.reduce((a, b) => (b.width > a.width ? b : a))
      const name = `photos/post-${several.id}${i === 0 ? '' : `-${i + 1}`}.webp`
      expect(entries.get(name)!.bytes.equals(await readFile(join(mine.dataDir, 'images', largestOf.url.slice('/media/'.length))))).toBe(true)
    }
    expect(json('data/comments.json')).toEqual([expect.objectContaining({ postId: other.id, text: `내 댓글 ${hostile}` })])
    expect(json('data/likes.json')).toEqual([expect.objectContaining({ postId: other.id, authorNickname: them.user.nickname, postText: '이웃의 글' })])
    // Her saves (decision 038), the post and when; not the neighbour's.
    expect(json('data/saved.json')).toEqual([{ postId: other.id, savedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) }])
    expect(json('data/alerts.json').map((a: { type: string; actorNickname: string }) => [a.type, a.actorNickname]).sort()).toEqual([
      ['comment', them.user.nickname],
      ['like', them.user.nickname]
    ])

    // The photo as stored: the largest variant's bytes, not compressed again.
    const photo = entries.get(`photos/post-${post.id}.webp`)!
    const largest = post.photos[0]!.image!.variants.reduce((a, b) => (b.width > a.width ? b : a))
    expect(photo.bytes.equals(await readFile(join(mine.dataDir, 'images', largest.url.slice('/media/'.length))))).toBe(true)
    expect(photo.stored).toBe(true)

    const html = entries.get('index.html')!.bytes.toString('utf8')
    // No script, and no tag with an event handler: the hostile text is only text.
    expect(html).not.toMatch(/<script/i)
    expect(html).not.toMatch(/<[^>]*\son\w+=/i)
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt; &amp; 까치')
    expect(html).toContain("default-src 'none'")
    expect(html).toContain(`src="photos/post-${post.id}.webp" alt="사진 1/1"`)
    expect(html).toContain(`src="photos/post-${several.id}.webp" alt="바다"`)
    expect(html).toContain(`src="photos/post-${several.id}-2.webp" alt="사진 2/3"`)
    expect(html).toContain(`src="photos/post-${several.id}-3.webp" alt="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;">`)

    const everything = [...entries.values()].map((e) => e.bytes.toString('utf8')).join('\n')
    expect(everything).not.toContain(them.email)
    // Nothing left beside it: the .part file became the archive.
    expect(await readdir(dirname(path))).toEqual([path.slice(dirname(path).length + 1)])
  })

  it('a cancelled save dialog writes nothing; a second export while one runs is refused', async () => {
    const app = await startApp()
    await signUp(app, 'canceller')
    app.desktop.cancelNextSave()
    expect(await app.call('account:export')).toEqual({ saved: false, download: null })
    expect(app.desktop.recording.saves).toEqual([])

    const [first, second] = await Promise.all([app.magpie.dispatch('account:export', undefined), app.magpie.dispatch('account:export', undefined)])
    expect(first).toMatchObject({ ok: true, data: { saved: true } })
    expect(second).toMatchObject({ ok: false, error: { code: 'exportRunning' } })
    expect(existsSync(app.desktop.recording.saves[0]!)).toBe(true)
  })
})
