/** macOS names its shortcuts with ⌘ (Cmd); the others with Ctrl. */
export const isMac = /mac/i.test(navigator.platform)

/** A shortcut's key as the keyboard shows it, and as aria-keyshortcuts names it. */
export const shortcut = (key: string) => (isMac ? { shown: `⌘${key}`, aria: `Meta+${key}` } : { shown: `Ctrl ${key}`, aria: `Control+${key}` })
