import { randomBytes, scrypt } from 'node:crypto'
import sharp from 'sharp'
import { productionScrypt } from '../../src/main/core/password'
import { openMagpie, type BenchMagpie } from '../lib/magpie'
import { scalingSpecs } from '../lib/specs'
import { ms, spread, withRange } from '../lib/stats'
import { emptyOutput, type BenchContext, type Scenario } from '../lib/types'

/** Logins in flight beside the upload, as a guesser sends them (Electron's IPC has no cap of its own). */
const inFlight = 16

/** A 1600×1200 photo of noise (it does not compress away), as a camera's JPEG. */
async function photo(smoke: boolean): Promise<Uint8Array> {
  const [width, height] = smoke ? [320, 240] : [1600, 1200]
  const raw = randomBytes(width * height * 3)
  return new Uint8Array(await sharp(raw, { raw: { width, height, channels: 3 } }).jpeg({ quality: 85 }).toBuffer())
}

/** One photo through images:add, from the call to its answer. */
async function upload(app: BenchMagpie, bytes: Uint8Array): Promise<number> {
  const start = performance.now()
  await app.call('images:add', { requestId: `bench-${Math.random()}`, purpose: 'post', bytes })
  return performance.now() - start
}

/** The hashing before issue 22: every login's scrypt on libuv's pool at once, unbounded. */
function unboundedHashes(n: number): Promise<unknown> {
  const { N, r, p } = productionScrypt
  return Promise.all(
    Array.from({ length: n }, () => new Promise((resolve) => scrypt('guess', randomBytes(16), 32, { N, r, p, maxmem: 256 * N * r }, () => resolve(null))))
  )
}

/** Wrong passwords at random accounts through Magpie's own login, as a guesser would send them. */
function guesses(app: BenchMagpie, n: number): Promise<unknown> {
  return Promise.all(Array.from({ length: n }, (_, i) => app.magpie.dispatch('auth:login', { email: `guess-${i}-${Math.random()}@example.com`, password: 'wrong-password' })))
}

export const guessing: Scenario = {
  name: 'guessing',
  title: 'An upload while a password guesser floods logins',
  async run(ctx: BenchContext) {
    const out = emptyOutput()
    const runs = ctx.smoke ? 1 : Math.min(ctx.runs, 5)
    const copy = await ctx.stores.copy(scalingSpecs(ctx.smoke)[0]!)
    const bytes = await photo(ctx.smoke)
    const app = await openMagpie(copy.dir)
    const times = { quiet: [] as number[], before: [] as number[], shipped: [] as number[] }
    try {
      await app.login(1)
      await upload(app, bytes)
      for (let r = 0; r < runs; r++) {
        ctx.progress.step(`run ${r + 1}/${runs}`)
        times.quiet.push(await upload(app, bytes))
        const hashing = unboundedHashes(inFlight)
        times.before.push(await upload(app, bytes))
        await hashing
        const flood = guesses(app, inFlight)
        times.shipped.push(await upload(app, bytes))
        await flood
      }
    } finally {
      app.close()
    }
    const quiet = spread(times.quiet)
    const before = spread(times.before)
    const shipped = spread(times.shipped)
    out.tables.push({
      title: `A photo through images:add (${ctx.smoke ? '320×240' : '1600×1200'} JPEG) beside ${inFlight} logins in flight, production scrypt (N=2^17, r=8, p=1), ${runs} run${runs > 1 ? 's' : ''}`,
      columns: ['beside it', 'upload, call to answer'],
      rows: [
        ['nothing', withRange(quiet)],
        [`before: ${inFlight} scrypt hashes at once on libuv's pool (every login's, unbounded)`, withRange(before)],
        [`shipped: ${inFlight} wrong logins through auth:login (one hash at a time, 8 waiting, the rest refused)`, withRange(shipped)]
      ],
      note: "The photo pipeline's file I/O and sharp share libuv's four threads with scrypt. Before, every login hashed at once and took them all; now one hash runs at a time, so three threads stay free, and logins beyond the eight waiting are refused at once (tooManyRequests), as are failures beyond 20 a minute across accounts."
    })
    out.goals.push({
      name: `an upload beside ${inFlight} logins in flight ÷ a quiet upload`,
      target: '≤ 2×',
      actual: `${(shipped.median / quiet.median).toFixed(2)}× (${ms(shipped.median)} vs ${ms(quiet.median)}; before: ${ms(before.median)})`,
      met: shipped.median / quiet.median <= 2,
      why: 'One scrypt at a time holds one of libuv\'s four threads; the photo pipeline keeps the other three.'
    })
    return out
  }
}
