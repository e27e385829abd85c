import type { Auth } from 'firebase/auth'
import type { FirebaseApp } from 'firebase/app'
import { deleteObject, getDownloadURL, getStorage, ref as storageRef, uploadBytesResumable } from 'firebase/storage'
import { guarded, toPortError } from '../firebase-errors'
import { FirebasePortError, type EmulatorHosts, type FilesPort } from '../ports'
import { downloadCapped, downloadScope } from './download'
import { useStorageEmulator } from './emulators'
import { safely } from './helpers'

/** Storage retries: the SDK's defaults (10 minutes for uploads) would leave a spinner up for that long. */
const UPLOAD_RETRY_MS = 60_000
const OPERATION_RETRY_MS = 30_000

/** Storage paths Magpie writes (docs/specification.md §3.3 and storage.rules). */
function requireImagePath(path: string): string {
  if (typeof path !== 'string' || !/^(postImg|profileImg)\/[0-9A-Za-z_-]{1,64}$/.test(path)) {
    throw new FirebasePortError('permission-denied', 'not an image path Magpie writes')
  }
  return path
}

export function createFilesPort(app: FirebaseApp, auth: Auth, bucket: string, emulators: EmulatorHosts | undefined): FilesPort {
  const storage = getStorage(app)
  useStorageEmulator(storage, emulators)
  storage.maxUploadRetryTime = UPLOAD_RETRY_MS
  storage.maxOperationRetryTime = OPERATION_RETRY_MS
  // Images are fetched only from the community's own bucket (issue 21, defect 6).
  const scope = downloadScope(bucket, emulators)

  return {
    upload: (path, bytes, contentType, onProgress) =>
      guarded('storage', async () => {
        const ref = storageRef(storage, requireImagePath(path))
        const uid = auth.currentUser?.uid
        // storage.rules lets only the uploader (this mark) replace or delete the file later.
        const task = uploadBytesResumable(ref, bytes, { contentType, ...(uid ? { customMetadata: { uploader: uid } } : {}) })
        const progress = onProgress ? safely('upload progress', onProgress) : null
        await new Promise<void>((resolve, reject) => {
          task.on(
            'state_changed',
            (snapshot) => progress?.(snapshot.totalBytes > 0 ? snapshot.bytesTransferred / snapshot.totalBytes : 0),
            reject,
            resolve
          )
        })
        progress?.(1)
        return getDownloadURL(ref)
      }),
    async remove(path) {
      try {
        await deleteObject(storageRef(storage, requireImagePath(path)))
      } catch (error) {
        const failure = toPortError('storage', error)
        // Removing a file that is already gone is done.
        if (failure.reason !== 'not-found') throw failure
      }
    },
    download: (url, maxBytes) => downloadCapped(url, maxBytes, scope)
  }
}
