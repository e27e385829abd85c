// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { Route, Routes } from 'react-router-dom'
import { afterEach, describe, expect, it } from 'vitest'
import type { DraftView } from '@shared/types'
import { CurrentPath, installFakeMagpie, ok, renderWithApp } from '@tests/support/renderer/render'
import { WriteButton } from './WriteButton'

const me = { user: { id: 'me', nickname: '나', avatar: null, email: 'me@example.com' } }
const draft = (id: string): DraftView => ({ id, text: `쓰던 글 ${id}`, layout: 'Top', photos: [], updatedAt: 1 })

afterEach(cleanup)

function Screens() {
  return (
    <>
      <Routes>
        <Route path="/" element={<WriteButton />} />
        <Route path="*" element={null} />
      </Routes>
      <CurrentPath />
    </>
  )
}

describe('the feed’s 글쓰기 area', () => {
  it('links to 임시 저장한 글 with the count while the person has drafts', async () => {
    installFakeMagpie({ 'drafts:list': () => ok([draft('d1'), draft('d2'), draft('d3')]) })
    renderWithApp(<Screens />, { session: me })
    const link = await screen.findByRole('link', { name: '임시 저장한 글 3개' })
    // Before 글쓰기 in the Tab order, as it stands before it on screen.
    expect(link.compareDocumentPosition(screen.getByRole('button', { name: '글쓰기' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    fireEvent.click(link)
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/drafts'))
  })

  it('shows no link without drafts, and asks nothing for a visitor', async () => {
    const fake = installFakeMagpie({ 'drafts:list': () => ok([]) })
    const { unmount } = renderWithApp(<Screens />, { session: me })
    await waitFor(() => expect(fake.calls.some((c) => c.channel === 'drafts:list')).toBe(true))
    expect(screen.queryByRole('link')).toBeNull()
    unmount()

    const visitor = installFakeMagpie({ 'drafts:list': () => ok([draft('d1')]) })
    renderWithApp(<Screens />)
    expect(screen.getByRole('button', { name: '글쓰기' })).toBeTruthy()
    expect(screen.queryByRole('link')).toBeNull()
    expect(visitor.calls.filter((c) => c.channel === 'drafts:list')).toEqual([])
  })
})
