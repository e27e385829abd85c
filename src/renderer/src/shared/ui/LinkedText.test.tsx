// @vitest-environment jsdom
import { cleanup, fireEvent, render } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { marked } from '../lib/marks'
import { LinkedText } from './LinkedText'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('LinkedText', () => {
  it('links tags to their page and web links to the browser through main, shown as the host; everything else stays text', () => {
    const openLink = vi.fn(() => Promise.resolve({ ok: true, data: undefined }))
    vi.stubGlobal('magpie', { app: { openLink } })
    const hostile = '<img src=x onerror="window.hacked=1">'
    const { container, getByRole } = render(
      <MemoryRouter>
        <p>
          <LinkedText text={`${hostile} #봄나들이 https://example.com/guide?q=1`} />
        </p>
      </MemoryRouter>
    )
    expect(container.querySelector('img')).toBeNull()
    expect(container.textContent).toContain(hostile)
    expect(getByRole('link', { name: '#봄나들이' }).getAttribute('href')).toBe('/tags/%EB%B4%84%EB%82%98%EB%93%A4%EC%9D%B4')
    const link = getByRole('link', { name: 'example.com (브라우저에서 열려요)' })
    expect(link.textContent).toBe('example.com ↗')
    fireEvent.click(link)
    expect(openLink).toHaveBeenCalledExactlyOnceWith({ url: 'https://example.com/guide?q=1' })
  })
})

describe('marked', () => {
  const marks = (text: string, words: string[]) => {
    const { container } = render(<p>{marked(text, words)}</p>)
    return [...container.querySelectorAll('mark')].map((m) => m.textContent)
  }

  it('marks what search matched, whatever the form the text or the words are in', () => {
    expect(marks('오늘 한강공원에서', ['한강'])).toEqual(['한강'])
    expect(marks('오늘 한강공원에서'.normalize('NFD'), ['한강'])).toEqual(['한강'.normalize('NFD')])
    expect(marks('ＰＩＣＮＩＣ at picnic', ['Picnic'])).toEqual(['ＰＩＣＮＩＣ', 'picnic'])
    expect(marks('빵집 빵집', ['빵', '빵집'])).toEqual(['빵집', '빵집'])
    expect(marks('<b>x</b>', ['b'])).toEqual(['b', 'b'])
    expect(marks('없음', ['한강'])).toEqual([])
  })
})
