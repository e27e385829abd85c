import { afterEach, describe, expect, it } from 'vitest'
import { cleanupTestApps, createPost, imageFiles, signUp, startApp, tinyJpeg } from '../../../../tests/support/main/test-app'

afterEach(cleanupTestApps)

describe('person pages (local store)', () => {
  it('shows a person: face, since when, their counts and their posts newest first, a page at a time', async () => {
    const app = await startApp()
    const author = await signUp(app, 'writer', { nickname: '작가' })
    const first = await createPost(app, '첫 글')
    const second = await createPost(app, '둘째 글')
    await signUp(app, 'reader')
    await app.call('likes:set', { postId: first.id, liked: true })

    const page = await app.call('people:get', { id: author.user.id })
    expect(page).toMatchObject({ person: { id: author.user.id, nickname: '작가', avatar: null }, postCount: 2, likesReceived: 1, mine: false })
    expect(page.joinedAt).toEqual(expect.any(Number))
    expect(JSON.stringify(page)).not.toContain('@')
    expect((await app.call('people:posts', { id: author.user.id })).posts.map((p) => p.id)).toEqual([second.id, first.id])
    expect(await app.refused('people:get', { id: 'nobody' })).toMatchObject({ code: 'personNotFound' })
  })

  it('pages the grid by cursor', async () => {
    const app = await startApp()
    const author = await signUp(app, 'busy')
    const made: string[] = []
    for (let i = 0; i < 26; i++) made.unshift((await createPost(app, `글 ${i}`)).id)
    const one = await app.call('people:posts', { id: author.user.id })
    expect(one.posts).toHaveLength(24)
    const two = await app.call('people:posts', { id: author.user.id, cursor: one.nextCursor })
    expect([...one.posts, ...two.posts].map((p) => p.id)).toEqual(made)
    expect(two.nextCursor).toBeNull()
  })

  it('edits one\'s own nickname and photo: shown on every post at once, under the identity rules', async () => {
    const app = await startApp()
    await signUp(app, 'other', { nickname: '관리자' })
    const me = await signUp(app, 'me', { nickname: '나', profileImage: await tinyJpeg('#ff0000') })
    const post = await createPost(app)
    const oldFiles = await imageFiles(app)

    expect(await app.refused('people:updateProfile', { nickname: '관리자' })).toMatchObject({ code: 'nicknameTaken', field: 'nickname' })
    expect(await app.refused('people:updateProfile', { nickname: '관\u200b리자' })).toMatchObject({ code: 'nicknameHidden', field: 'nickname' })
    expect(await app.refused('people:updateProfile', { nickname: 'a#1' })).toMatchObject({ code: 'nicknameMark' })

    const face = await app.call('people:updateProfile', { nickname: ' 새 이름 ', photo: await tinyJpeg('#00ff00') })
    expect(face).toMatchObject({ id: me.user.id, nickname: '새 이름' })
    expect(face.avatar?.id).not.toBe(me.user.avatar?.id)
    expect((await app.call('posts:get', { id: post.id })).author.nickname).toBe('새 이름')
    expect((await app.call('auth:session')).user?.nickname).toBe('새 이름')
    // The old photo's files are gone, the new one's are there.
    const files = await imageFiles(app)
    for (const file of me.user.avatar!.variants.map((v) => v.url.slice('/media/'.length))) expect(files).not.toContain(file)
    expect(files.length).toBe(oldFiles.length)

    // Photo absent: kept; null: removed. The same name again is no look-alike of oneself.
    expect((await app.call('people:updateProfile', { nickname: '새 이름' })).avatar?.id).toBe(face.avatar?.id)
    expect((await app.call('people:updateProfile', { nickname: '새 이름', photo: null })).avatar).toBeNull()
  })
})
