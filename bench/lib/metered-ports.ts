import type { FirebasePorts } from '../../src/main/firebase/ports'

/**
 * Firebase operations as they are billed, counted at the ports of one Magpie (the idea of
 * src/main/firebase/counting.ts, kept in the bench and extended to writes, Realtime Database
 * alerts and Storage). Every function of `docs`, `alerts` and `files` is wrapped by what it
 * hands back, not by its name, so a DocsPort method added later is counted without a change
 * here:
 *  - a promise of a list: a query, billed one read per document and at least one;
 *  - a promise of one snapshot, or of null: a get, one read;
 *  - a promise of a number, or of an object of numbers: count aggregations, one read per 1,000
 *    entries each, at least one;
 *  - a promise of nothing or of an id: a write (a delete when the name starts with delete/remove);
 *  - a function argument called with snapshots: a listener, billed as Firestore bills one — every
 *    document of its first snapshot (at least one read), then one per document added, changed or
 *    gone from its result. counting.ts counts each snapshot whole (an upper bound): kept beside it.
 */

/** Index entries one billed read of a count aggregation covers (as counting.ts). */
const countEntriesPerRead = 1_000
/** A call handing back more than this many documents is a collection-sized read. */
export const bigCallDocs = 1_000

export interface FileCounts {
  calls: number
  failed: number
  /** Bytes handed back (downloads). */
  bytesIn: number
  /** Bytes sent (uploads). */
  bytesOut: number
}

/** What one Magpie asked of Firebase in one stretch of time. */
export interface Tally {
  /** Firestore document reads as billed, by DocsPort method. */
  reads: Record<string, number>
  /** The same reads counted as counting.ts does: every listener snapshot whole. */
  readsWhole: Record<string, number>
  writes: Record<string, number>
  deletes: Record<string, number>
  /** Reads of single calls (or listener snapshots) above bigCallDocs, by method. */
  bigReads: Record<string, number>
  /** The largest single call or listener snapshot, in billed reads. */
  largest: { method: string; reads: number }
  /** Realtime Database operations by AlertsPort method (push, remove, clear); it bills bandwidth, not operations. */
  rtdb: Record<string, number>
  /** Storage operations by FilesPort method. */
  files: Record<string, FileCounts>
}

export const emptyTally = (): Tally => ({ reads: {}, readsWhole: {}, writes: {}, deletes: {}, bigReads: {}, largest: { method: '', reads: 0 }, rtdb: {}, files: {} })

const add = (record: Record<string, number>, key: string, n: number): void => {
  record[key] = (record[key] ?? 0) + n
}

export const total = (record: Record<string, number>): number => Object.values(record).reduce((sum, n) => sum + n, 0)

/** The tallies summed (the largest call is the largest of theirs). */
export function sumTallies(tallies: Tally[]): Tally {
  const sum = emptyTally()
  for (const t of tallies) {
    for (const key of ['reads', 'readsWhole', 'writes', 'deletes', 'bigReads', 'rtdb'] as const) for (const [k, n] of Object.entries(t[key])) add(sum[key], k, n)
    for (const [k, f] of Object.entries(t.files)) {
      const into = (sum.files[k] ??= { calls: 0, failed: 0, bytesIn: 0, bytesOut: 0 })
      into.calls += f.calls
      into.failed += f.failed
      into.bytesIn += f.bytesIn
      into.bytesOut += f.bytesOut
    }
    if (t.largest.reads > sum.largest.reads) sum.largest = { ...t.largest }
  }
  return sum
}

/** Billed reads of one query when they differ from the documents it hands back (e.g. the legacy scan's); null: as handed back. */
export type Biller = (method: string, args: unknown[], docs: unknown[]) => number | null

type Fn = (...args: unknown[]) => unknown

const isThenable = (value: unknown): value is Promise<unknown> => typeof (value as { then?: unknown } | null)?.then === 'function'
const isSnapshot = (value: unknown): value is { id: string; data: unknown } =>
  typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'string' && 'data' in value
const isCounts = (value: unknown): value is Record<string, number> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !isSnapshot(value) && Object.values(value).every((v) => typeof v === 'number')

/** Every function of a port object (own or inherited), each passed through `wrap`; other fields copied. */
function wrapMethods<T extends object>(target: T, wrap: (name: string, call: Fn) => Fn): T {
  const out = Object.assign({}, target) as Record<string, unknown>
  const names = new Set<string>()
  for (let proto: object | null = target; proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto) as object | null) {
    for (const name of Object.getOwnPropertyNames(proto)) if (name !== 'constructor') names.add(name)
  }
  for (const name of names) {
    const fn = (target as Record<string, unknown>)[name]
    if (typeof fn === 'function') out[name] = wrap(name, (...args) => (fn as Fn).apply(target, args))
  }
  return out as T
}

/**
 * Counts one Magpie's Firebase operations into the current tally; `phase` switches tallies
 * (e.g. one per session), so what a session's listeners deliver lands in that session.
 */
export class Meter {
  private readonly tallies = new Map<string, Tally>()
  private current: Tally = emptyTally()

  constructor(private readonly bill: Biller = () => null) {}

  /** From now on, operations count into the tally of this name. */
  phase(name: string): void {
    let tally = this.tallies.get(name)
    if (!tally) this.tallies.set(name, (tally = emptyTally()))
    this.current = tally
  }

  tally(name: string): Tally {
    return this.tallies.get(name) ?? emptyTally()
  }

  /** The ports with docs, alerts and files counted; the rest as they are. */
  wrap(ports: FirebasePorts): FirebasePorts {
    return {
      ...ports,
      docs: wrapMethods(ports.docs, (name, call) => this.docsMethod(name, call)),
      alerts: wrapMethods(ports.alerts, (name, call) => this.alertsMethod(name, call)),
      files: wrapMethods(ports.files, (name, call) => this.filesMethod(name, call))
    }
  }

  private read(method: string, billed: number, whole: number): void {
    const t = this.current
    add(t.reads, method, billed)
    add(t.readsWhole, method, whole)
    if (billed > bigCallDocs) add(t.bigReads, method, billed)
    if (billed > t.largest.reads) t.largest = { method, reads: billed }
  }

  private docsMethod(name: string, call: Fn): Fn {
    return (...args) => {
      // A listener's data callback is its first function argument (the error callback comes after).
      const at = args.findIndex((arg) => typeof arg === 'function')
      const result = call(...(at < 0 ? args : args.map((arg, i) => (i === at ? this.listener(name, arg as Fn) : arg))))
      if (!isThenable(result)) return result
      return result.then((value) => {
        if (Array.isArray(value)) {
          const billed = this.bill(name, args, value) ?? Math.max(1, value.length)
          this.read(name, billed, billed)
        } else if (value === null || isSnapshot(value)) this.read(name, 1, 1)
        else if (typeof value === 'number' || isCounts(value)) {
          const counts = typeof value === 'number' ? [value] : Object.values(value)
          const billed = counts.reduce((sum, n) => sum + Math.max(1, Math.ceil(n / countEntriesPerRead)), 0)
          this.read(name, billed, billed)
        } else add(/^(delete|remove)/i.test(name) ? this.current.deletes : this.current.writes, name, 1)
        return value
      })
    }
  }

  /** Bills a listener's snapshots: the first whole, then what changed in its result. */
  private listener(method: string, onData: Fn): Fn {
    let last: Map<string, string> | null = null
    return (value) => {
      const docs = Array.isArray(value) ? value : value === null ? [] : isSnapshot(value) ? [value] : null
      if (docs && docs.every(isSnapshot)) {
        const next = new Map(docs.map((doc) => [doc.id, JSON.stringify(doc.data)]))
        let billed = 0
        if (last === null) billed = Math.max(1, next.size)
        else {
          for (const [id, json] of next) if (last.get(id) !== json) billed++
          for (const id of last.keys()) if (!next.has(id)) billed++
        }
        last = next
        this.read(method, billed, Array.isArray(value) ? docs.length : 1)
      }
      return onData(value)
    }
  }

  private alertsMethod(name: string, call: Fn): Fn {
    return (...args) => {
      const result = call(...args)
      // Listeners (a function back) cost bandwidth only; every other call is a database operation.
      if (isThenable(result)) add(this.current.rtdb, name, 1)
      return result
    }
  }

  private filesMethod(name: string, call: Fn): Fn {
    return (...args) => {
      const counts = (this.current.files[name] ??= { calls: 0, failed: 0, bytesIn: 0, bytesOut: 0 })
      counts.calls++
      for (const arg of args) if (arg instanceof Uint8Array) counts.bytesOut += arg.byteLength
      const result = call(...args)
      if (!isThenable(result)) return result
      return result.then(
        (value) => {
          if (value instanceof Uint8Array) counts.bytesIn += value.byteLength
          return value
        },
        (error: unknown) => {
          counts.failed++
          throw error
        }
      )
    }
  }
}

/** The tallies' mean, figure by figure (several members' days as one member's); the largest call is the largest of theirs. */
export function meanTally(tallies: Tally[]): Tally {
  const mean = sumTallies(tallies)
  const n = Math.max(1, tallies.length)
  for (const key of ['reads', 'readsWhole', 'writes', 'deletes', 'bigReads', 'rtdb'] as const) for (const k of Object.keys(mean[key])) mean[key][k]! /= n
  for (const f of Object.values(mean.files)) {
    f.calls /= n
    f.failed /= n
    f.bytesIn /= n
    f.bytesOut /= n
  }
  return mean
}
