import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { closedPort, demoConfig as config, failure } from '../../../tests/support/firebase-ports'
import { FirebasePortError, type FirebasePorts, type PostDoc } from './ports'
import { connectFirebase, parseHostPort } from './sdk-adapter'

/**
 * The adapter's own rules that need no Firebase: what download fetches and how much of it,
 * failing fast offline, and refusing bad input before the SDK sees it. The SDK calls against the
 * emulators are in sdk-adapter.auth.test.ts and tests/firebase/sdk-adapter.test.ts.
 */

const open: FirebasePorts[] = []
afterEach(async () => {
  await Promise.all(open.splice(0).map((ports) => ports.close()))
})

async function connect(emulators: Parameters<typeof connectFirebase>[1]): Promise<FirebasePorts> {
  const ports = await connectFirebase(config, emulators)
  open.push(ports)
  return ports
}

describe('FilesPort.download', () => {
  const image = Buffer.alloc(64 * 1024, 7)
  let server: Server
  let host = ''
  const requests: string[] = []
  /** How many bytes the streaming route had written when the client went away. */
  let streamClosed: Promise<number> = Promise.resolve(0)

  beforeAll(async () => {
    server = createServer((req, res) => {
      requests.push(req.url ?? '')
      const path = new URL(req.url ?? '/', 'http://x').pathname
      if (path === '/v0/b/demo-magpie.appspot.com/o/postImg%2Fsmall') {
        res.writeHead(200, { 'content-type': 'image/png', 'content-length': image.length })
        res.end(image)
      } else if (path === '/v0/b/demo-magpie.appspot.com/o/postImg%2Fstream') {
        // No length header: only counting while streaming can stop it.
        res.writeHead(200, { 'content-type': 'image/png' })
        let sent = 0
        streamClosed = new Promise((resolve) => res.on('close', () => resolve(sent)))
        const more = (): void => {
          if (res.destroyed) return
          if (sent >= 64 * 1024 * 1024) return void res.end()
          sent += 16 * 1024
          res.write(Buffer.alloc(16 * 1024, 1), () => setImmediate(more))
        }
        more()
      } else if (path === '/v0/b/demo-magpie.appspot.com/o/postImg%2Fmoved') {
        res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' })
        res.end()
      } else {
        res.writeHead(404)
        res.end()
      }
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    host = `127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  })

  const url = (name: string): string => `http://${host}/v0/b/demo-magpie.appspot.com/o/postImg%2F${name}?alt=media&token=t`

  it('downloads a Storage URL within the limit', async () => {
    const { files } = await connect({ storage: host })
    expect(Buffer.from(await files.download(url('small'), image.length))).toEqual(image)
  })

  it('refuses a file whose declared length is over the limit', async () => {
    const { files } = await connect({ storage: host })
    const error = await failure(files.download(url('small'), image.length - 1))
    expect(error.reason).toBe('unknown')
    expect(error.message).toContain('larger than')
  })

  it('stops reading a file without a declared length as soon as it passes the limit', async () => {
    const { files } = await connect({ storage: host })
    const error = await failure(files.download(url('stream'), 100 * 1024))
    expect(error.message).toContain('larger than')
    // The server was cut off long before its 64 MB.
    expect(await streamClosed).toBeLessThan(8 * 1024 * 1024)
  })

  it('fetches nothing that is not a Firebase Storage download URL', async () => {
    const { files } = await connect({ storage: host })
    requests.length = 0
    const elsewhere = `127.0.0.1:${await closedPort()}`
    for (const bad of [
      `http://${elsewhere}/v0/b/demo-magpie.appspot.com/o/postImg%2Fsmall`,
      `http://${host}/latest/meta-data/`,
      'https://example.com/v0/b/demo-magpie.appspot.com/o/postImg%2Fsmall',
      'file:///etc/passwd'
    ]) {
      expect((await failure(files.download(bad, 1024))).reason, bad).toBe('permission-denied')
    }
    expect((await failure(files.download('not a url', 1024))).reason).toBe('not-found')
    expect(requests).toEqual([])
  })

  it('fetches only the community’s own bucket (the config’s storageBucket), on the emulator’s origin too (issue 21)', async () => {
    const { files } = await connect({ storage: host })
    requests.length = 0
    for (const bad of [
      `http://${host}/v0/b/attacker-project.appspot.com/o/postImg%2Fsmall?alt=media&token=t`,
      `http://${host}/v0/b/demo-magpie.appspot.com.evil.com/o/postImg%2Fsmall?alt=media`,
      `http://${host}/v0/b/demo-magpie.appspot.com/o/..%2F..%2Fattacker-project.appspot.com/o/postImg%2Fsmall`,
      `http://${host}/v0/b/demo-magpie.appspot.com/o/%2e%2e/%2e%2e/attacker-project.appspot.com/o/postImg%2Fsmall`,
      'https://firebasestorage.googleapis.com/v0/b/attacker-project.appspot.com/o/postImg%2F1?alt=media&token=t'
    ]) {
      const error = await failure(files.download(bad, 1024))
      expect(error.reason, bad).toBe('permission-denied')
    }
    const refused = await failure(files.download(`http://${host}/v0/b/attacker-project.appspot.com/o/postImg%2Fsmall?alt=media&token=secret`, 1024))
    // The log names the host and the bucket, never the file's token.
    expect(refused.message).toContain('attacker-project.appspot.com')
    expect(refused.message).not.toContain('secret')
    expect(requests).toEqual([])
    // The community's own bucket on the same server is fetched.
    expect(Buffer.from(await files.download(url('small'), image.length))).toEqual(image)
  })

  it('follows no redirect', async () => {
    const { files } = await connect({ storage: host })
    expect((await failure(files.download(url('moved'), 1024))).reason).toBe('permission-denied')
    expect(requests.filter((r) => r.includes('meta-data'))).toEqual([])
  })

  it('says not-found for a missing file', async () => {
    const { files } = await connect({ storage: host })
    expect((await failure(files.download(url('missing'), 1024))).reason).toBe('not-found')
  })

  it('allows only https://firebasestorage.googleapis.com without a Storage emulator', async () => {
    const { files } = await connect({})
    expect((await failure(files.download(url('small'), 1024))).reason).toBe('permission-denied')
  })
})

describe('offline', () => {
  const post: PostDoc = {
    postedBy: 'a@magpie.test',
    posted_uid: 'a',
    nickname: 'A',
    profileImg: '',
    postImg: 'https://firebasestorage.googleapis.com/v0/b/x/o/postImg%2F1',
    postTxt: 'x',
    postDate: '',
    likedBy: [],
    layout: 'Top',
    createdAt: 1
  }

  it('fails Firestore writes and reads with offline instead of queueing them or answering from an empty cache', async () => {
    const { docs } = await connect({ firestore: `127.0.0.1:${await closedPort()}` })
    expect((await failure(docs.addPost(post))).reason).toBe('offline')
    expect((await failure(docs.setLiked('p1', 'a@magpie.test', true))).reason).toBe('offline')
    expect((await failure(docs.getPost('p1'))).reason).toBe('offline')
    expect((await failure(docs.postsPage(null, 10))).reason).toBe('offline')
    expect((await failure(docs.commentCounts(['p1', 'p2']))).reason).toBe('offline')
  }, 30_000)

  it('fails Realtime Database writes with offline when the database cannot be reached', async () => {
    const { alerts, connectivity } = await connect({ database: `127.0.0.1:${await closedPort()}` })
    expect((await failure(alerts.push('uid-1', { date: '', post_id: 'p1', committed_by: 'B', alert_type: 'like' }))).reason).toBe('offline')
    expect(connectivity.online()).toBe(false)
  }, 30_000)
})

describe('input the SDK never sees', () => {
  it('refuses storage paths outside the image folders', async () => {
    const { files } = await connect({})
    for (const path of ['postImg/../secrets', 'other/1', 'postImg/', 'postImg/a/b', 'profileImg/x.svg']) {
      expect((await failure(files.upload(path, new Uint8Array(1), 'image/png'))).reason, path).toBe('permission-denied')
      expect((await failure(files.remove(path))).reason, path).toBe('permission-denied')
    }
  })

  it('refuses database keys that would address another path', async () => {
    const { alerts } = await connect({ database: `127.0.0.1:${await closedPort()}` })
    for (const uid of ['', 'a/b', '..', 'a.b', 'a#b', 'a$b', 'a[b]']) {
      expect((await failure(alerts.clear(uid))).reason, uid).toBe('not-found')
    }
    expect((await failure(alerts.remove('uid-1', 'a/../b'))).reason).toBe('not-found')
  })

  it('treats an id that is not a document id as a missing document', async () => {
    const { docs } = await connect({ firestore: `127.0.0.1:${await closedPort()}` })
    expect(await docs.getPost('a/b')).toBeNull()
    expect(await docs.getComment('')).toBeNull()
    expect(await docs.commentsOf('a/b')).toEqual([])
    expect(await docs.commentCounts(['a/b', ''])).toEqual({ 'a/b': 0, '': 0 })
    expect((await failure(docs.deletePost('a/b'))).reason).toBe('not-found')
  })

  it('refuses an unusable config as invalid-config', async () => {
    expect((await failure(connectFirebase({ ...config, apiKey: '' }))).reason).toBe('invalid-config')
    expect((await failure(connectFirebase(config, { firestore: 'localhost' }))).reason).toBe('invalid-config')
  })

  it('parses emulator addresses, IPv6 included', () => {
    expect(parseHostPort('127.0.0.1:9099')).toEqual({ host: '127.0.0.1', port: 9099 })
    expect(parseHostPort('localhost:8080')).toEqual({ host: 'localhost', port: 8080 })
    expect(parseHostPort('[::1]:9000')).toEqual({ host: '[::1]', port: 9000 })
    for (const bad of ['localhost', ':80', 'a:0', 'a:65536', '::1:9000', 'http://a:1']) {
      expect(() => parseHostPort(bad), bad).toThrow(FirebasePortError)
    }
  })
})
