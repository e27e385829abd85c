// `npm run seed -- --posts 1000 [--data DIR]`: fills a store with realistic data for
// development and benchmarks. Every account signs in as user{n}@magpie.test / magpie-pass-1.
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { seedStore, seedPassword } from '../src/main/testing/seed'

const { values } = parseArgs({
  options: {
    posts: { type: 'string', default: '1000' },
    users: { type: 'string' },
    data: { type: 'string', default: process.env.MAGPIE_DATA_DIR ?? '.magpie-data' }
  }
})
const posts = Number(values.posts)
if (!Number.isInteger(posts) || posts < 1) {
  console.error('--posts must be a positive whole number')
  process.exit(2)
}
const dataDir = resolve(values.data!)
const started = Date.now()
await seedStore({
  dataDir,
  posts,
  users: values.users ? Number(values.users) : undefined,
  onProgress: (done, total) => process.stdout.write(`\rseeding ${done}/${total} posts`)
})
console.log(`\nseeded ${posts} posts into ${dataDir} in ${((Date.now() - started) / 1000).toFixed(1)} s`)
console.log(`sign in as user1@magpie.test / ${seedPassword}`)
