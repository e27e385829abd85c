/**
 * A lone UTF-16 surrogate has no UTF-8 form: SQLite and Firestore would keep bytes no reader
 * can decode. Each one becomes U+FFFD, as String.prototype.toWellFormed does (ES2024, not yet in
 * our TypeScript lib), so text that crosses into main is always valid Unicode.
 */
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

export const wellFormedText = (text: string): string => text.replace(loneSurrogate, '\uFFFD')

/**
 * Every string inside a value the renderer sent (objects and arrays, however nested) made well
 * formed; bytes and other values pass as they are.
 */
export function wellFormed(value: unknown): unknown {
  if (typeof value === 'string') return wellFormedText(value)
  if (Array.isArray(value)) return value.map(wellFormed)
  if (typeof value !== 'object' || value === null || ArrayBuffer.isView(value)) return value
  if (Object.getPrototypeOf(value) !== Object.prototype && Object.getPrototypeOf(value) !== null) return value
  const out: Record<string, unknown> = {}
  // defineProperty keeps an own "__proto__" key an own key (as JSON.parse makes it), never a prototype.
  for (const [key, inner] of Object.entries(value)) Object.defineProperty(out, key, { value: wellFormed(inner), enumerable: true, writable: true, configurable: true })
  return out
}
