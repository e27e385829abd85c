// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { deferred, installFakeMagpie, ok, renderWithApp, samplePost } from '@tests/support/renderer/render'
import { SearchBox } from './SearchBox'

afterEach(cleanup)

const answer = (text: string) => ok({ posts: [samplePost({ id: text, text })], people: [], nextCursor: null })

describe('SearchBox', () => {
  it('asks once typing pauses, and a late answer for older words never replaces a newer one', async () => {
    const slow = deferred<unknown>()
    const fake = installFakeMagpie({
      'search:query': (input) => ((input as { query: string }).query === '한' ? slow.promise : answer('한강공원 산책'))
    })
    renderWithApp(<SearchBox />)
    const field = screen.getByRole('searchbox', { name: '글, 사람, #태그 검색' })
    fireEvent.focus(field)
    fireEvent.change(field, { target: { value: '한' } })
    await screen.findByText('찾는 중…')
    fireEvent.change(field, { target: { value: '한강' } })
    const marked = await screen.findAllByText('한강', { selector: 'mark' })
    expect(marked).toHaveLength(1)
    await act(async () => slow.resolve(answer('한 번 더')))
    expect(screen.queryByText('한 번 더')).toBeNull()
    expect(screen.getByTestId('search-status').textContent).toBe('글 1개, 사람 0명')
    expect(fake.calls.filter((c) => c.channel === 'search:query').map((c) => (c.input as { query: string }).query)).toEqual(['한', '한강'])
  })
})
