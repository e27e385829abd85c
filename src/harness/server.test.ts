import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { connect, type Socket } from 'node:net'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { messages } from '@shared/messages'
import { parseFrame } from './connection'
import { startHarness, type HarnessOptions } from './server'

type Harness = Awaited<ReturnType<typeof startHarness>>

let dir: string
let harness: Harness
const opened: { close(): void }[] = []

async function start(extra: Partial<HarnessOptions> = {}): Promise<Harness> {
  harness = await startHarness({
    dataDir: join(dir, 'data'),
    profileDir: join(dir, 'profile'),
    rendererDir: join(dir, 'renderer'),
    scrypt: { N: 1024, r: 8, p: 1 },
    ...extra
  })
  return harness
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'magpie-harness-'))
  const renderer = join(dir, 'renderer')
  await mkdir(renderer)
  await writeFile(join(renderer, 'index.html'), '<html><head></head><body>magpie</body></html>')
  await writeFile(join(renderer, 'app.js'), 'console.log(1)')
})

afterEach(async () => {
  for (const socket of opened.splice(0)) socket.close()
  await harness?.close()
  await rm(dir, { recursive: true, force: true })
})

const ipcUrl = (h: Harness) => `${h.origin.replace('http', 'ws')}/ipc?token=${h.token}`

async function client(h: Harness = harness): Promise<WebSocket> {
  const ws = new WebSocket(ipcUrl(h), { origin: h.origin })
  opened.push(ws)
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve())
    ws.once('error', reject)
  })
  return ws
}

/** Calls main over a client and resolves with the answer to this id. */
function call(ws: WebSocket, frame: unknown): Promise<{ id: unknown; result: { ok: boolean; error?: { code: string; message: string } } }> {
  const id = (frame as { id?: unknown }).id
  return new Promise((resolve) => {
    const onMessage = (data: Buffer) => {
      const answer = JSON.parse(data.toString()) as { id?: unknown; result: never }
      if (answer.id === id) {
        ws.off('message', onMessage)
        resolve(answer as never)
      }
    }
    ws.on('message', onMessage)
    ws.send(JSON.stringify(frame))
  })
}

const closed = (ws: WebSocket) => new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)))

/** The harness still serves a new client after whatever came before. */
async function stillAnswers(): Promise<void> {
  const ws = await client()
  const answer = await call(ws, { id: 1, channel: 'auth:session' })
  expect(answer.result.ok).toBe(true)
}

/** A WebSocket opened by hand, to send frames no well-behaved client would. */
async function rawClient(h: Harness = harness): Promise<Socket> {
  const socket = connect(Number(new URL(h.origin).port), '127.0.0.1')
  opened.push({ close: () => socket.destroy() })
  await new Promise<void>((resolve) => socket.once('connect', resolve))
  socket.write(
    [
      `GET /ipc?token=${h.token} HTTP/1.1`,
      `Host: ${new URL(h.origin).host}`,
      `Origin: ${h.origin}`,
      'Upgrade: websocket',
      'Connection: Upgrade',
      `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`,
      'Sec-WebSocket-Version: 13',
      '',
      ''
    ].join('\r\n')
  )
  await new Promise<void>((resolve) => {
    let head = ''
    const onData = (chunk: Buffer) => {
      head += chunk.toString('latin1')
      if (head.includes('\r\n\r\n')) {
        socket.off('data', onData)
        expect(head.startsWith('HTTP/1.1 101')).toBe(true)
        resolve()
      }
    }
    socket.on('data', onData)
  })
  return socket
}

/** A masked client frame (mask 0, so the payload goes as is). */
function rawFrame(firstByte: number, payload: Buffer): Buffer {
  expect(payload.length).toBeLessThan(126)
  return Buffer.concat([Buffer.from([firstByte, 0x80 | payload.length, 0, 0, 0, 0]), payload])
}

/** The status code of the close frame the harness answers with. */
function closeCode(socket: Socket): Promise<number> {
  return new Promise((resolve) => {
    let bytes = Buffer.alloc(0)
    socket.on('data', (chunk: Buffer) => {
      bytes = Buffer.concat([bytes, chunk])
      if (bytes.length >= 4 && bytes[0] === 0x88) resolve(bytes.readUInt16BE(2))
    })
  })
}

function get(h: Harness, path: string, host?: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const url = new URL(h.origin)
    const req = request({ host: '127.0.0.1', port: url.port, path, headers: { host: host ?? url.host } }, (res) => {
      let body = ''
      res.on('data', (chunk: Buffer) => (body += chunk.toString()))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
    })
    req.on('error', reject)
    req.end()
  })
}

describe('frames', () => {
  it('tells calls, call-shaped frames and garbage apart', () => {
    expect(parseFrame('{"id":3,"channel":"posts:feed","input":{}}')).toEqual({ kind: 'call', id: 3, channel: 'posts:feed', input: {} })
    expect(parseFrame('{"id":3}')).toEqual({ kind: 'badCall', id: 3 })
    expect(parseFrame('{"id":"a","channel":"posts:feed"}')).toEqual({ kind: 'badCall', id: 'a' })
    for (const text of ['null', '[1]', '"x"', '{', '{"id":1.5,"channel":"x"}', '{"channel":"posts:feed"}', '{"id":{}}']) {
      expect(parseFrame(text).kind, text).toBe('garbage')
    }
  })
})

describe('the harness survives anything one connection sends', () => {
  it('closes a client whose frame is over the payload limit, and serves the others', async () => {
    await start()
    const ws = await client()
    const code = closed(ws)
    ws.send('x'.repeat(33 * 1024 * 1024))
    expect(await code).toBe(1009)
    await stillAnswers()
  })

  it('closes a socket that sends malformed frames: invalid UTF-8, a reserved opcode, a bad close code', async () => {
    await start()
    const invalidUtf8 = await rawClient()
    const utf8Code = closeCode(invalidUtf8)
    invalidUtf8.write(rawFrame(0x81, Buffer.from([0xc3, 0x28, 0xff])))
    expect(await utf8Code).toBe(1007)

    const reserved = await rawClient()
    const reservedCode = closeCode(reserved)
    reserved.write(rawFrame(0x83, Buffer.from('hi')))
    expect(await reservedCode).toBe(1002)

    const badClose = await rawClient()
    const badCloseCode = closeCode(badClose)
    badClose.write(rawFrame(0x88, Buffer.from([0x03, 0xe7])))
    expect(await badCloseCode).toBe(1002)

    await stillAnswers()
  })

  it('closes a socket that sends garbage: null, invalid JSON, an array, no id, a binary frame', async () => {
    await start()
    for (const frame of ['null', '{"id":', '[{"id":1}]', '{"channel":"session:get"}', Buffer.from('{"id":1,"channel":"session:get"}')]) {
      const ws = await client()
      const code = closed(ws)
      ws.send(frame, { binary: Buffer.isBuffer(frame) })
      expect(await code, String(frame)).toBe(1008)
    }
    await stillAnswers()
  })

  it('answers every call-shaped frame, with a clear error when it cannot run', async () => {
    await start()
    const ws = await client()
    const refused = { ok: false, error: { code: 'invalidRequest', message: messages.invalidRequest } }
    expect((await call(ws, { id: 'abc', channel: 'auth:session' })).result).toEqual(refused)
    expect((await call(ws, { id: 7 })).result).toEqual(refused)
    expect((await call(ws, { id: 8, channel: 'no:such' })).result).toEqual(refused)
    expect((await call(ws, { id: 9, channel: 'posts:get', input: { id: 42 } })).result).toEqual(refused)
    expect((await call(ws, { id: 10, channel: 'auth:session' })).result.ok).toBe(true)
  })

  it('closes a client that never reads its answers and keeps serving the others', async () => {
    await start({ connectionLimits: { maxBufferedBytes: 256 * 1024 } })
    const slow = await client()
    slow.pause()
    // A long id makes each (refused) answer large, so the buffers fill after fewer calls.
    const frame = JSON.stringify({ id: 'x'.repeat(128) })
    let sent = 0
    let cut = false
    // Far more answers than the socket buffers hold, sent until the harness drops the connection.
    while (!cut && sent < 400_000) {
      for (let i = 0; i < 999; i++) slow.send(frame)
      cut = await new Promise<boolean>((resolve) => slow.send(frame, (error) => resolve(error !== undefined && error !== null)))
      sent += 1000
    }
    expect(cut).toBe(true)
    await stillAnswers()
  }, 60_000)

  it('answers another client between the calls of one that floods', async () => {
    await start()
    const flooder = await client()
    const other = await client()
    let answered = 0
    flooder.on('message', () => answered++)
    const flood = 3000
    for (let id = 1; id < flood; id++) flooder.send(JSON.stringify({ id, channel: 'posts:feed', input: {} }))
    await new Promise<void>((resolve) => flooder.send(JSON.stringify({ id: flood, channel: 'posts:feed', input: {} }), () => resolve()))
    await call(other, { id: 1, channel: 'auth:session' })
    // Without turns, the other call waits behind every flood call read before it (over 1,000 here).
    expect(answered).toBeLessThan(200)
  })
})

describe('HTTP', () => {
  it('answers only requests addressed to 127.0.0.1 or localhost on its port, on every route', async () => {
    await start()
    const port = new URL(harness.origin).port
    for (const path of ['/', '/preload.js', '/app.js', '/media/0123456789abcdef0123456789abcdef.webp', `/__harness/desktop?token=${harness.token}`]) {
      expect((await get(harness, path, `rebound.example:${port}`)).status, path).toBe(421)
      expect((await get(harness, path, '127.0.0.1')).status, path).toBe(421)
    }
    expect((await get(harness, '/', `localhost:${port}`)).status).toBe(200)
    expect((await get(harness, '/app.js')).status).toBe(200)
    expect((await get(harness, `/__harness/desktop?token=${harness.token}`)).status).toBe(200)
  })

  it('refuses a WebSocket from another host name or origin', async () => {
    await start()
    const port = new URL(harness.origin).port
    const rebound = new WebSocket(ipcUrl(harness), { origin: `http://rebound.example:${port}`, headers: { host: `rebound.example:${port}` } })
    const foreign = new WebSocket(ipcUrl(harness), { origin: 'http://example.com' })
    for (const ws of [rebound, foreign]) {
      const status = await new Promise<number | undefined>((resolve) =>
        ws.once('unexpected-response', (req, res) => {
          req.destroy()
          resolve(res.statusCode)
        })
      )
      expect(status).toBe(403)
    }
  })

  it('answers 400 to a bad percent-encoding and never sends a stack trace', async () => {
    await start()
    const bad = await get(harness, '/%E0%A4%A')
    expect(bad).toEqual({ status: 400, body: 'bad request' })
    await rm(join(dir, 'renderer', 'index.html'))
    const failed = await get(harness, '/')
    expect(failed).toEqual({ status: 500, body: 'internal error' })
    expect((await get(harness, '/app.js')).status).toBe(200)
  })
})
