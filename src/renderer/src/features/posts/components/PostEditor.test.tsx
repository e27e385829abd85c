// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { Link, Route, Routes, useParams } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { format, messages } from '@shared/messages'
import { applySession } from '@/shared/lib/session'
import { CurrentPath, deferred, installFakeMagpie, ok, renderWithApp, samplePost } from '@tests/support/renderer/render'
import { ConfirmProvider } from '@/shared/ui/ConfirmProvider'
import { PostEditor } from './PostEditor'

const toast = vi.hoisted(() => Object.assign(vi.fn(), { error: vi.fn(), success: vi.fn() }))
vi.mock('sonner', () => ({ toast }))

const me = { user: { id: 'me', nickname: '나', avatar: null, email: 'me@example.com' } }
const other = { user: { id: 'other', nickname: '남', avatar: null, email: 'other@example.com' } }
const upload = { uploadId: 'up-1', image: samplePost().photos[0]!.image }

beforeEach(() => {
  // jsdom has no object URLs; the editor only hands them to <img> for the local preview.
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => {} }))
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  toast.mockClear()
  toast.success.mockClear()
  toast.error.mockClear()
})

function Editor() {
  const { postId = 'new' } = useParams()
  return <PostEditor key={postId} postId={postId} />
}

function Screens() {
  return (
    <>
      <Routes>
        <Route path="/write/:postId" element={<Editor />} />
        <Route path="/detail/:postId" element={<Link to="/write/post-1">수정</Link>} />
        <Route path="*" element={<Link to="/write/new">글쓰기</Link>} />
      </Routes>
      <CurrentPath />
    </>
  )
}

const text = () => screen.getByLabelText<HTMLTextAreaElement>('글 내용', { selector: 'textarea' })
const photo = (name: string) => new File([new Uint8Array([0xff, 0xd8, 0xff])], name, { type: 'image/jpeg' })
/** Each upload its own id and image, in the order sent: up-1, up-2, … */
const numberedUploads = () => {
  let n = 0
  return () => {
    n++
    return ok({ uploadId: `up-${n}`, image: { ...upload.image, id: `img-${n}` } })
  }
}
const altField = (i: number) => screen.getByLabelText<HTMLTextAreaElement>(`사진 ${i} · 사진 설명`, { exact: false, selector: 'textarea' })
const others = (calls: { channel: string }[]) => calls.filter((c) => c.channel !== 'posts:photoRules')

describe('PostEditor', () => {
  it('logging out while writing says the draft is kept, leaves, and gives it back after logging in again', async () => {
    installFakeMagpie({})
    const { client } = renderWithApp(<Screens />, { session: me, route: '/write/new' })
    fireEvent.change(text(), { target: { value: '쓰다 만 글' } })
    fireEvent.click(screen.getByLabelText('텍스트 오른쪽'))

    act(() => applySession(client, { user: null }))
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/'))
    await waitFor(() => expect(toast).toHaveBeenCalledWith('로그아웃되었어요. 쓰던 글은 다시 로그인하면 이어서 쓸 수 있어요'))
    // Not a refusal: the writer did nothing wrong.
    expect(toast).toHaveBeenCalledTimes(1)
    expect(toast.error).not.toHaveBeenCalled()

    act(() => applySession(client, me))
    fireEvent.click(screen.getByRole('link', { name: '글쓰기' }))
    expect(text().value).toBe('쓰다 만 글')
    expect(screen.getByLabelText<HTMLInputElement>('텍스트 오른쪽').checked).toBe(true)
  })

  it('never shows one person’s draft to the next person signed in', async () => {
    installFakeMagpie({})
    const { client } = renderWithApp(<Screens />, { session: me, route: '/write/new' })
    fireEvent.change(text(), { target: { value: '나만의 초안' } })
    act(() => applySession(client, other))
    await waitFor(() => expect(text().value).toBe(''))
  })

  it('a visitor who is not logged in is told to log in first', async () => {
    installFakeMagpie({})
    renderWithApp(<Screens />, { route: '/write/new' })
    await waitFor(() => expect(toast).toHaveBeenCalledWith('글을 쓰려면 먼저 로그인해 주세요'))
    expect(screen.getByTestId('path').textContent).toBe('/')
  })

  it('takes no second photo while the first is being processed', async () => {
    const answer = deferred()
    const fake = installFakeMagpie({ 'images:add': () => answer.promise })
    renderWithApp(<Screens />, { session: me, route: '/write/new' })
    const zone = screen.getByTestId('image-drop')
    fireEvent.drop(zone, { dataTransfer: { files: [photo('first.jpg')] } })
    fireEvent.drop(zone, { dataTransfer: { files: [photo('second.jpg')] } })
    await waitFor(() => expect(fake.calls.filter((c) => c.channel === 'images:add')).toHaveLength(1))
    fireEvent.drop(zone, { dataTransfer: { files: [photo('third.jpg')] } })
    await act(async () => answer.resolve(ok(upload)))
    expect(fake.calls.filter((c) => c.channel === 'images:add')).toHaveLength(1)
  })

  it('refuses a photo over 10 MB or of a type main does not take at once, without reading or sending it', async () => {
    const fake = installFakeMagpie({ 'images:add': () => ok(upload) })
    renderWithApp(<Screens />, { session: me, route: '/write/new' })
    const huge = photo('huge.jpg')
    Object.defineProperty(huge, 'size', { value: 26 * 1024 * 1024 })
    const svg = new File(['<svg/>'], 'a.svg', { type: 'image/svg+xml' })
    const read = vi.fn()
    huge.arrayBuffer = svg.arrayBuffer = read

    fireEvent.change(screen.getByTestId('post-image-input'), { target: { files: [huge] } })
    expect(screen.getByRole('alert').textContent).toBe(messages.imageTooLarge)
    fireEvent.drop(screen.getByTestId('image-drop'), { dataTransfer: { files: [svg] } })
    expect(screen.getByRole('alert').textContent).toBe(messages.imageUnsupported)
    expect(read).not.toHaveBeenCalled()
    expect(fake.calls.filter((c) => c.channel === 'images:add')).toHaveLength(0)

    // The picker stays usable: a good photo is sent and the message goes.
    fireEvent.change(screen.getByTestId('post-image-input'), { target: { files: [photo('ok.jpg')] } })
    await waitFor(() => expect(fake.calls.filter((c) => c.channel === 'images:add')).toHaveLength(1))
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('creates with the processed photo’s upload id', async () => {
    const fake = installFakeMagpie({ 'images:add': () => ok(upload), 'posts:create': () => ok(samplePost({ id: 'new-post', mine: true })) })
    renderWithApp(<Screens />, { session: me, route: '/write/new' })
    fireEvent.change(screen.getByTestId('post-image-input'), { target: { files: [photo('a.jpg')] } })
    await waitFor(() => expect(fake.calls.map((c) => c.channel)).toContain('images:add'))
    fireEvent.change(text(), { target: { value: '새 글' } })
    await waitFor(() => expect(screen.getByRole('button', { name: '올리기' }).hasAttribute('disabled')).toBe(false))
    fireEvent.click(screen.getByRole('button', { name: '올리기' }))
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/'))
    expect(fake.calls.find((c) => c.channel === 'posts:create')?.input).toEqual({ photos: [{ uploadId: 'up-1', alt: '' }], text: '새 글', layout: 'Top' })
  })

  it('a reload of the page (after a crash) gives back the photo, text and layout; saving forgets them', async () => {
    const fake = installFakeMagpie({ 'images:add': () => ok(upload), 'posts:create': () => ok(samplePost({ id: 'new-post', mine: true })) })
    const first = renderWithApp(<Screens />, { session: me, route: '/write/new' })
    fireEvent.change(screen.getByTestId('post-image-input'), { target: { files: [photo('a.jpg')] } })
    await waitFor(() => expect(fake.calls.map((c) => c.channel)).toContain('images:add'))
    fireEvent.change(text(), { target: { value: '다시 열려도 남는 글' } })
    fireEvent.click(screen.getByLabelText('텍스트 오른쪽'))
    first.unmount()

    // A new page in the same window: a fresh store, the same sessionStorage.
    renderWithApp(<Screens />, { session: me, route: '/write/new' })
    expect(text().value).toBe('다시 열려도 남는 글')
    expect(screen.getByLabelText<HTMLInputElement>('텍스트 오른쪽').checked).toBe(true)
    fireEvent.click(screen.getByRole('button', { name: '올리기' }))
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/'))
    expect(fake.calls.find((c) => c.channel === 'posts:create')?.input).toEqual({ photos: [{ uploadId: 'up-1', alt: '' }], text: '다시 열려도 남는 글', layout: 'Right' })
    expect(Object.keys(sessionStorage).filter((key) => key.startsWith('magpie:editor-drafts:'))).toEqual([])
  })

  it('edits keeping the post\'s own photo by its image id when it stays the same', async () => {
    const fake = installFakeMagpie({ 'posts:update': () => ok(samplePost({ mine: true, text: '고친 글' })) })
    renderWithApp(<Screens />, { session: me, route: '/write/post-1', posts: [samplePost({ mine: true })] })
    fireEvent.change(text(), { target: { value: '고친 글' } })
    fireEvent.click(screen.getByRole('button', { name: '수정하기' }))
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('게시글을 수정했어요'))
    expect(fake.calls.find((c) => c.channel === 'posts:update')?.input).toEqual({ id: 'post-1', photos: [{ imageId: 'img', alt: '' }], text: '고친 글', layout: 'Top' })
    // Saved, the writer is back on the post they edited (the move may follow the toast by a tick).
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/detail/post-1'))
  })

  it('shows the chosen photo with its 빼기; 빼기 empties the list and keeps the focus on 사진 선택', async () => {
    installFakeMagpie({ 'images:add': () => ok(upload) })
    renderWithApp(<Screens />, { session: me, route: '/write/new' })
    expect(screen.queryByTestId('photo-item')).toBeNull()
    fireEvent.change(screen.getByTestId('post-image-input'), { target: { files: [photo('a.jpg')] } })
    const remove = await screen.findByRole('button', { name: '사진 1 빼기' })
    const item = screen.getByTestId('photo-item')
    expect(item.querySelector('img')?.getAttribute('srcset')).toContain(upload.image.variants[0]!.url)
    expect(screen.getByRole('button', { name: '사진 추가' })).toBeTruthy()

    fireEvent.click(remove)
    expect(screen.queryByTestId('photo-item')).toBeNull()
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: '사진 선택' })))
    fireEvent.change(text(), { target: { value: '사진 없는 글' } })
    fireEvent.click(screen.getByRole('button', { name: '올리기' }))
    expect(screen.getByRole('alert').textContent).toBe(messages.postImageRequired)
  })

  it('edit mode shows the post’s own photos with their 사진 설명, ready to be changed', () => {
    installFakeMagpie({})
    const post = samplePost({ mine: true, photos: [samplePost().photos[0]!, { image: { ...upload.image, id: 'img-2' }, alt: '바다' }] })
    renderWithApp(<Screens />, { session: me, route: '/write/post-1', posts: [post] })
    const items = screen.getAllByTestId('photo-item')
    expect(items).toHaveLength(2)
    expect(items[0]!.querySelector('img')?.getAttribute('srcset')).toContain(post.photos[0]!.image.variants[0]!.url)
    expect(altField(2).value).toBe('바다')
    expect(screen.getByRole('button', { name: '사진 추가' })).toBeTruthy()
  })

  it('several photos at once, in order, each with its 사진 설명; Alt+→ moves one, says so and keeps the focus on it; the save sends them in that order', async () => {
    const fake = installFakeMagpie({ 'images:add': numberedUploads(), 'posts:create': () => ok(samplePost({ id: 'new-post', mine: true })) })
    renderWithApp(<Screens />, { session: me, route: '/write/new' })
    fireEvent.change(screen.getByTestId('post-image-input'), { target: { files: [photo('a.jpg'), photo('b.jpg'), photo('c.jpg')] } })
    await waitFor(() => expect(screen.getAllByTestId('photo-item')).toHaveLength(3))
    fireEvent.change(altField(1), { target: { value: '첫째' } })
    fireEvent.change(altField(3), { target: { value: '셋째' } })

    const first = screen.getByRole('button', { name: '사진 1' })
    fireEvent.keyDown(first, { key: 'ArrowRight', altKey: true })
    expect(screen.getByText(format.photoMoved(1, 2, 3))).toBeTruthy()
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: '사진 2' })))
    expect(altField(2).value).toBe('첫째')
    fireEvent.click(screen.getByRole('button', { name: `사진 3 ${messages.photoMoveEarlier}` }))
    expect(screen.getByText(format.photoMoved(3, 2, 3))).toBeTruthy()

    fireEvent.change(text(), { target: { value: '세 장' } })
    fireEvent.click(screen.getByRole('button', { name: '올리기' }))
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/'))
    expect(fake.calls.find((c) => c.channel === 'posts:create')?.input).toEqual({
      photos: [
        { uploadId: 'up-2', alt: '' },
        { uploadId: 'up-3', alt: '셋째' },
        { uploadId: 'up-1', alt: '첫째' }
      ],
      text: '세 장',
      layout: 'Top'
    })
  })

  it('takes at most 10 photos: the rest are left with a message, and 사진 추가 is off when full', async () => {
    const fake = installFakeMagpie({ 'images:add': numberedUploads() })
    renderWithApp(<Screens />, { session: me, route: '/write/new' })
    const files = Array.from({ length: 12 }, (_, i) => photo(`${i}.jpg`))
    fireEvent.change(screen.getByTestId('post-image-input'), { target: { files } })
    await waitFor(() => expect(screen.getAllByTestId('photo-item')).toHaveLength(10))
    expect(fake.calls.filter((c) => c.channel === 'images:add')).toHaveLength(10)
    expect(screen.getByRole('alert').textContent).toBe(messages.photosTooMany)
    expect(screen.getByRole('button', { name: '사진 추가' }).hasAttribute('disabled')).toBe(true)
  })

  it('a photo pasted into the editor is added like a chosen one', async () => {
    const fake = installFakeMagpie({ 'images:add': numberedUploads() })
    renderWithApp(<Screens />, { session: me, route: '/write/new' })
    fireEvent.paste(text(), { clipboardData: { files: [photo('pasted.png')] } })
    await waitFor(() => expect(screen.getAllByTestId('photo-item')).toHaveLength(1))
    expect(fake.calls.filter((c) => c.channel === 'images:add')).toHaveLength(1)
  })

  it('where the community requires a 사진 설명: says so first, marks the photo without one, and refuses to save naming it', async () => {
    const fake = installFakeMagpie({ 'images:add': numberedUploads(), 'posts:photoRules': () => ok({ requireAltText: true }) })
    renderWithApp(<Screens />, { session: me, route: '/write/new' })
    expect((await screen.findByTestId('photo-alt-required')).textContent).toBe(messages.photoAltRequiredHint)
    fireEvent.change(screen.getByTestId('post-image-input'), { target: { files: [photo('a.jpg'), photo('b.jpg')] } })
    await waitFor(() => expect(screen.getAllByTestId('photo-item')).toHaveLength(2))
    expect(screen.getAllByText(messages.photoAltNeeded)).toHaveLength(2)
    expect(altField(1).getAttribute('aria-required')).toBe('true')
    fireEvent.change(altField(1), { target: { value: '바다' } })
    expect(screen.getAllByText(messages.photoAltNeeded)).toHaveLength(1)

    fireEvent.change(text(), { target: { value: '글' } })
    fireEvent.click(screen.getByRole('button', { name: '올리기' }))
    expect(screen.getByRole('alert').textContent).toBe(format.photoAltMissing(2))
    await waitFor(() => expect(document.activeElement).toBe(altField(2)))
    expect(altField(2).getAttribute('aria-invalid')).toBe('true')
    expect(fake.calls.some((c) => c.channel === 'posts:create')).toBe(false)
  })

  it('취소 with nothing changed leaves for the post at once, saving nothing', async () => {
    const fake = installFakeMagpie({})
    renderWithApp(
      <ConfirmProvider>
        <Screens />
      </ConfirmProvider>,
      { session: me, route: '/write/post-1', posts: [samplePost({ mine: true })] }
    )
    fireEvent.click(screen.getByRole('button', { name: '취소' }))
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/detail/post-1'))
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect(others(fake.calls)).toEqual([])
  })

  it('취소 after a change asks first: 계속 쓰기 stays, 저장하지 않고 나가기 leaves and the draft goes', async () => {
    const fake = installFakeMagpie({})
    renderWithApp(
      <ConfirmProvider>
        <Screens />
      </ConfirmProvider>,
      { session: me, route: '/write/post-1', posts: [samplePost({ mine: true, text: '처음 글' })] }
    )
    fireEvent.change(text(), { target: { value: '고치던 글' } })
    fireEvent.click(screen.getByRole('button', { name: '취소' }))
    const question = await screen.findByRole('alertdialog', { name: messages.confirmLeaveEditor })
    // An edit has no drafts: the question only leaves or stays.
    expect(within(question).queryByRole('button', { name: '임시 저장' })).toBeNull()
    fireEvent.click(within(question).getByRole('button', { name: '계속 쓰기' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(screen.getByTestId('path').textContent).toBe('/write/post-1')
    expect(text().value).toBe('고치던 글')

    fireEvent.click(screen.getByRole('button', { name: '취소' }))
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '저장하지 않고 나가기' }))
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/detail/post-1'))
    expect(others(fake.calls)).toEqual([])
    // Left without saving: coming back finds the post as it was, not the abandoned draft.
    fireEvent.click(screen.getByRole('link', { name: '수정' }))
    expect(text().value).toBe('처음 글')
  })

  it('counts the text toward its 2,000 characters as it is typed', () => {
    installFakeMagpie({})
    renderWithApp(<Screens />, { session: me, route: '/write/new' })
    fireEvent.change(text(), { target: { value: '안녕하세요' } })
    expect(screen.getByTestId('char-counter').textContent).toContain('5/2,000')
    expect(text().getAttribute('aria-describedby')).toBe(screen.getByTestId('char-counter').id)
    fireEvent.change(text(), { target: { value: '가'.repeat(2001) } })
    expect(screen.getByTestId('char-counter').getAttribute('data-state')).toBe('over')
  })

  it('offers in the picker the photo types main decodes, iPhone HEIC included', () => {
    installFakeMagpie({})
    renderWithApp(<Screens />, { session: me, route: '/write/new' })
    expect(screen.getByTestId('post-image-input').getAttribute('accept')!.split(',')).toEqual([
      'image/jpeg',
      'image/png',
      'image/webp',
      'image/gif',
      'image/avif',
      'image/heic',
      'image/heif'
    ])
  })
})
