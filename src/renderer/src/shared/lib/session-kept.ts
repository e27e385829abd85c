import { atom, type SetStateAction } from 'jotai'

/**
 * A record of unsaved things (drafts) that outlives a reload of the page: main reloads it after
 * the renderer crashed, and sessionStorage survives that (same window), while quitting the app
 * still clears it. One storage entry per record key, so a big entry cannot push out the others;
 * a key leaves storage when it leaves the record (saved or discarded).
 *
 * `slim` is offered a value the storage refused (full: about 5 MB per origin) and may return a
 * smaller one to try instead, or null to keep that entry in memory only.
 */
export function sessionKeptAtom<T>(name: string, slim: (value: T) => T | null = () => null) {
  const prefix = `magpie:${name}:`
  // null until first written: read from storage by each store's first get (tests start fresh stores).
  const written = atom<Record<string, T> | null>(null)
  return atom(
    (get) => get(written) ?? readAll<T>(prefix),
    (get, set, update: SetStateAction<Record<string, T>>) => {
      const previous = get(written) ?? readAll<T>(prefix)
      const next = typeof update === 'function' ? update(previous) : update
      set(written, next)
      for (const key of Object.keys(previous)) if (!(key in next)) remove(prefix + key)
      for (const [key, value] of Object.entries(next)) if (previous[key] !== value) store(prefix + key, value, slim)
    }
  )
}

function readAll<T>(prefix: string): Record<string, T> {
  const found: Record<string, T> = {}
  try {
    for (let i = 0; i < sessionStorage.length; i++) {
      const name = sessionStorage.key(i)
      if (!name?.startsWith(prefix)) continue
      try {
        found[name.slice(prefix.length)] = JSON.parse(sessionStorage.getItem(name) ?? 'null') as T
      } catch {
        // Not ours to read (written by an older build, or damaged): dropped, not fatal.
        sessionStorage.removeItem(name)
      }
    }
  } catch {
    // Storage turned off: the record lives in memory only, as it did before it was kept.
  }
  return found
}

function store<T>(name: string, value: T, slim: (value: T) => T | null): void {
  for (let attempt: T | null = value; attempt !== null; attempt = slim(attempt)) {
    try {
      sessionStorage.setItem(name, JSON.stringify(attempt))
      return
    } catch {
      // Full: try the smaller value slim offers, if any.
    }
  }
  remove(name)
}

function remove(name: string): void {
  try {
    sessionStorage.removeItem(name)
  } catch {
    // Storage turned off: nothing was kept there.
  }
}
