import { createHash } from 'node:crypto'

/**
 * Who a block or mute is about (docs/decisions/025-block-and-mute.md): the SHA-256 (hex) of the
 * person's lower-cased login email — exactly what firebase/firestore.rules computes from a
 * writer's token (emailKey()), so a rule finds a block from the post's author and the writer
 * alone. The same key serves the local store, so both backends keep blocks one way. It is a
 * SQL function too (database.ts), which keeps users.person_key.
 */
export const personKey = (email: string): string => createHash('sha256').update(email.toLowerCase(), 'utf8').digest('hex')
