import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanupTestApps, createPost, filesOf, logIn, signUp, startApp, tinyJpeg } from '../../../../tests/support/main/test-app'

afterEach(cleanupTestApps)

describe('회원 탈퇴 in local mode (decision 027)', () => {
  it('with the password: my rows and photo files go, my other copy is signed out, everyone else\'s stays', async () => {
    const mine = await startApp()
    const me = await signUp(mine, 'leaver', { profileImage: await tinyJpeg('#118833') })
    const laptop = await startApp({ dataDir: mine.dataDir })
    await logIn(laptop, me)
    const theirs = await startApp({ dataDir: mine.dataDir })
    await signUp(theirs, 'stayer')
    const post = await createPost(mine, '떠나는 글')
    const kept = await createPost(theirs, '남는 글')
    await mine.call('likes:set', { postId: kept.id, liked: true })
    await mine.call('comments:add', { postId: kept.id, text: '남기는 댓글' })
    await theirs.call('comments:add', { postId: post.id, text: '떠나는 글에 남긴 댓글' })
    const myFiles = [...filesOf(post.photos[0]!.image!), ...filesOf((await mine.call('auth:session')).user!.avatar!)]

    expect(await mine.refused('account:delete', { password: 'not-mine-at-all' })).toMatchObject({ code: 'currentPasswordWrong', field: 'password' })
    expect(await mine.refused('account:delete', { password: '' })).toMatchObject({ code: 'currentPasswordRequired', field: 'password' })
    expect(await mine.call('account:delete', { password: me.password })).toEqual({ user: null })

    expect(mine.eventsOf('session:changed').at(-1)).toEqual({ user: null })
    expect(await laptop.call('auth:session')).toEqual({ user: null })
    expect(await theirs.refused('posts:get', { id: post.id })).toMatchObject({ code: 'notFound' })
    const view = await theirs.call('posts:get', { id: kept.id })
    expect([view.likeCount, view.commentCount]).toEqual([0, 0])
    for (const file of myFiles) expect(existsSync(join(mine.dataDir, 'images', file))).toBe(false)
    for (const file of filesOf(kept.photos[0]!.image!)) expect(existsSync(join(mine.dataDir, 'images', file))).toBe(true)
    expect(await theirs.refused('auth:login', { email: me.email, password: me.password })).toMatchObject({ code: 'loginFailed' })
    expect(mine.store.deletions.pending()).toEqual([])
  })

  it('cut short at each step: before the commit nothing is gone; after it, the next start removes the files and ends the journal', async () => {
    const app = await startApp()
    const me = await signUp(app, 'interrupted')
    const post = await createPost(app, '사진이 있는 글')
    const files = filesOf(post.photos[0]!.image!).map((file) => join(app.dataDir, 'images', file))

    // The transaction fails: the account is whole and still signed in, and no journal row is left.
    vi.spyOn(app.store.account, 'removeUser').mockImplementationOnce(() => {
      throw new Error('disk went away')
    })
    expect(await app.refused('account:delete', { password: me.password })).toMatchObject({ code: 'serverError' })
    expect((await app.call('auth:session')).user?.email).toBe(me.email)
    expect(app.store.deletions.pending()).toEqual([])

    // The rows are gone but the app stops before the files: the journal says what is left.
    vi.spyOn(app.store.deletions, 'pending').mockImplementationOnce(() => {
      throw new Error('the window closed')
    })
    expect(await app.call('account:delete', { password: me.password })).toEqual({ user: null })
    expect(app.store.deletions.pending()).toEqual([expect.objectContaining({ step: 'files', email: me.email })])
    expect(files.every((file) => existsSync(file))).toBe(true)
    app.close()

    const again = await startApp({ dataDir: app.dataDir, profileDir: app.profileDir })
    expect(files.some((file) => existsSync(file))).toBe(false)
    expect(again.store.deletions.pending()).toEqual([])
    expect(await again.call('auth:session')).toEqual({ user: null })
  })
})
