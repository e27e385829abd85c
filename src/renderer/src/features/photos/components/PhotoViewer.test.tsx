// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import type { PhotoView } from '@shared/types'
import { PhotoViewer } from './PhotoViewer'

const photo = (id: string, width: number, height: number, alt = ''): PhotoView => ({
  image: { id, width, height, placeholder: '', variants: [{ width: 320, url: `/media/${id}-320.webp` }, { width: Math.min(width, 4096), url: `/media/${id}.webp` }] },
  alt
})

/** The post page's part: a photo button that opens the viewer, and gets the focus back. */
function Page({ photos }: { photos: PhotoView[] }) {
  const [open, setOpen] = useState(false)
  return (
    <main>
      <button type="button" onClick={() => setOpen(true)}>
        사진 크게 보기
      </button>
      {open && <PhotoViewer photos={photos} start={0} onClose={() => setOpen(false)} />}
    </main>
  )
}

const stage = () => screen.getByTestId('photo-viewer-stage')
const zoomOf = () => Number(stage().dataset.zoom)
const key = (k: string) => fireEvent.keyDown(document.activeElement!, { key: k })

function openByKeyboard(photos: PhotoView[]) {
  render(<Page photos={photos} />)
  const opener = screen.getByRole('button', { name: '사진 크게 보기' })
  opener.focus()
  // A button's Enter is its click: what the browser does for the keyboard.
  fireEvent.keyDown(opener, { key: 'Enter' })
  fireEvent.click(opener)
  return opener
}

describe('PhotoViewer', () => {
  afterEach(cleanup)

  it('opens as a named modal dialog with focus inside; + and − zoom, arrows pan a zoomed photo, Escape closes and focus returns', async () => {
    const opener = openByKeyboard([photo('pano', 6000, 800)])
    const dialog = await screen.findByRole('dialog', { name: '사진 보기' })
    expect(dialog.contains(document.activeElement)).toBe(true)
    expect(zoomOf()).toBe(1)
    const img = screen.getByRole('img', { name: '게시글 사진' }) as HTMLImageElement
    // The largest variant is there for the browser to pick at the drawn size.
    expect(img.getAttribute('srcset')).toContain('/media/pano.webp 4096w')
    const fittedWidth = parseFloat(img.style.width)

    act(() => key('+'))
    expect(zoomOf()).toBeCloseTo(1.5, 5)
    expect(parseFloat(img.style.width)).toBeCloseTo(fittedWidth * 1.5, 3)
    const before = img.style.transform
    act(() => key('ArrowRight'))
    expect(img.style.transform).not.toBe(before)
    act(() => key('-'))
    expect(zoomOf()).toBe(1)

    act(() => key('Escape'))
    expect(screen.queryByRole('dialog')).toBeNull()
    // Radix hands the focus back once the dialog has gone (a task later).
    await waitFor(() => expect(document.activeElement).toBe(opener))
  })

  it('pages through several photos with ←/→ and the buttons, showing the counter and each alt text as the caption', async () => {
    openByKeyboard([photo('a', 1200, 800, '바다'), photo('b', 800, 1200, '숲'), photo('c', 1000, 1000)])
    await screen.findByRole('dialog')
    expect(screen.getByText('1 / 3')).toBeTruthy()
    expect(screen.getByRole('img', { name: '바다' })).toBeTruthy()
    expect(screen.getByRole('dialog').getAttribute('aria-describedby')).toBeTruthy()
    act(() => key('ArrowRight'))
    expect(screen.getByText('2 / 3')).toBeTruthy()
    expect(screen.getByText('숲')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: '다음 사진' }))
    // No alt text: the image is still named, and no caption is shown.
    expect(screen.getByRole('img', { name: '게시글 사진' })).toBeTruthy()
    expect(screen.getByRole('dialog').getAttribute('aria-describedby')).toBeNull()
    // The last photo: 다음 사진 is unavailable but keeps the focus when pressed.
    const next = screen.getByRole('button', { name: '다음 사진' })
    expect(next.getAttribute('aria-disabled')).toBe('true')
    next.focus()
    fireEvent.click(next)
    expect(screen.getByText('3 / 3')).toBeTruthy()
    expect(document.activeElement).toBe(next)
    act(() => key('ArrowLeft'))
    expect(screen.getByText('2 / 3')).toBeTruthy()
  })

  it('zooms with the buttons up to twice the photo’s own pixels, and never zooms a small photo', async () => {
    openByKeyboard([photo('small', 150, 100)])
    await screen.findByRole('dialog')
    const zoomIn = screen.getByRole('button', { name: '확대' })
    expect(zoomIn.getAttribute('aria-disabled')).toBe('true')
    const img = screen.getByRole('img') as HTMLImageElement
    expect(parseFloat(img.style.width)).toBe(300)
    cleanup()

    openByKeyboard([photo('big', 4096, 3072)])
    await screen.findByRole('dialog')
    const button = screen.getByRole('button', { name: '확대' })
    for (let i = 0; i < 12; i++) fireEvent.click(button)
    expect(parseFloat((screen.getByRole('img') as HTMLImageElement).style.width)).toBeCloseTo(4096 * 2, 3)
    expect(button.getAttribute('aria-disabled')).toBe('true')
    fireEvent.click(screen.getByRole('button', { name: '원래 크기' }))
    expect(zoomOf()).toBe(1)
  })

  it('zooms with the wheel around the pointer, pans a zoomed photo by dragging, and pages by a swipe when not zoomed', async () => {
    openByKeyboard([photo('a', 4096, 3072), photo('b', 4096, 3072)])
    await screen.findByRole('dialog')
    const img = () => screen.getByRole('img') as HTMLImageElement
    // jsdom lays nothing out: the stage's centre is at 0, 0 there.
    act(() => void fireEvent.wheel(stage(), { deltaY: -100, clientX: 100, clientY: 0 }))
    expect(zoomOf()).toBeCloseTo(1.5, 5)
    // Zoomed around a point 100 px right of the centre: the photo moved 50 px left, so that point stayed put.
    expect(img().style.transform).toMatch(/translate\(-50(\.0+\d*)?px, 0px\)$/)
    const pan = img().style.transform
    act(() => {
      fireEvent.pointerDown(stage(), { pointerId: 1, button: 0, clientX: 500, clientY: 400 })
      fireEvent.pointerMove(stage(), { pointerId: 1, clientX: 560, clientY: 400 })
      fireEvent.pointerUp(stage(), { pointerId: 1, clientX: 560, clientY: 400 })
    })
    expect(img().style.transform).not.toBe(pan)
    expect(screen.getByText('1 / 2')).toBeTruthy()
    act(() => key('0'))
    act(() => {
      fireEvent.pointerDown(stage(), { pointerId: 2, button: 0, clientX: 600, clientY: 400 })
      fireEvent.pointerMove(stage(), { pointerId: 2, clientX: 450, clientY: 400 })
      fireEvent.pointerUp(stage(), { pointerId: 2, clientX: 450, clientY: 400 })
    })
    expect(screen.getByText('2 / 2')).toBeTruthy()
  })
})
