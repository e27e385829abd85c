// @vitest-environment jsdom
import { cleanup, fireEvent, render } from '@testing-library/react'
import { rgbaToThumbHash } from 'thumbhash'
import { afterEach, describe, expect, it } from 'vitest'
import { Image } from './Image'

const base = { id: 'img-1', width: 400, height: 300, variants: [] }

const frameOf = (container: HTMLElement) => container.querySelector<HTMLElement>('[data-image-frame]')!
const placeholderOf = (container: HTMLElement) => container.querySelector<HTMLElement>('[data-placeholder]')!

describe('Image', () => {
  afterEach(cleanup)

  it('draws the photo’s average colour from its ThumbHash at once', () => {
    const { container } = render(<Image image={{ ...base, placeholder: redHash() }} alt="사진" sizes="100vw" />)
    expect(placeholderOf(container).style.backgroundColor).toMatch(/^rgb\((2[3-5]\d)[, ]+(\d{1,2})[, ]+(\d{1,2})\)$/)
  })

  it('keeps the neutral frame when there is no placeholder (a community photo not cached yet)', () => {
    const { container } = render(<Image image={{ ...base, placeholder: '' }} alt="사진" sizes="100vw" />)
    expect(placeholderOf(container).style.backgroundColor).toBe('')
  })

  it('leaves nothing of the placeholder behind a loaded photo, so a transparent one shows the page', () => {
    const { container, getByAltText } = render(<Image image={{ ...base, placeholder: redHash() }} alt="사진" sizes="100vw" />)
    expect(placeholderOf(container).dataset.placeholder).toBe('shown')
    fireEvent.load(getByAltText('사진'))
    expect(placeholderOf(container).dataset.placeholder).toBe('gone')
    // The frame itself paints nothing: what shows through the photo is the page around it.
    expect(frameOf(container).style.backgroundColor).toBe('')
    expect(frameOf(container).style.backgroundImage).toBe('')
  })

  it('never draws a photo wider or taller than twice its own pixels (a 120×90 icon: 240×180 at most)', () => {
    const { container } = render(<Image image={{ ...base, width: 120, height: 90, placeholder: '' }} alt="사진" sizes="100vw" maxHeight="500px" />)
    const style = frameOf(container).style
    expect(style.getPropertyValue('--max-width')).toBe('240px')
    expect(style.getPropertyValue('--max-height')).toBe('180px')
    expect(style.getPropertyValue('--capped-width')).toBe('min(100%, 240px, calc(500px * 120 / 90))')
  })

  it('shows a panorama whole (contain) in a box of another shape, an ordinary photo or a thumbnail filling it', () => {
    const panorama = render(<Image image={{ ...base, width: 6000, height: 800, placeholder: '' }} alt="파노라마" sizes="100vw" />)
    expect(frameOf(panorama.container).dataset.fit).toBe('contain')
    expect(frameOf(panorama.container).style.getPropertyValue('--ratio')).toBe('6000 / 800')
    cleanup()
    const ordinary = render(<Image image={{ ...base, placeholder: '' }} alt="사진" sizes="100vw" />)
    expect(frameOf(ordinary.container).dataset.fit).toBeUndefined()
    cleanup()
    // A thumbnail is filled whatever the photo's shape.
    const thumbnail = render(<Image image={{ ...base, width: 6000, height: 800, placeholder: '' }} alt="파노라마" sizes="56px" crop />)
    expect(frameOf(thumbnail.container).dataset.fit).toBeUndefined()
  })
})

function redHash(): string {
  // Computed with thumbhash itself, so the test does not depend on a copied constant.
  const rgba = new Uint8Array(4 * 3 * 4)
  for (let i = 0; i < rgba.length; i += 4) rgba.set([255, 0, 0, 255], i)
  return btoa(String.fromCharCode(...rgbaToThumbHash(4, 3, rgba)))
}
