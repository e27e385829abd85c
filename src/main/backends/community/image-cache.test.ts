import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanupTestApps, tinyJpeg } from '../../../../tests/support/main/test-app'
import { createFakeFirebase } from '../../../../tests/support/fake-firebase/fake-firebase'
import { cleanupCommunityApps, startProjectApp, webAppPost } from '../../../../tests/support/main/community-app'
import { FirebasePortError } from '../../firebase/ports'

afterEach(async () => {
  vi.restoreAllMocks()
  await cleanupCommunityApps()
  await cleanupTestApps()
})

/**
 * Issue 21, defect 6: the image cache and a photo that is not the community's. The SDK adapter's
 * FilesPort refuses any URL outside the community's own bucket before a request is made
 * (src/main/firebase/sdk-adapter/download.test.ts, sdk-adapter.test.ts); here the port refuses
 * the same way, and the cache must show the post without its photo, log it once and never ask again.
 */
describe('image cache: a photo outside the community bucket', () => {
  it('is not fetched: the post shows without it (its placeholder), logged once, never asked again', async () => {
    const fake = createFakeFirebase()
    const web = { uid: 'web-uid', email: 'web@example.com', nickname: '웹' }
    const own = fake.webApp.uploadFile('postImg/1700000000000', await tinyJpeg('#123456', 200, 100))
    const foreign = 'https://firebasestorage.googleapis.com/v0/b/attacker-project.appspot.com/o/postImg%2F1700000000001?alt=media&token=t'
    fake.webApp.addPost(webAppPost(web, { postImg: own, postDate: '2026. 1. 1. 오전 10:00' }), 'ownPhoto')
    fake.webApp.addPost(webAppPost(web, { postImg: foreign, postDate: '2026. 1. 1. 오전 11:00' }), 'foreignPhoto')

    const asked: string[] = []
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const app = await startProjectApp({
      idle: fake.idle,
      async connect(config, emulators) {
        const ports = await fake.connect(config, emulators)
        const download = ports.files.download.bind(ports.files)
        return {
          ...ports,
          files: {
            ...ports.files,
            async download(url, maxBytes) {
              asked.push(url)
              // As the adapter does: only the fake project's own bucket is fetched.
              if (!url.startsWith('https://firebasestorage.googleapis.com/v0/b/fake.appspot.com/o/')) {
                throw new FirebasePortError('permission-denied', "download: not this community's Storage bucket (bucket \"attacker-project.appspot.com\" at https://firebasestorage.googleapis.com)")
              }
              return download(url, maxBytes)
            }
          }
        }
      }
    })

    const feed = (await app.call('posts:feed', {})).posts
    await app.settle()
    const shown = async (id: string) => (await app.call('posts:get', { id })).photos[0]!.image
    expect((await shown('ownPhoto')).variants.length).toBeGreaterThan(0)
    const photo = await shown('foreignPhoto')
    expect(feed.map((p) => p.id)).toContain('foreignPhoto')
    expect(photo.variants).toEqual([])

    // Shown again, in the feed and opened: not asked again, not logged again.
    await app.call('posts:feed', {})
    await app.call('posts:get', { id: 'foreignPhoto' })
    await app.settle()
    expect(asked.filter((url) => url === foreign)).toHaveLength(1)
    const logged = warn.mock.calls.filter((args) => args.some((arg) => String(arg).includes('attacker-project.appspot.com')))
    expect(logged).toHaveLength(1)
    expect(String(logged[0])).not.toContain('token=t')
  })
})
