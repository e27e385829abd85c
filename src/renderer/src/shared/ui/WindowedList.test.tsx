// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { WindowedList } from './WindowedList'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `r${i}`, text: `줄 ${i + 1}` }))

function List({ n }: { n: number }) {
  return (
    <WindowedList
      items={rows(n)}
      getKey={(row) => row.id}
      estimate={60}
      renderItem={(row, props) => (
        <li key={row.id} {...props}>
          {row.text}
        </li>
      )}
    />
  )
}

describe('WindowedList', () => {
  it('keeps a short list whole, as a plain list', () => {
    const { container } = render(<List n={30} />)
    const items = container.querySelectorAll('li')
    expect(items).toHaveLength(30)
    expect(items[29]!.textContent).toBe('줄 30')
    expect(items[0]!.getAttribute('aria-posinset')).toBeNull()
  })

  it('past the threshold keeps only the rows near the screen, each saying its place in the whole list', () => {
    // jsdom has no ResizeObserver; the browser's tells the list when what is above it changes height.
    vi.stubGlobal('ResizeObserver', class { observe() {} disconnect() {} unobserve() {} })
    vi.stubGlobal('scrollTo', () => {})
    // jsdom lays nothing out either: every row 60px tall, as a browser would measure it.
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return this.tagName === 'LI' ? 60 : 0
    })
    const { container } = render(<List n={500} />)
    const items = Array.from(container.querySelectorAll('li'))
    expect(items.length).toBeGreaterThan(0)
    expect(items.length).toBeLessThan(50)
    expect(items[0]!.textContent).toBe('줄 1')
    expect(items[0]!.getAttribute('aria-posinset')).toBe('1')
    expect(items[0]!.getAttribute('aria-setsize')).toBe('500')
    // The list is as tall as every row, so the page scrolls as if all were there.
    expect(parseFloat((container.querySelector('ol') as HTMLElement).style.height)).toBe(500 * 60)
  })
})
