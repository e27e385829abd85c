import { describe, expect, it } from 'vitest'
import { FirebasePortError, type FirebasePorts } from './ports'
import { wellFormedPorts } from './well-formed-ports'

/** Only the members the test calls: a port's other methods are wrapped the same way. */
function stubPorts(): FirebasePorts {
  const bytes = new Uint8Array([0xed, 0xa0, 0x80])
  return {
    config: { projectId: 'p' },
    auth: { current: () => ({ uid: 'u\uD800', email: 'e@example.com' }) },
    docs: {
      getPost: async () => ({ id: 'p1', data: { postTxt: 'a\uDC00', likedBy: ['x\uD800@example.com'] } }),
      watchComments: (_postId: string, onDocs: (docs: unknown[]) => void, onError: (error: FirebasePortError) => void) => {
        onDocs([{ id: 'c1', data: { comment: '\uD800' } }])
        onError(new FirebasePortError('offline', '\uD800'))
        return () => 'stopped'
      }
    },
    alerts: {},
    files: { download: async () => bytes }
  } as unknown as FirebasePorts
}

describe('wellFormedPorts', () => {
  it('mends what a method answers, returns or hands a listener; errors, bytes and unsubscribes pass as they are', async () => {
    const raw = stubPorts()
    const ports = wellFormedPorts(raw)
    expect(ports.config).toBe(raw.config)
    expect(ports.files).toBe(raw.files)
    expect(ports.auth.current()).toEqual({ uid: 'u\uFFFD', email: 'e@example.com' })
    expect(await ports.docs.getPost('p1')).toEqual({ id: 'p1', data: { postTxt: 'a\uFFFD', likedBy: ['x\uFFFD@example.com'] } })
    const delivered: unknown[] = []
    const errors: FirebasePortError[] = []
    const stop = ports.docs.watchComments('p1', (docs) => delivered.push(...docs), (error) => errors.push(error))
    expect(delivered).toEqual([{ id: 'c1', data: { comment: '\uFFFD' } }])
    expect(errors[0]).toBeInstanceOf(FirebasePortError)
    expect(errors[0]?.reason).toBe('offline')
    expect((stop as unknown as () => string)()).toBe('stopped')
  })
})
