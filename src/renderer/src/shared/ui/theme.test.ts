// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { installFakeMagpie, ok } from '@tests/support/renderer/render'

afterEach(() => {
  vi.resetModules()
  localStorage.clear()
})

describe('theme', () => {
  it('tells main the remembered choice at start and each new one, and draws it on <html>', async () => {
    localStorage.setItem('magpie.theme', 'dark')
    const fake = installFakeMagpie({ 'app:setTheme': () => ok(undefined) })
    const theme = await import('./theme')
    expect(document.documentElement.dataset.theme).toBe('dark')
    theme.setThemeChoice('light')
    expect(document.documentElement.dataset.theme).toBe('light')
    theme.setThemeChoice('system')
    expect(fake.calls).toEqual([
      { channel: 'app:setTheme', input: { source: 'dark' } },
      { channel: 'app:setTheme', input: { source: 'light' } },
      { channel: 'app:setTheme', input: { source: 'system' } }
    ])
    expect(localStorage.getItem('magpie.theme')).toBe('system')
  })

  it('without main (or refused) the page still follows the choice', async () => {
    Object.defineProperty(window, 'magpie', { value: undefined, configurable: true })
    const theme = await import('./theme')
    theme.setThemeChoice('dark')
    expect(document.documentElement.dataset.theme).toBe('dark')
  })
})
