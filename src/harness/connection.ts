import type { RawData, WebSocket } from 'ws'
import type { Result } from '@shared/ipc/contract'
import { messages } from '@shared/messages'
import { decodeWire, encodeWire } from './wire'

export interface ConnectionLimits {
  /** Answers and events waiting to be written to one client; a client past it does not read and is closed. */
  maxBufferedBytes: number
  /** Calls of one client running at once; the rest wait their turn, so one client cannot crowd out another. */
  maxInFlight: number
  /** Calls (count and frame bytes) of one client waiting to run; past either, its socket is not read until they drain. */
  maxQueued: number
  maxQueuedBytes: number
}

export const defaultConnectionLimits: ConnectionLimits = {
  maxBufferedBytes: 16 * 1024 * 1024,
  maxInFlight: 4,
  maxQueued: 64,
  maxQueuedBytes: 64 * 1024 * 1024
}

/** The largest frame one client may send: a 10 MB photo is about 13.4 MB as base64 in JSON. */
export const maxFrameBytes = 32 * 1024 * 1024

type CallId = number | string

/**
 * What one text frame is: a call; a call-shaped frame main cannot run, answered at once so its
 * caller does not wait forever; or garbage, which ends the connection (no id to answer).
 */
export type Frame =
  | { kind: 'call'; id: number; channel: string; input: unknown }
  | { kind: 'badCall'; id: CallId }
  | { kind: 'garbage'; reason: string }

const maxStringIdLength = 128

export function parseFrame(text: string): Frame {
  let value: unknown
  try {
    value = decodeWire(text)
  } catch {
    return { kind: 'garbage', reason: 'not JSON' }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { kind: 'garbage', reason: 'not an object' }
  const { id, channel, input } = value as { id?: unknown; channel?: unknown; input?: unknown }
  if (typeof id === 'number' && Number.isSafeInteger(id)) {
    return typeof channel === 'string' ? { kind: 'call', id, channel, input } : { kind: 'badCall', id }
  }
  // The harness's own calls number their ids; a string id is still a caller waiting for an answer.
  if (typeof id === 'string' && id.length <= maxStringIdLength) return { kind: 'badCall', id }
  return { kind: 'garbage', reason: 'no usable id' }
}

const invalidRequest: Result<never> = { ok: false, error: { code: 'invalidRequest', message: messages.invalidRequest } }
const serverError: Result<never> = { ok: false, error: { code: 'serverError', message: messages.serverError } }

export type Dispatch = (channel: unknown, input: unknown) => Promise<Result<unknown>>

export interface Connection {
  /** Sends one frame, or closes the client when its unread output is already at the bound. */
  send(frame: string): void
}

/**
 * One WebSocket client of the harness. Nothing it sends can end the process: protocol errors
 * (oversized, malformed or non-UTF-8 frames) close only this socket, every frame is checked,
 * its calls take turns with other clients', and its unread output is bounded.
 */
export function serveConnection(ws: WebSocket, dispatch: Dispatch, limits: ConnectionLimits, log: (line: string) => void): Connection {
  const queue: { id: number; channel: string; input: unknown; bytes: number }[] = []
  let queuedBytes = 0
  let running = 0
  let paused = false

  const open = () => ws.readyState === ws.OPEN

  function send(frame: string): void {
    if (!open()) return
    if (ws.bufferedAmount + Buffer.byteLength(frame) > limits.maxBufferedBytes) {
      log('closed a client that does not read its answers')
      queue.length = 0
      ws.terminate()
      return
    }
    ws.send(frame)
  }

  function pump(): void {
    while (open() && running < limits.maxInFlight && queue.length > 0) {
      const call = queue.shift()!
      queuedBytes -= call.bytes
      running++
      dispatch(call.channel, call.input)
        .catch((error: unknown) => {
          log(`call ${call.channel} failed: ${error instanceof Error ? error.message : String(error)}`)
          return serverError
        })
        .then((result) => send(encodeWire({ id: call.id, result })))
        .finally(() => {
          running--
          // The next call of this client waits for the event loop's next turn, so other clients' frames are read first.
          setImmediate(pump)
        })
    }
    if (paused && queue.length < limits.maxQueued / 2 && queuedBytes < limits.maxQueuedBytes / 2) {
      paused = false
      ws.resume()
    }
  }

  function refuse(reason: string): void {
    log(`closed a connection: ${reason}`)
    queue.length = 0
    ws.close(1008, reason)
  }

  // ws closes the socket itself on a protocol error (with 1009 for an oversized frame); without a
  // listener the error would be thrown and end the process.
  ws.on('error', (error) => log(`connection error: ${error.message}`))
  ws.on('close', () => {
    queue.length = 0
  })
  ws.on('message', (data: RawData, isBinary: boolean) => {
    if (!open()) return
    if (isBinary) return refuse('text frames only')
    const text = data.toString()
    const frame = parseFrame(text)
    if (frame.kind === 'garbage') return refuse(frame.reason)
    if (frame.kind === 'badCall') return send(encodeWire({ id: frame.id, result: invalidRequest }))
    const bytes = Buffer.byteLength(text)
    queue.push({ id: frame.id, channel: frame.channel, input: frame.input, bytes })
    queuedBytes += bytes
    if (!paused && (queue.length >= limits.maxQueued || queuedBytes >= limits.maxQueuedBytes)) {
      paused = true
      ws.pause()
    }
    pump()
  })

  return { send }
}
