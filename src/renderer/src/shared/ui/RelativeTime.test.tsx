// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { formatFullDateTime } from '@shared/format'
import { RelativeTime } from './RelativeTime'

const start = new Date('2026-11-24T06:30:00Z').getTime()

beforeEach(() => {
  vi.useFakeTimers()
  vi.setSystemTime(start)
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

describe('RelativeTime', () => {
  it('shows the relative time in a <time> with the instant and the full date as its title', () => {
    render(<RelativeTime at={start - 5 * 60_000} />)
    const time = screen.getByText('5분 전')
    expect(time.tagName).toBe('TIME')
    expect(time.getAttribute('datetime')).toBe(new Date(start - 5 * 60_000).toISOString())
    expect(time.getAttribute('title')).toBe(formatFullDateTime(start - 5 * 60_000))
  })

  it('moves on as minutes pass without its parent rendering again', () => {
    let parentRenders = 0
    function Parent() {
      parentRenders += 1
      return (
        <>
          <RelativeTime at={start} />
          <RelativeTime at={start - 59 * 60_000} />
        </>
      )
    }
    render(<Parent />)
    expect(screen.getByText('방금 전')).toBeTruthy()
    expect(screen.getByText('59분 전')).toBeTruthy()
    act(() => void vi.advanceTimersByTime(61_000))
    expect(screen.getByText('1분 전')).toBeTruthy()
    expect(screen.getByText('1시간 전')).toBeTruthy()
    act(() => void vi.advanceTimersByTime(4 * 60_000))
    expect(screen.getByText('5분 전')).toBeTruthy()
    expect(parentRenders).toBe(1)
  })

  it('stops its timer when the last date leaves the screen', () => {
    const { unmount } = render(<RelativeTime at={start} />)
    expect(vi.getTimerCount()).toBe(1)
    unmount()
    expect(vi.getTimerCount()).toBe(0)
  })
})
