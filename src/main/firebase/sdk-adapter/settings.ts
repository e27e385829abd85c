import { doc, getDocFromServer, type Firestore } from 'firebase/firestore'
import { guarded } from '../firebase-errors'
import { readMillis } from '../mapping'
import type { DocsPort } from '../ports'

/** settings/community (decision 031): read from the server, never a cached copy, as it is read rarely and must be current. */
export function createSettingsPort(db: Firestore): Pick<DocsPort, 'communitySettings'> {
  return {
    communitySettings: () =>
      guarded('firestore', async () => {
        const snapshot = await getDocFromServer(doc(db, 'settings', 'community'))
        if (!snapshot.exists()) return null
        return { requireAltText: snapshot.get('requireAltText') === true, postsRescanAt: readMillis(snapshot.get('postsRescanAt')) }
      })
  }
}
