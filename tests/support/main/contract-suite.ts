import { randomBytes } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import type { Channel } from '@shared/ipc/channels'
import type { AppErrorShape, Input, Output } from '@shared/ipc/contract'
import { format, messages } from '@shared/messages'
import type { PostView, SessionUser } from '@shared/types'
import type { RecordingDesktop } from '../../../src/harness/recording-desktop'
import { tinyJpeg } from './test-app'

/**
 * The backend contract: what every backend must do the same way, seen exactly as the
 * renderer sees it (through dispatch). One suite, run against the local store
 * (contract.local.test.ts, in `npm test`), the fake Firebase project
 * (contract.fake-firebase.test.ts, in `npm test`) and the real SDK adapter on the Firebase
 * emulators (tests/firebase/contract.test.ts, `npm run test:firebase`).
 *
 * Changes travel between app copies asynchronously on every backend (the local store's
 * watcher, Firebase's listeners), so what one copy should see of another's write is
 * awaited with `eventually`. Accounts are new in every test (an emulator keeps its data),
 * and assertions look for their own posts rather than at whole feeds.
 */

export interface ContractClient {
  call<C extends Channel>(channel: C, ...input: Input<C> extends void ? [] : [Input<C>]): Promise<Output<C>>
  refused(channel: string, input?: unknown): Promise<AppErrorShape>
  desktop: RecordingDesktop
  /** Lets what is in flight arrive (the fake's listeners); resolves at once where there is nothing to wait for. */
  settle(): Promise<void>
}

export interface ContractBackend {
  /** One more app copy on this backend: another person's computer, or another copy sharing the data. */
  client(): Promise<ContractClient>
  close(): Promise<void>
}

export interface ContractOptions {
  /** How long a change may take to reach another copy. */
  propagationMs?: number
  /** Per-test time-out (the emulators are slower than the fake). */
  testTimeoutMs?: number
}

export function backendContract(name: string, open: () => Promise<ContractBackend>, options: ContractOptions = {}): void {
  const propagationMs = options.propagationMs ?? 10_000
  const run = randomBytes(3).toString('hex')
  let accounts = 0
  let backend: ContractBackend | null = null

  async function start(count: number): Promise<ContractClient[]> {
    backend = await open()
    const clients: ContractClient[] = []
    for (let i = 0; i < count; i++) clients.push(await backend.client())
    return clients
  }

  /** Retries `check` until it passes: another copy's change is on its way. */
  async function eventually<T>(clients: ContractClient[], check: () => Promise<T>): Promise<T> {
    const deadline = Date.now() + propagationMs
    for (;;) {
      try {
        return await check()
      } catch (error) {
        if (Date.now() > deadline) throw error
        for (const client of clients) await client.settle()
        await new Promise((resolve) => setTimeout(resolve, 25))
      }
    }
  }

  async function signUp(client: ContractClient, nickname: string): Promise<{ email: string; password: string; user: SessionUser }> {
    const email = `${nickname.toLowerCase()}-${run}-${accounts++}@example.com`
    const password = `pw-${nickname}-secret`
    const session = await client.call('auth:signUp', { email, nickname, password, passwordConfirm: password, profileImage: null })
    return { email, password, user: session.user! }
  }

  async function write(client: ContractClient, text: string): Promise<PostView> {
    const upload = await client.call('images:add', { requestId: `r-${accounts++}`, purpose: 'post', bytes: await tinyJpeg() })
    return client.call('posts:create', { photos: [{ uploadId: upload.uploadId, alt: '' }], text, layout: 'Top' })
  }

  const feedHas = async (client: ContractClient, postId: string): Promise<PostView> => {
    const post = (await client.call('posts:feed', {})).posts.find((p) => p.id === postId)
    expect(post).toBeDefined()
    return post!
  }

  describe(`backend contract: ${name}`, { timeout: options.testTimeoutMs ?? 30_000 }, () => {
    afterEach(async () => {
      await backend?.close()
      backend = null
    })

    it('accounts: sign up, sign out, log in; a wrong password and a taken email are refused', async () => {
      const [app] = await start(1)
      const minji = await signUp(app!, '민지')
      expect(minji.user).toMatchObject({ nickname: '민지', email: minji.email, avatar: null })
      expect((await app!.call('auth:session')).user).toMatchObject({ id: minji.user.id })
      expect(await app!.call('auth:logout')).toEqual({ user: null })
      expect(await app!.refused('auth:login', { email: minji.email, password: 'wrong-password' })).toEqual({ code: 'loginFailed', message: messages.loginFailed })
      expect(
        await app!.refused('auth:signUp', { email: minji.email, nickname: '다른', password: 'secret-9', passwordConfirm: 'secret-9', profileImage: null })
      ).toMatchObject({ code: 'emailTaken', field: 'email' })
      expect((await app!.call('auth:login', { email: minji.email, password: minji.password })).user).toMatchObject({ id: minji.user.id, nickname: '민지' })
    })

    it('validation and permissions: the same messages on every backend', async () => {
      const [app] = await start(1)
      expect(await app!.refused('posts:create', { photos: [], text: '글', layout: 'Top' })).toMatchObject({ code: 'loginFirstWrite' })
      expect(await app!.refused('likes:set', { postId: 'x', liked: true })).toMatchObject({ code: 'loginFirstLike' })
      expect(await app!.refused('comments:add', { postId: 'x', text: '안녕' })).toMatchObject({ code: 'loginFirstComment' })
      await signUp(app!, '검사')
      const upload = await app!.call('images:add', { requestId: 'r', purpose: 'post', bytes: await tinyJpeg() })
      expect(await app!.refused('posts:create', { photos: [{ uploadId: upload.uploadId, alt: '' }], text: '   ', layout: 'Top' })).toMatchObject({ code: 'postTextRequired' })
      expect(await app!.refused('posts:create', { photos: [], text: '글', layout: 'Top' })).toMatchObject({ code: 'postImageRequired' })
      const post = await app!.call('posts:create', { photos: [{ uploadId: upload.uploadId, alt: '' }], text: '글', layout: 'Top' })
      expect(await app!.refused('comments:add', { postId: post.id, text: '  ' })).toMatchObject({ code: 'commentRequired' })
    })

    it('posts: the writer sees it at once, others soon; only the author edits and deletes', async () => {
      const [a, b] = await start(2)
      await signUp(a!, '앨리스')
      await signUp(b!, '밥')
      const post = await write(a!, '앨리스의 글')
      expect(post).toMatchObject({ text: '앨리스의 글', mine: true, likeCount: 0, commentCount: 0, author: { nickname: '앨리스' }, edited: false })
      expect(await feedHas(a!, post.id)).toMatchObject({ mine: true })
      const seen = await eventually([a!, b!], () => feedHas(b!, post.id))
      expect(seen).toMatchObject({ text: '앨리스의 글', mine: false, author: { nickname: '앨리스' }, edited: false })
      expect(JSON.stringify(seen)).not.toContain('@')
      // Find looks in the posts the feed showed, at the place the feed showed them.
      const feed = (await b!.call('posts:feed', {})).posts.map((p) => p.id)
      expect(await b!.call('posts:find', { query: '앨리스의', through: null })).toEqual({ positions: [feed.indexOf(post.id)] })

      expect(await b!.refused('posts:update', { id: post.id, text: '밥이 고침', layout: 'Left' })).toEqual({ code: 'onlyAuthorEdit', message: messages.onlyAuthorEdit })
      expect(await b!.refused('posts:delete', { id: post.id })).toMatchObject({ code: 'onlyAuthorEdit' })
      expect(await a!.call('posts:update', { id: post.id, text: '고친 글', layout: 'Right' })).toMatchObject({ text: '고친 글', layout: 'Right', edited: true })
      // 수정됨 on every copy: the one that edited, and the one that saw the edit arrive.
      await eventually([a!, b!], async () => expect(await b!.call('posts:get', { id: post.id })).toMatchObject({ text: '고친 글', layout: 'Right', edited: true }))

      expect(await a!.call('posts:delete', { id: post.id })).toEqual({ id: post.id })
      expect(await a!.refused('posts:get', { id: post.id })).toMatchObject({ code: 'notFound' })
      await eventually([a!, b!], async () => expect((await b!.call('posts:feed', {})).posts.map((p) => p.id)).not.toContain(post.id))
    })

    it('saved posts: each person\'s own list, last saved first; 저장 취소, and a deleted post leaves it', async () => {
      const [a, b] = await start(2)
      expect(await a!.refused('saved:set', { postId: 'x', saved: true })).toEqual({ code: 'loginFirstSave', message: messages.loginFirstSave })
      await signUp(a!, '저장앨리스')
      await signUp(b!, '저장밥')
      const first = await write(a!, '먼저 쓴 글')
      const second = await write(a!, '나중에 쓴 글')
      await eventually([a!, b!], () => feedHas(b!, second.id))
      expect(await b!.call('saved:set', { postId: second.id, saved: true })).toEqual({ ids: [second.id] })
      expect(await b!.call('saved:set', { postId: first.id, saved: true })).toEqual({ ids: [first.id, second.id] })
      // Saving again keeps the first time: the order stands.
      expect(await b!.call('saved:set', { postId: second.id, saved: true })).toEqual({ ids: [first.id, second.id] })
      const page = await b!.call('saved:list', { cursor: null })
      expect(page.posts.map((p) => p.id)).toEqual([first.id, second.id])
      expect(page.nextCursor).toBeNull()
      // Each with when b saved it (저장한 날), not when it was written: the first post, written
      // first, was saved last. (Each copy has its own clock, so only b's times are compared.)
      const [savedFirst, savedSecond] = page.posts
      expect(first.id === savedFirst!.id && savedFirst!.savedAt >= savedSecond!.savedAt).toBe(true)
      // Nobody else's: the author saved nothing.
      expect(await a!.call('saved:ids')).toEqual({ ids: [] })
      expect((await a!.call('saved:list', { cursor: null })).posts).toEqual([])
      expect(await b!.refused('saved:set', { postId: 'no-such-post', saved: true })).toMatchObject({ code: 'notFound' })

      expect(await b!.call('saved:set', { postId: second.id, saved: false })).toEqual({ ids: [first.id] })
      await a!.call('posts:delete', { id: first.id })
      await eventually([a!, b!], async () => expect((await b!.call('saved:list', { cursor: null })).posts).toEqual([]))
      expect(await b!.call('saved:ids')).toEqual({ ids: [] })
    })

    it('search: any post the copy knows by part of a word (Korean, NFD, any case), a hashtag and its page, people by nickname without emails', async () => {
      const [a, b] = await start(2)
      const author = await signUp(a!, `검색${run}`)
      await signUp(b!, '밥')
      const post = await write(a!, `오늘 한강공원에서 Picnic ${run} #봄나들이${run}`)
      await write(a!, `#봄나들이${run}가자 는 다른 태그예요`)
      const seen = await eventually([a!, b!], () => feedHas(b!, post.id))
      const found = async (query: string) => (await b!.call('search:query', { query })).posts.map((p) => p.id)
      expect(await found('한강')).toContain(post.id)
      expect(await found('한강공'.normalize('NFD'))).toContain(post.id)
      expect(await found(`picnic ${run}`.toUpperCase())).toEqual([post.id])
      expect(await found(`#봄나들`)).toContain(post.id)
      expect(await found(`${run} 없는말`)).toEqual([])
      expect((await b!.call('search:tag', { tag: `봄나들이${run}` })).posts.map((p) => p.id)).toEqual([post.id])
      const people = (await b!.call('search:query', { query: `검색${run}` })).people
      expect(people).toEqual([{ id: seen.author.id, nickname: author.user.nickname, avatar: null }])
      expect(JSON.stringify(await b!.call('search:query', { query: run }))).not.toContain('@')
    })

    it('likes: a desired state; the author gets one like alert however often it is given; none for one\'s own post', async () => {
      const [a, b] = await start(2)
      await signUp(a!, '앨리스')
      await signUp(b!, '밥')
      const post = await write(a!, '좋아요 받을 글')
      await eventually([a!, b!], () => feedHas(b!, post.id))
      expect(await b!.call('likes:set', { postId: post.id, liked: true })).toEqual({ postId: post.id, likeCount: 1, likedByMe: true })
      expect(await b!.call('likes:set', { postId: post.id, liked: true })).toEqual({ postId: post.id, likeCount: 1, likedByMe: true })
      expect(await b!.call('likes:set', { postId: post.id, liked: false })).toEqual({ postId: post.id, likeCount: 0, likedByMe: false })
      expect(await b!.call('likes:set', { postId: post.id, liked: true })).toEqual({ postId: post.id, likeCount: 1, likedByMe: true })
      // The author's own like: no alert. (Bob's like may still be on its way to this copy: the count settles below.)
      expect(await a!.call('likes:set', { postId: post.id, liked: true })).toMatchObject({ likedByMe: true })

      const alerts = await eventually([a!, b!], async () => {
        const list = await a!.call('alerts:list')
        expect(list.count).toBe(1)
        return list
      })
      expect(alerts.alerts[0]).toMatchObject({ type: 'like', postId: post.id, actor: { nickname: '밥' }, text: format.alertLike('밥') })
      await eventually([a!, b!], async () => expect(await b!.call('posts:get', { id: post.id })).toMatchObject({ likeCount: 2, likedByMe: true }))
      await eventually([a!, b!], async () => expect(await a!.call('posts:get', { id: post.id })).toMatchObject({ likeCount: 2, likedByMe: true }))
      expect((await b!.call('alerts:list')).count).toBe(0)

      // "좋아요 N개" lists who liked it, newest first, by nickname: Bob's copy knows both from
      // their own writing and session. The other copy may know a liker only by the email their
      // like names (community mode), which it never sends: such a nickname comes as null.
      await eventually([a!, b!], async () => {
        const list = await b!.call('likes:list', { postId: post.id })
        expect([list.count, list.likers.map((l) => l.nickname).sort()]).toEqual([2, ['밥', '앨리스']])
      })
      const seenByAuthor = await a!.call('likes:list', { postId: post.id })
      expect(seenByAuthor.count).toBe(2)
      expect(seenByAuthor.likers.filter((l) => l.nickname === '앨리스')).toHaveLength(1)
      expect(seenByAuthor.likers.find((l) => l.nickname !== '앨리스')?.nickname).toBeOneOf(['밥', null])
      expect(JSON.stringify(seenByAuthor)).not.toContain('@')
      expect(await a!.refused('likes:list', { postId: 'no-such-post' })).toMatchObject({ code: 'notFound' })
    })

    it('comments and alerts: others see a comment, its author is alerted with a notification and the badge; only the writer deletes it', async () => {
      const [a, b] = await start(2)
      await signUp(a!, '앨리스')
      await signUp(b!, '밥')
      const post = await write(a!, '댓글 받을 글')
      await eventually([a!, b!], () => feedHas(b!, post.id))
      const comment = await b!.call('comments:add', { postId: post.id, text: '  멋져요  ' })
      expect(comment).toMatchObject({ postId: post.id, text: '멋져요', mine: true, author: { nickname: '밥' } })

      const seen = await eventually([a!, b!], async () => {
        const page = await a!.call('comments:list', { postId: post.id })
        expect(page.comments.map((c) => c.text)).toEqual(['멋져요'])
        return page
      })
      expect(seen.comments[0]).toMatchObject({ mine: false, author: { nickname: '밥' } })
      await eventually([a!, b!], async () => {
        expect(a!.desktop.recording.badge).toBe(1)
        // At the comment where the backend knows which one it is (local); else at the post.
        expect([`/detail/${post.id}?comment=${comment.id}`, `/detail/${post.id}`]).toContain(a!.desktop.recording.notifications[0]!.route)
        // With the comment's first words where the backend has them (local); the web app's alerts carry none.
        expect([format.alertComment('밥', '멋져요'), format.alertComment('밥')]).toContain(a!.desktop.recording.notifications[0]!.body)
      })
      expect(b!.desktop.recording.notifications).toEqual([])

      expect(await a!.refused('comments:delete', { id: comment.id })).toEqual({ code: 'onlyCommentAuthorDelete', message: messages.onlyCommentAuthorDelete })
      expect(await b!.call('comments:delete', { id: comment.id })).toEqual({ id: comment.id, postId: post.id })
      await eventually([a!, b!], async () => expect((await a!.call('comments:list', { postId: post.id })).comments).toEqual([]))
    })

    it('alerts: delete one, clear all, and the badge follows', async () => {
      const [a, b] = await start(2)
      await signUp(a!, '앨리스')
      await signUp(b!, '밥')
      const post = await write(a!, '알림 받을 글')
      await eventually([a!, b!], () => feedHas(b!, post.id))
      await b!.call('comments:add', { postId: post.id, text: '하나' })
      await b!.call('comments:add', { postId: post.id, text: '둘' })
      await b!.call('likes:set', { postId: post.id, liked: true })
      const list = await eventually([a!, b!], async () => {
        // Three alerts, two rows (the comments are one), counted as the rows (decision 022).
        const alerts = await a!.call('alerts:list')
        expect([alerts.count, alerts.alerts.map((r) => r.type)]).toEqual([2, ['like', 'comment']])
        return alerts
      })
      expect((await a!.call('alerts:delete', { id: list.alerts[0]!.id })).count).toBe(1)
      expect(a!.desktop.recording.badge).toBe(1)
      expect(await a!.call('alerts:clear')).toEqual({ alerts: [], count: 0, unseen: 0 })
      expect(a!.desktop.recording.badge).toBe(0)
      await a!.settle()
      expect((await a!.call('alerts:list')).count).toBe(0)
    })
  })
}
