import { contentMigrations } from './migrations/content'
import { draftsMigrations } from './migrations/drafts'
import { foundationMigrations } from './migrations/foundation'
import { identitiesMigrations } from './migrations/identities'
import { peopleMigrations } from './migrations/people'
import { savedMigrations } from './migrations/saved'

/**
 * Versioned schema. Each entry runs once, in order, inside a transaction;
 * PRAGMA user_version records how far a database has come. Never edit a shipped
 * entry: add a new one.
 */
export const migrations: readonly string[] = [...foundationMigrations, ...peopleMigrations, ...contentMigrations, ...savedMigrations, ...draftsMigrations, ...identitiesMigrations]
