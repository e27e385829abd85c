import { createHash } from 'node:crypto'
import type { App } from 'firebase-admin/app'
import { FieldPath, FieldValue, getFirestore, type DocumentReference } from 'firebase-admin/firestore'

/** Documents one page of the users scan, and one getAll and one batch, hold. */
const CHUNK = 400

/** The rules' emailKey(): the SHA-256 (hex) of the lower-cased email (src/main/store/person-key.ts). */
export const emailKey = (email: string): string => createHash('sha256').update(email.toLowerCase(), 'utf8').digest('hex')

export interface FillResult {
  claimed: number
  present: number
  /** Emails whose users documents name more than one uid: left without an entry for the operator to decide. */
  ambiguous: string[]
}

/**
 * `identities fill` (decision 043): emails/{emailKey(user_id)} = { uid } for every users document,
 * made once. An entry already there is never changed (Magpie's own claims, an earlier fill), so a
 * second run adds only what is new. An email two users documents give to two uids (an account
 * deleted and its email registered again before the fill) gets no entry: the command names it.
 */
export async function fillIdentities(app: App): Promise<FillResult> {
  const db = getFirestore(app)
  const owners = new Map<string, Set<string>>()
  let last: string | null = null
  for (;;) {
    let page = db.collection('users').orderBy(FieldPath.documentId()).limit(CHUNK)
    if (last !== null) page = page.startAfter(last)
    const snapshot = await page.get()
    for (const doc of snapshot.docs) {
      const uid: unknown = doc.get('uid')
      const email: unknown = doc.get('user_id')
      if (typeof uid !== 'string' || uid.length === 0 || typeof email !== 'string' || !email.includes('@')) continue
      const key = email.toLowerCase()
      owners.set(key, (owners.get(key) ?? new Set<string>()).add(uid))
    }
    if (snapshot.size < CHUNK) break
    last = snapshot.docs[snapshot.docs.length - 1]!.id
  }
  const result: FillResult = { claimed: 0, present: 0, ambiguous: [] }
  const wanted: { ref: DocumentReference; uid: string }[] = []
  for (const [email, uids] of owners) {
    if (uids.size > 1) result.ambiguous.push(email)
    else wanted.push({ ref: db.collection('emails').doc(emailKey(email)), uid: [...uids][0]! })
  }
  for (let i = 0; i < wanted.length; i += CHUNK) {
    const chunk = wanted.slice(i, i + CHUNK)
    const there = await db.getAll(...chunk.map((entry) => entry.ref))
    const batch = db.batch()
    chunk.forEach((entry, n) => {
      if (there[n]!.exists) result.present++
      else {
        // create(): a claim made meanwhile fails the batch rather than being overwritten; a new run takes the rest.
        batch.create(entry.ref, { uid: entry.uid, at: FieldValue.serverTimestamp() })
        result.claimed++
      }
    })
    await batch.commit()
  }
  result.ambiguous.sort()
  return result
}
