/**
 * Magpie's links, `magpie://detail/{postId}`: built by the renderer's "링크 복사", opened by
 * main when the OS hands one over (open-url, a second launch's argv, a toast's launch
 * argument). Only this one shape is understood; anything else yields null and is ignored.
 */
export const deepLinkScheme = 'magpie'

/**
 * The IPC contract's id rule (1–100 characters), as one route segment: no / ? # % \ or white
 * space, and nothing of Unicode's "other" categories (\p{C}): C0 and C1 controls (U+0085 too),
 * format characters (bidi overrides such as U+202E, zero-width spaces and joiners, U+FEFF), lone
 * surrogates, private use and unassigned code points; not . or ..
 */
const postIdPattern = /^[^/?#%\\\s\p{C}]{1,100}$/u

export function isPostId(value: string): boolean {
  return postIdPattern.test(value) && value !== '.' && value !== '..'
}

export function postLink(postId: string): string {
  return `${deepLinkScheme}://detail/${encodeURIComponent(postId)}`
}

/**
 * The link's exact shape, read from the text itself rather than a parsed URL, which would
 * resolve magpie://detail/../x into another id. A trailing slash is what some launchers add.
 */
const linkPattern = new RegExp(`^${deepLinkScheme}://detail/([^/?#\\\\@:]+)/?$`, 'i')

/** The app route a link opens (`/detail/{id}`), or null for anything that is not a post link. */
export function routeFromLink(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length > 400) return null
  const segment = linkPattern.exec(raw)?.[1]
  if (!segment) return null
  let id: string
  try {
    id = decodeURIComponent(segment)
  } catch {
    return null
  }
  return isPostId(id) ? `/detail/${id}` : null
}

/** The link for a notification's route, so a toast can carry it; null for routes that are not a post. */
export function linkFromRoute(route: string): string | null {
  const match = /^\/detail\/(.+)$/.exec(route)
  return match && isPostId(match[1]!) ? postLink(match[1]!) : null
}
