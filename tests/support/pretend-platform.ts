import { afterEach, beforeEach } from 'vitest'

/**
 * process.platform as another OS for the double, put back after each test. Call at the top of a
 * test file; the returned function pretends.
 */
export function pretendPlatforms(): (value: NodeJS.Platform) => void {
  let saved: PropertyDescriptor | undefined
  beforeEach(() => {
    saved = Object.getOwnPropertyDescriptor(process, 'platform')
  })
  afterEach(() => {
    if (saved) Object.defineProperty(process, 'platform', saved)
  })
  return (value) => Object.defineProperty(process, 'platform', { ...saved, value })
}
