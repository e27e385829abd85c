import type { DocumentData } from 'firebase/firestore'

/** Firestore refuses undefined values: the ports' optional fields are left out instead. */
export function defined(data: object): DocumentData {
  return Object.fromEntries(Object.entries(data).filter(([, value]) => value !== undefined))
}

export function withTimeout<T>(work: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(onTimeout()), ms)
  })
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer))
}

/** Callbacks belong to the services: their exceptions must not break an SDK listener. */
export function safely<A extends unknown[]>(what: string, callback: (...args: A) => void): (...args: A) => void {
  return (...args) => {
    try {
      callback(...args)
    } catch (error) {
      console.error(`[firebase] ${what} listener failed`, error)
    }
  }
}
