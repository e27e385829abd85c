// Pure (no electron import): the browser harness takes the same feeds as development's updater.

/**
 * The feed a development run may check (MAGPIE_DEV_UPDATE_FEED, `npm run smoke:desktop` serves
 * one): plain HTTP on this computer only, so no setting can point even a development copy at
 * another server. Anything else is null: the copy then cannot update itself, as before.
 */
export function devUpdateFeed(raw: string | undefined): string | null {
  if (!raw) return null
  try {
    const url = new URL(raw)
    const loopback = url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.hostname === '[::1]'
    return url.protocol === 'http:' && loopback && !url.username && !url.password ? url.toString() : null
  } catch {
    return null
  }
}
