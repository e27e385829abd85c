import type { App } from 'firebase-admin/app'
import { getAuth } from 'firebase-admin/auth'
import { FieldPath, FieldValue, getFirestore } from 'firebase-admin/firestore'

/** Documents one page of the users scan, and one getAll and one batch, hold. */
const CHUNK = 400

export interface AccessResult {
  access: 'open' | 'members-only'
  /** Whether settings/community.access changed. */
  changed: boolean
  imported: number
  present: number
  moderators: number
}

/**
 * `access members-only|open` (decision 045): settings/community.access. Before a community closes,
 * every users document's uid becomes a member (members/{uid}, via 'import'), once: a member
 * already there (imported before, approved, invited) is never changed, so a second run adds only
 * who signed up since. The members are in place before the switch, so nobody already in is shut
 * out for a moment. Every account with the moderator claim gets its mark (moderators/{uid}), which
 * keeps moderators from removing one another. Opening changes only the setting: members stay.
 */
export async function setAccess(app: App, access: 'open' | 'members-only'): Promise<AccessResult> {
  const db = getFirestore(app)
  const result: AccessResult = { access, changed: false, imported: 0, present: 0, moderators: 0 }
  if (access === 'members-only') {
    const uids = new Set<string>()
    let last: string | null = null
    for (;;) {
      let page = db.collection('users').orderBy(FieldPath.documentId()).limit(CHUNK)
      if (last !== null) page = page.startAfter(last)
      const snapshot = await page.get()
      for (const doc of snapshot.docs) {
        const uid: unknown = doc.get('uid')
        // A uid the rules could match: a document id, as Auth's are.
        if (typeof uid === 'string' && /^[^/]{1,128}$/.test(uid) && uid !== '.' && uid !== '..') uids.add(uid)
      }
      if (snapshot.size < CHUNK) break
      last = snapshot.docs[snapshot.docs.length - 1]!.id
    }
    const wanted = [...uids]
    for (let i = 0; i < wanted.length; i += CHUNK) {
      const refs = wanted.slice(i, i + CHUNK).map((uid) => db.collection('members').doc(uid))
      const there = await db.getAll(...refs)
      const batch = db.batch()
      refs.forEach((ref, n) => {
        if (there[n]!.exists) result.present++
        else {
          // create(): a member made meanwhile (an approval) fails the batch rather than being overwritten; a new run takes the rest.
          batch.create(ref, { uid: ref.id, at: FieldValue.serverTimestamp(), via: 'import' })
          result.imported++
        }
      })
      await batch.commit()
    }
    result.moderators = await markModerators(app)
  }
  const settings = db.doc('settings/community')
  const before: unknown = (await settings.get()).get('access')
  const now = before === 'members-only' ? 'members-only' : 'open'
  if (now !== access) {
    await settings.set({ access }, { merge: true })
    result.changed = true
  }
  return result
}

/** moderators/{uid} for every account with the claim (earlier `moderator add`s made none); returns how many. */
async function markModerators(app: App): Promise<number> {
  const db = getFirestore(app)
  let count = 0
  let pageToken: string | undefined
  do {
    const page = await getAuth(app).listUsers(1000, pageToken)
    for (const user of page.users) {
      if (user.customClaims?.moderator !== true) continue
      await db.doc(`moderators/${user.uid}`).set({ at: FieldValue.serverTimestamp() })
      count++
    }
    pageToken = page.pageToken
  } while (pageToken)
  return count
}
