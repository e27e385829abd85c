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
    spellcheck: false
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

/**
 * An IPC call is answered only when it comes from our own page: the main frame of the
 * app window, loaded from the app's own files (or the dev server during `npm run dev`).
 */
export function isTrustedSender(frameUrl: string | undefined, appUrl: string): boolean {
  if (!frameUrl) return false
  try {
    const frame = new URL(frameUrl)
    const app = new URL(appUrl)
    // The host too: on Windows file://server/... is a network share, not the app's own file.
    if (app.protocol === 'file:') return frame.protocol === 'file:' && frame.host === app.host && frame.pathname === app.pathname
    return frame.origin === app.origin
  } catch {
    return false
  }
}
