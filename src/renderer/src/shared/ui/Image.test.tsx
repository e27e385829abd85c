// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react'
import { rgbaToThumbHash } from 'thumbhash'
import { afterEach, describe, expect, it } from 'vitest'
import { Image } from './Image'

const base = { id: 'img-1', width: 400, height: 300, variants: [] }

describe('Image', () => {
  afterEach(cleanup)

  it('draws the photo’s average colour from its ThumbHash at once', () => {
    const { container } = render(<Image image={{ ...base, placeholder: redHash() }} alt="사진" sizes="100vw" />)
    const frame = container.firstElementChild as HTMLElement
    expect(frame.style.backgroundColor).toMatch(/^rgb\((2[3-5]\d)[, ]+(\d{1,2})[, ]+(\d{1,2})\)$/)
  })

  it('keeps the neutral frame when there is no placeholder (a community photo not cached yet)', () => {
    const { container } = render(<Image image={{ ...base, placeholder: '' }} alt="사진" sizes="100vw" />)
    const frame = container.firstElementChild as HTMLElement
    expect(frame.style.backgroundColor).toBe('')
  })
})

function redHash(): string {
  // Computed with thumbhash itself, so the test does not depend on a copied constant.
  const rgba = new Uint8Array(4 * 3 * 4)
  for (let i = 0; i < rgba.length; i += 4) rgba.set([255, 0, 0, 255], i)
  return btoa(String.fromCharCode(...rgbaToThumbHash(4, 3, rgba)))
}
