import { notifyManager, type QueryClient, type QueryKey } from '@tanstack/react-query'

/**
 * Lands an answer that says whose the other cached answers are — the signed-in person, the
 * running backend. When `changed` says it is someone or something else now, every other cached
 * answer (all but the `kept` query roots) was given to the previous one, so it is reset and what
 * is on screen loads again. One batch, so no screen renders the new owner with the old one's data.
 */
export function landOwner<T>(
  client: QueryClient,
  key: QueryKey,
  next: T,
  changed: (previous: T | undefined, next: T) => boolean,
  kept: readonly unknown[]
): void {
  const previous = client.getQueryData<T>(key)
  notifyManager.batch(() => {
    client.setQueryData(key, next)
    if (changed(previous, next)) void client.resetQueries({ predicate: (query) => !kept.includes(query.queryKey[0]) })
  })
}
