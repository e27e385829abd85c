import type { Db } from './database'

/** The key a store keeps its database handle under; only the store's own modules and tests import it. */
export const databaseHandle: unique symbol = Symbol('magpie.database')

/**
 * A store's raw database, for the store's own modules (the mirror's tables) and for tests that
 * look at rows directly; product code calls the store's typed tables
 * (dependency-cruiser's database-stays-in-the-store).
 */
export function databaseOf(store: { readonly [databaseHandle]: Db }): Db {
  return store[databaseHandle]
}
