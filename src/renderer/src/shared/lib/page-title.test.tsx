// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { usePageTitle } from './page-title'

afterEach(cleanup)

function Page({ name }: { name: string | null }) {
  usePageTitle(name)
  return null
}

describe('usePageTitle', () => {
  it('names the page after the app, follows it as it changes, and is the app alone without one', () => {
    const { rerender } = render(<Page name="알림" />)
    expect(document.title).toBe('까치 — 알림')
    rerender(<Page name="게시글 작성" />)
    expect(document.title).toBe('까치 — 게시글 작성')
    rerender(<Page name={null} />)
    expect(document.title).toBe('까치')
  })
})
