/**
 * Puts text on the clipboard. The renderer has no Node or Electron clipboard: the web
 * Clipboard API is what works in Electron's window and in the browser harness alike (a
 * user's click grants it). Resolves false when the page may not write it.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text)
    return true
  } catch {
    return false
  }
}
