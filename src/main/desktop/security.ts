import type { WebPreferences } from 'electron'

/**
 * Electron's security checklist in one place, so every window gets it and a test can
 * read it: isolated, sandboxed, no Node, no <webview>.
 */
export function secureWebPreferences(preload: string): WebPreferences {
  return {
    preload,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webviewTag: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    navigateOnDragDrop: false,
    // The editor and comments are checked in Korean and English (spellcheck.ts); the OS's checker where it has one.
    spellcheck: true
  }
}

/** Only plain https links leave the app, and only to the system browser. */
export function safeExternalUrl(raw: string): string | null {
  try {
    const url = new URL(raw)
    if (url.protocol !== 'https:' || url.username || url.password || !url.hostname) return null
    return url.toString()
  } catch {
    return null
  }
}
