// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { samplePost } from '@tests/support/renderer/render'
import { PostBody } from './PostBody'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

/** jsdom lays nothing out: the text's full height and the three lines it is shown in, as a browser would measure them. */
function measured(full: number, shown: number) {
  vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(full)
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(shown)
}

describe('PostBody', () => {
  it.each(['Top', 'Left', 'Right'] as const)('arranges the %s layout and renders text as text, never HTML', (layout) => {
    const { image } = samplePost().photos[0]!
    const hostile = '<img src=x onerror="window.hacked=1"><script>window.hacked=1</script>'
    const { container } = render(<PostBody text={hostile} layout={layout} photos={[{ image: image, alt: '' }]} preview />)
    const body = container.querySelector(`[data-layout="${layout}"]`)!
    expect(body.className).toContain(layout.toLowerCase())
    expect(body.querySelector('p')!.textContent).toBe(hostile)
    expect(body.querySelector('script')).toBeNull()
    expect(body.querySelectorAll('img')).toHaveLength(1)
    expect((window as unknown as { hacked?: number }).hacked).toBeUndefined()
  })

  it('offers every stored width to the browser and keeps the photo’s ratio', () => {
    const image = {
      id: 'i', width: 2000, height: 1000, placeholder: '',
      variants: [{ width: 320, url: '/media/a.webp' }, { width: 1600, url: '/media/b.webp' }]
    }
    const { container } = render(<PostBody text="t" layout="Top" photos={[{ image: image, alt: '' }]} />)
    const img = container.querySelector('img')!
    expect(img.getAttribute('srcset')).toBe('/media/a.webp 320w, /media/b.webp 1600w')
    expect((img.parentElement as HTMLElement).style.getPropertyValue('--ratio')).toBe('2000 / 1000')
  })

  it('cuts a long Top text at three lines and ends it with 더 보기, once laid out', async () => {
    measured(260, 87)
    const { container, findByTestId } = render(<PostBody text={'긴 글\n'.repeat(12)} layout="Top" photos={[]} preview />)
    expect(container.querySelector('p')!.className).toContain('clamp')
    expect((await findByTestId('read-more')).textContent).toBe('더 보기')
  })

  it('leaves a short Top text whole, without 더 보기', async () => {
    measured(29, 29)
    const { container, queryByTestId } = render(<PostBody text="짧은 글" layout="Top" photos={[]} preview />)
    expect(container.querySelector('p')!.className).toContain('clamp')
    // The layout is looked at a moment after the render: still no 더 보기 then.
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(queryByTestId('read-more')).toBeNull()
  })

  it.each(['Left', 'Right'] as const)('ends a %s text cut beside the photo with 더 보기, and leaves a short one whole', async (layout) => {
    measured(900, 360)
    const { container, findByTestId, unmount } = render(<PostBody text={'긴 글\n'.repeat(40)} layout={layout} photos={[]} preview />)
    expect((await findByTestId('read-more')).textContent).toBe('더 보기')
    expect(container.querySelector('[data-short]')).toBeNull()
    unmount()
    vi.restoreAllMocks()
    measured(29, 29)
    const short = render(<PostBody text="짧은 글" layout={layout} photos={[]} preview />)
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(short.queryByTestId('read-more')).toBeNull()
    // Set large, as a pull quote, instead of one small line beside the photo.
    expect(short.container.querySelector('[data-part="text"]')!.hasAttribute('data-short')).toBe(true)
  })

  it('shows the whole text outside the feed', () => {
    measured(260, 260)
    const { container, queryByTestId } = render(<PostBody text={'긴 글\n'.repeat(12)} layout="Top" photos={[]} />)
    expect(container.querySelector('p')!.className).not.toContain('clamp')
    expect(queryByTestId('read-more')).toBeNull()
  })
})
