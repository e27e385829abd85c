/**
 * Keyset cursors: the (time, id) of the last row a page showed, opaque to the renderer.
 * Paging by position instead of OFFSET keeps every page as cheap as the first and never
 * repeats or skips a row when new ones arrive.
 */
export interface Keyset {
  at: number
  id: string
}

export function encodeCursor(key: Keyset): string {
  return Buffer.from(`${key.at}:${key.id}`, 'utf8').toString('base64url')
}

/**
 * A malformed cursor decodes to null and the page starts over; a well-formed one is only a
 * position in a public list, so a forged one shows nothing the caller could not page to.
 */
export function decodeCursor(cursor: string | null | undefined): Keyset | null {
  if (!cursor) return null
  const text = Buffer.from(cursor, 'base64url').toString('utf8')
  const match = /^(\d{1,16}):([\w-]{1,64})$/.exec(text)
  if (!match) return null
  return { at: Number(match[1]), id: match[2]! }
}

/**
 * A page from rows read one past its size: the extra row tells whether another page exists
 * without a count query, and the cursor then points below the page's last row.
 */
export function keysetPage<R extends { createdAt: number; id: string }>(rows: R[], size: number): { page: R[]; nextCursor: string | null } {
  const page = rows.slice(0, size)
  const last = page.at(-1)
  return { page, nextCursor: rows.length > size && last ? encodeCursor({ at: last.createdAt, id: last.id }) : null }
}
