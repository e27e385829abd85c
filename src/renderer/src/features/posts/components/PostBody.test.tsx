// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { samplePost } from '@/shared/testing/render'
import { PostBody } from './PostBody'

afterEach(cleanup)

describe('PostBody', () => {
  it.each(['Top', 'Left', 'Right'] as const)('arranges the %s layout and renders text as text, never HTML', (layout) => {
    const { image } = samplePost()
    const hostile = '<img src=x onerror="window.hacked=1"><script>window.hacked=1</script>'
    const { container } = render(<PostBody text={hostile} layout={layout} image={image} preview />)
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
    const { container } = render(<PostBody text="t" layout="Top" image={image} />)
    const img = container.querySelector('img')!
    expect(img.getAttribute('srcset')).toBe('/media/a.webp 320w, /media/b.webp 1600w')
    expect((img.parentElement as HTMLElement).style.aspectRatio).toBe('2000 / 1000')
  })
})
