import { wellFormed } from '@shared/well-formed'
import type { FirebasePorts } from './ports'

/**
 * One port whose every answer (resolved or returned) and every value it hands a callback
 * (a listener's snapshots) is made well formed; errors, bytes and unsubscribes pass as they are.
 */
function wellFormedPort<T extends object>(port: T): T {
  const inner = port as Record<string, unknown>
  const out: Record<string, unknown> = {}
  for (const [name, member] of Object.entries(inner)) {
    if (typeof member !== 'function') {
      out[name] = member
      continue
    }
    out[name] = (...args: unknown[]) => {
      const wrapped = args.map((arg) => (typeof arg === 'function' ? (...values: unknown[]) => arg(...values.map(wellFormed)) : arg))
      // Looked up at each call: a spy or stand-in set on the connected port later is the one called.
      const answer: unknown = (inner[name] as (...values: unknown[]) => unknown).apply(port, wrapped)
      return answer instanceof Promise ? answer.then(wellFormed) : wellFormed(answer)
    }
  }
  return out as T
}

/**
 * The connected project with every document another client wrote made well formed as it is
 * read: a lone surrogate (which no UTF-8 store can keep) becomes U+FFFD before any service, the
 * mirror or the renderer sees it — posts, comments, profiles, block lists, reports, notices and
 * alerts alike, whatever reads them. What Magpie itself sends was made so at dispatch.
 */
export function wellFormedPorts(ports: FirebasePorts): FirebasePorts {
  return { ...ports, auth: wellFormedPort(ports.auth), docs: wellFormedPort(ports.docs), alerts: wellFormedPort(ports.alerts) }
}
