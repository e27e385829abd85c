import { useSyncExternalStore } from 'react'
import type { MagpieApi } from '@shared/ipc/contract'
import { themeChoices, type ThemeChoice } from '@shared/limits'

/** The colour scheme chosen in 설정: follow the OS, or always light, or always dark. */
export { themeChoices, type ThemeChoice }
export type Scheme = 'light' | 'dark'

/** Kept in the renderer: it is this copy's display preference, not account data. */
const storageKey = 'magpie.theme'
const listeners = new Set<() => void>()

function readChoice(): ThemeChoice {
  try {
    const stored = localStorage.getItem(storageKey)
    return themeChoices.includes(stored as ThemeChoice) ? (stored as ThemeChoice) : 'system'
  } catch {
    return 'system'
  }
}

const darkQuery = typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : null

let choice: ThemeChoice = readChoice()

function resolve(): Scheme {
  if (choice !== 'system') return choice
  return darkQuery?.matches ? 'dark' : 'light'
}

let scheme: Scheme = resolve()

/**
 * The scheme goes on <html data-theme>: global.css swaps its colour tokens there and sets
 * `color-scheme`, so form controls and scroll bars fit too.
 */
function apply(): void {
  scheme = resolve()
  document.documentElement.dataset.theme = scheme
  document.documentElement.dataset.themeChoice = choice
  for (const listener of listeners) listener()
}

/**
 * Main hands the choice to Electron's nativeTheme, so the title bar, menus and the window's
 * background match the page (and prefers-color-scheme answers for the choice). Best effort:
 * a window without main (a unit test) or a refused call changes nothing on the page.
 */
function tellMain(): void {
  const magpie = (window as { magpie?: MagpieApi }).magpie
  magpie?.app.setTheme({ source: choice }).catch(() => undefined)
}

darkQuery?.addEventListener('change', () => {
  if (choice === 'system') apply()
})
apply()
tellMain()

export function getThemeChoice(): ThemeChoice {
  return choice
}

export function setThemeChoice(next: ThemeChoice): void {
  choice = next
  try {
    localStorage.setItem(storageKey, next)
  } catch {
    // Private storage off: the choice still holds until the window closes.
  }
  apply()
  tellMain()
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore(subscribe, () => choice)
}

/** The scheme in force now (the OS's when the choice is 시스템 설정). */
export function useScheme(): Scheme {
  return useSyncExternalStore(subscribe, () => scheme)
}
