// A small Realtime Database server for tests, speaking the firebase JS SDK's own wire protocol
// (version 5 over WebSocket: the handshake, auth, listen/unlisten, put, merge, get), so the
// app's real SDK code — connectDatabaseEmulator, onValue, push, remove, set, .info/connected —
// runs unchanged against it. firebase-tools' Database emulator is a JAR it downloads, which
// machines without access to Google's servers cannot; this stands in for it where several
// processes must share one database (tests/e2e/community-walk.spec.ts).
//
// The data and the rules are targaryen's (the evaluator of tests/firebase/database-rules.
// targaryen.test.ts): every read and write is checked against firebase/database.rules.json as
// the signed-in user, whose ID token (the Auth emulator's unsigned JWT) is decoded, not
// verified. Not implemented, because Magpie never uses them: queries (orderBy*, limit*: a
// listen with a query is refused), transactions' hash checks, onDisconnect (acknowledged,
// never run), server values beyond {".sv": "timestamp"}.
//
// Usage: node database-server.mjs <host> <port> <rules.json path>
import { readFileSync } from 'node:fs'
import targaryen from 'targaryen'
import { WebSocketServer } from 'ws'

const [host, port, rulesPath] = process.argv.slice(2)
const rules = JSON.parse(readFileSync(rulesPath, 'utf8'))
let database = targaryen.database(rules, null)

const split = (path) => String(path ?? '').split('/').filter((part) => part !== '')
const joined = (parts) => `/${parts.join('/')}`
/** True when `outer` is `inner` or one of its ancestors. */
const contains = (outer, inner) => outer.length <= inner.length && outer.every((part, i) => part === inner[i])

const valueAt = (parts) => database.root.$child(joined(parts)).$value() ?? null

function withServerValues(value) {
  if (value === null || typeof value !== 'object') return value
  if ('.sv' in value) {
    if (value['.sv'] === 'timestamp') return Date.now()
    throw new Error(`server value ${JSON.stringify(value['.sv'])} is not supported here`)
  }
  return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, withServerValues(child)]))
}

/** The claims of an ID token, as the Auth emulator issues it (unsigned): what rules see as `auth`. */
function authFromToken(token) {
  try {
    const claims = JSON.parse(Buffer.from(String(token).split('.')[1], 'base64url').toString('utf8'))
    const uid = claims.user_id ?? claims.sub
    if (typeof uid !== 'string' || uid === '') return null
    return { uid, provider: claims.firebase?.sign_in_provider ?? 'password', token: claims }
  } catch {
    return null
  }
}

const clients = new Set()

/** Tells every listener whose path overlaps the written one what is there now. */
function broadcast(written) {
  for (const client of clients) {
    for (const listened of client.listens.values()) {
      if (contains(listened, written)) client.push('d', { p: joined(written).slice(1), d: valueAt(written) })
      else if (contains(written, listened)) client.push('d', { p: joined(listened).slice(1), d: valueAt(listened) })
    }
  }
}

const DENIED = { s: 'permission_denied', d: 'Permission denied' }

function handle(client, action, body) {
  const parts = split(body?.p)
  const as = database.as(client.auth)
  switch (action) {
    case 'auth':
    case 'gauth': {
      client.auth = authFromToken(body.cred)
      return client.auth ? { s: 'ok', d: { auth: client.auth.token, expires: client.auth.token.exp ?? 0 } } : { s: 'invalid_token', d: 'Invalid claim' }
    }
    case 'unauth':
      client.auth = null
      return { s: 'ok', d: '' }
    case 'q': {
      if (body.q !== undefined && body.t !== undefined) return { s: 'error', d: 'queries are not supported by this test server' }
      if (!as.read(joined(parts)).allowed) return DENIED
      client.listens.set(joined(parts), parts)
      client.push('d', { p: parts.join('/'), d: valueAt(parts) })
      return { s: 'ok', d: {} }
    }
    case 'n':
      client.listens.delete(joined(parts))
      return null
    case 'g':
      return as.read(joined(parts)).allowed ? { s: 'ok', d: valueAt(parts) } : DENIED
    case 'p':
    case 'm': {
      const value = withServerValues(body.d)
      const result = action === 'p' ? as.write(joined(parts), value) : as.update(joined(parts), value)
      if (!result.allowed) return DENIED
      database = result.newDatabase
      if (action === 'p') broadcast(parts)
      else for (const key of Object.keys(value)) broadcast([...parts, ...split(key)])
      return { s: 'ok', d: '' }
    }
    case 'o':
    case 'om':
    case 'oc':
    case 'on':
    case 's':
      return { s: 'ok', d: '' }
    default:
      return { s: 'error', d: `unknown action ${action}` }
  }
}

const server = new WebSocketServer({ host, port: Number(port) })
let sessions = 0

server.on('connection', (socket) => {
  const client = {
    auth: null,
    listens: new Map(),
    send(message) {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message))
    },
    push(action, body) {
      this.send({ t: 'd', d: { a: action, b: body } })
    }
  }
  clients.add(client)
  client.send({ t: 'c', d: { t: 'h', d: { ts: Date.now(), v: '5', h: `${host}:${port}`, s: `session-${++sessions}` } } })

  // A message longer than one frame arrives as its frame count, then the frames.
  let framesLeft = 0
  let frames = ''
  socket.on('message', (raw) => {
    const text = raw.toString('utf8')
    if (framesLeft === 0 && /^\d{1,6}$/.test(text)) {
      // "0" alone is the client's keep-alive.
      framesLeft = Number(text)
      frames = ''
      return
    }
    let message = text
    if (framesLeft > 0) {
      frames += text
      if (--framesLeft > 0) return
      message = frames
    }
    let parsed
    try {
      parsed = JSON.parse(message)
    } catch {
      socket.close()
      return
    }
    if (parsed.t === 'c') {
      // A ping: answer with a pong.
      if (parsed.d?.t === 'p') client.send({ t: 'c', d: { t: 'o', d: {} } })
      return
    }
    const request = parsed.d ?? {}
    const answer = handle(client, request.a, request.b ?? {})
    if (answer !== null && request.r !== undefined) client.send({ t: 'd', d: { r: request.r, b: answer } })
  })
  socket.on('close', () => clients.delete(client))
  socket.on('error', () => clients.delete(client))
})

server.on('listening', () => console.log(`Realtime Database test server on ${host}:${port}`))
server.on('error', (error) => {
  console.error(String(error))
  process.exit(1)
})
