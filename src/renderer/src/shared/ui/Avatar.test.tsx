// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { Avatar, initialOf, toneOf } from './Avatar'

describe('Avatar', () => {
  afterEach(cleanup)

  it('draws a person without a photo as their initial on a tone of their own', () => {
    const { container } = render(
      <>
        <Avatar person={{ id: 'user-a', nickname: '까치', avatar: null }} />
        <Avatar person={{ id: 'user-b', nickname: 'minji', avatar: null }} />
      </>
    )
    const [a, b] = Array.from(container.querySelectorAll<HTMLElement>('[role="img"]'))
    expect(a!.dataset.initial).toBe('까')
    expect(b!.dataset.initial).toBe('M')
    expect(a!.dataset.tone).toBe(String(toneOf('user-a')))
    expect(b!.dataset.tone).toBe(String(toneOf('user-b')))
  })

  it('spreads people over the tones, the same person always on the same one', () => {
    const seen = new Set(Array.from({ length: 200 }, (_, i) => toneOf(`id-${i}`)))
    expect(seen.size).toBe(10)
    expect(toneOf('someone')).toBe(toneOf('someone'))
  })

  it('takes a whole character for the initial (an emoji, a combining mark)', () => {
    expect(initialOf('  👩‍🎨 화가')).toBe('👩‍🎨')
    expect(initialOf('éva')).toBe('É')
    expect(initialOf('')).toBe('')
  })
})
