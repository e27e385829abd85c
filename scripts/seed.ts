// `npm run seed -- --posts 1000 [--data DIR]`: fills a store with realistic data for
// development and benchmarks. Every account signs in as user{n}@magpie.test / magpie-pass-1.
//
//   --users N             accounts (default: posts ÷ 5, between 2 and 200)
//   --likes N             likes per post (default 3)     --comments N   comments per post (default 2)
//   --heavy 10000,25      extra comments on the newest posts (a post everyone talks about)
//   --shared-files        every post names the same few photo files instead of a hard link
//                         each: much faster for 100k posts, but do not delete posts there
//   --several-photos N    every Nth post has 2 to 4 photos, some with a 사진 설명 (default 4;
//                         0 with --shared-files; 0: one photo each)
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { seedStore, seedPassword } from '../tests/support/main/seed'

const { values } = parseArgs({
  options: {
    posts: { type: 'string', default: '1000' },
    users: { type: 'string' },
    likes: { type: 'string' },
    comments: { type: 'string' },
    heavy: { type: 'string' },
    'shared-files': { type: 'boolean', default: false },
    'several-photos': { type: 'string' },
    data: { type: 'string', default: process.env.MAGPIE_DATA_DIR ?? '.magpie-data' }
  }
})

function count(name: string, text: string | undefined, min: number): number | undefined {
  if (text === undefined) return undefined
  const n = Number(text)
  if (!Number.isInteger(n) || n < min) {
    console.error(`--${name} must be a whole number ≥ ${min}`)
    process.exit(2)
  }
  return n
}

const posts = count('posts', values.posts, 1)!
const dataDir = resolve(values.data!)
const started = Date.now()
const result = await seedStore({
  dataDir,
  posts,
  users: count('users', values.users, 2),
  likesPerPost: count('likes', values.likes, 0),
  commentsPerPost: count('comments', values.comments, 0),
  heavyComments: values.heavy?.split(',').map((n) => count('heavy', n.trim(), 0)!),
  files: values['shared-files'] ? 'shared' : 'link',
  severalPhotosEvery: count('several-photos', values['several-photos'], 0),
  onProgress: (done, total) => process.stdout.write(`\rseeding ${done}/${total} posts`)
})
console.log(`\nseeded ${posts} posts into ${dataDir} in ${((Date.now() - started) / 1000).toFixed(1)} s`)
if (result.heavy.length > 0) console.log(`posts with extra comments: ${result.heavy.join(', ')}`)
console.log(`sign in as user1@magpie.test / ${seedPassword}`)
