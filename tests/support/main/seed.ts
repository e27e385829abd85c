import { randomUUID } from 'node:crypto'
import { link, mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import sharp from 'sharp'
import { layouts } from '@shared/limits'
import { processImage, type ProcessedImage } from '../../../src/main/media/image-pipeline'
import { saveVariants } from '../../../src/main/media/media-files'
import { hashPassword, productionScrypt, type ScryptParams } from '../../../src/main/core/password'
import { createStore } from '../../../src/main/store'
import type { ImageVariantFile } from '../../../src/main/store/images-store'
import { databaseOf } from '../../../src/main/store/handle'

export interface SeedOptions {
  dataDir: string
  users?: number
  posts: number
  /** Likes and comments per post, on average. */
  likesPerPost?: number
  commentsPerPost?: number
  /**
   * Extra comments on the newest posts: `[10_000, 25]` gives the newest post 10,000 more
   * comments and the one before it 25 (a post everyone talks about, and a lively one).
   */
  heavyComments?: number[]
  /**
   * How each post gets its photo files. `link` (default): a hard link per post under its own
   * names, so deleting one post never touches another's photo — right for development.
   * `shared`: every post's image row names the same few files — no file work at all, for
   * benchmark stores of 100k posts (do not delete posts in such a store: the files are shared).
   */
  files?: 'link' | 'shared'
  /** Posts per write transaction. */
  batch?: number
  /** Every seeded account signs in with this password. */
  password?: string
  scrypt?: ScryptParams
  /** Newest post's time; older posts go back a minute each. */
  now?: number
  /**
   * Every how many posts one has several photos (2 to 4, some with a 사진 설명; decision 031); 0:
   * one photo each. Default 4, and 0 with `files: 'shared'` (benchmark stores stay as they were).
   */
  severalPhotosEvery?: number
  /** Processed sample photos to reuse (from `samplePhotos`), e.g. when seeding several stores. */
  photos?: ProcessedImage[]
  onProgress?: (done: number, total: number) => void
}

export interface SeedResult {
  /** User ids; user n (1-based) signs in as seedEmail(n). */
  users: string[]
  /** Post ids, oldest first. */
  posts: string[]
  /** The posts that got heavyComments, in the same order. */
  heavy: string[]
}

export const seedPassword = 'magpie-pass-1'
export const seedEmail = (n: number) => `user${n}@magpie.test`

const photoAlts = ['햇살 드는 창가', '', '비 갠 뒤의 하천길', '노랗게 물든 은행나무', '']

const sentences = [
  '골목 끝 작은 빵집에서 오늘 첫 식빵이 나왔어요.',
  '비 온 뒤 하천길, 까치 두 마리가 나란히 앉아 있었습니다.',
  '동네 도서관 앞 은행나무가 드디어 노랗게 물들었어요.',
  '주말 장터에서 만난 할머니의 손뜨개 목도리.',
  '퇴근길 하늘이 이렇게 예쁠 줄 몰랐네요.',
  '새로 생긴 카페의 창가 자리, 햇살이 참 좋아요.',
  '아이와 함께 만든 첫 번째 화분입니다.',
  '오래된 사진관이 문을 닫는다는 소식에 마지막으로 들렀어요.'
]

/** A few photos of the kind people post, drawn once and run through the real image pipeline. */
export async function samplePhotos(count = 6): Promise<ProcessedImage[]> {
  const jpegs = await Promise.all(
    Array.from({ length: count }, (_, i) => {
      const hue = (i * 47) % 360
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="${i % 2 ? 2000 : 1067}">
        <rect width="100%" height="100%" fill="hsl(${hue} 65% 70%)"/>
        <circle cx="${400 + i * 90}" cy="300" r="140" fill="hsl(${(hue + 60) % 360} 90% 75%)"/>
        <path d="M0 800 Q 400 560 800 760 T 1600 700 V 2000 H 0 Z" fill="hsl(${(hue + 200) % 360} 35% 35%)"/>
      </svg>`
      return sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer()
    })
  )
  return Promise.all(jpegs.map((bytes) => processImage(bytes)))
}

/**
 * Fills a store fast with realistic data: accounts, posts with real processed photos (a
 * small fixed set, see `files`), likes, comments and the alerts they make — all through the
 * store's own statements and triggers, so counters and the change log are what the app
 * itself would have written. Writes in large transactions with synchronous=NORMAL.
 */
export async function seedStore(options: SeedOptions): Promise<SeedResult> {
  const userCount = options.users ?? Math.max(2, Math.min(200, Math.ceil(options.posts / 5)))
  const likesPerPost = options.likesPerPost ?? 3
  const commentsPerPost = options.commentsPerPost ?? 2
  const heavyComments = options.heavyComments ?? []
  const shareFiles = options.files === 'shared'
  const severalEvery = options.severalPhotosEvery ?? (shareFiles ? 0 : 4)
  // Random (UUID) keys dirty pages all over every index, and each commit writes every dirty
  // page to the WAL: fewer, larger transactions are much faster for big stores.
  const batch = options.batch ?? (shareFiles ? 50_000 : 500)
  const now = options.now ?? Date.now()
  const store = createStore(join(options.dataDir, 'magpie.db'), { synchronous: 'NORMAL' })
  // Keep the indexes in memory while seeding (up to 1 GiB, only as much as the store needs).
  databaseOf(store).pragma('cache_size = -1048576')
  const imagesDir = join(options.dataDir, 'images')
  await mkdir(imagesDir, { recursive: true })

  const processed = options.photos ?? (await samplePhotos(6))
  const sources = await Promise.all(processed.map(async (p) => ({ ...p, files: await saveVariants(imagesDir, p.variants) })))
  const passwordHash = await hashPassword(options.password ?? seedPassword, options.scrypt ?? productionScrypt)

  const users = Array.from({ length: userCount }, () => randomUUID())
  store.transactionSync(() => {
    users.forEach((id, i) =>
      store.users.insert({ id, email: seedEmail(i + 1), nickname: `까치${i + 1}`, passwordHash, avatarId: null, createdAt: now - 86_400_000 })
    )
  })

  /** A post's own file names: hard links to a sample's files, or the sample's files themselves. */
  async function filesFor(source: (typeof sources)[number]): Promise<ImageVariantFile[]> {
    if (shareFiles) return source.files
    const files = source.files.map((f) => ({ width: f.width, file: `${randomUUID().replaceAll('-', '')}.webp`, from: f.file }))
    await Promise.all(files.map((f) => link(join(imagesDir, f.from), join(imagesDir, f.file))))
    return files.map(({ width, file }) => ({ width, file }))
  }

  let seq = 0
  function addComment(postId: string, author: string, commenter: string, at: number): void {
    const commentId = randomUUID()
    store.comments.insert({ id: commentId, postId, authorId: commenter, text: `좋은 소식 고마워요 (${++seq})`, createdAt: at })
    if (commenter !== author) {
      store.alerts.addComment({ id: randomUUID(), userId: author, postId, actorId: commenter, commentId, createdAt: at })
    }
  }

  const posts: string[] = []
  const heavy: { postId: string; author: string; createdAt: number; count: number }[] = new Array(heavyComments.length)
  for (let start = 0; start < options.posts; start += batch) {
    const end = Math.min(options.posts, start + batch)
    type SeedPhoto = { imageId: string; source: (typeof sources)[number]; files: ImageVariantFile[]; alt: string }
    const rows: { postId: string; photos: SeedPhoto[]; i: number }[] = []
    for (let i = start; i < end; i++) {
      // Every severalEvery-th post has 2 to 4 photos, the others one.
      const count = severalEvery > 0 && i % severalEvery === severalEvery - 1 ? 2 + (i % 3) : 1
      const photos: SeedPhoto[] = []
      for (let n = 0; n < count; n++) {
        const source = sources[(i + n) % sources.length]!
        photos.push({ imageId: randomUUID(), source, files: await filesFor(source), alt: count > 1 ? photoAlts[(i + n) % photoAlts.length]! : '' })
      }
      rows.push({ postId: randomUUID(), photos, i })
    }
    store.transactionSync(() => {
      for (const { postId, photos, i } of rows) {
        const author = users[i % users.length]!
        const createdAt = now - (options.posts - 1 - i) * 60_000
        for (const { imageId, source, files } of photos) {
          store.images.insert({
            id: imageId, ownerId: author, purpose: 'post', width: source.width, height: source.height,
            placeholder: source.placeholder, variants: files, attached: false, createdAt
          })
          store.images.attach(imageId, author)
        }
        const text = `${sentences[i % sentences.length]}\n\n#${i + 1}번째 소식`
        store.posts.insert({ id: postId, authorId: author, text, layout: layouts[i % layouts.length]!, photos: photos.map(({ imageId, alt }) => ({ imageId, alt })), createdAt })
        for (let l = 0; l < likesPerPost; l++) {
          const liker = users[(i + 1 + l * 7) % users.length]!
          if (store.likes.add(postId, liker, createdAt + l) && liker !== author) {
            store.alerts.addLike({ id: randomUUID(), userId: author, postId, actorId: liker, createdAt: createdAt + l })
          }
        }
        for (let c = 0; c < commentsPerPost; c++) {
          addComment(postId, author, users[(i + 2 + c * 3) % users.length]!, createdAt + 1000 + c)
        }
        const rank = options.posts - 1 - i
        if (rank < heavyComments.length) heavy[rank] = { postId, author, createdAt, count: heavyComments[rank]! }
        posts.push(postId)
        if ((i + 1) % 2000 === 0 && i + 1 < end) options.onProgress?.(i + 1, options.posts)
      }
      // A running app keeps only the newest part of the change log; keep it that size as we go.
      store.changes.prune()
    })
    options.onProgress?.(end, options.posts)
  }

  // Heavy posts: their many comments spread over the minute after the post, many per millisecond.
  for (const post of heavy.filter(Boolean)) {
    for (let start = 0; start < post.count; start += 5000) {
      store.transactionSync(() => {
        for (let c = start; c < Math.min(post.count, start + 5000); c++) {
          addComment(post.postId, post.author, users[(c * 13 + 5) % users.length]!, post.createdAt + 2000 + Math.floor((c * 58_000) / post.count))
        }
        store.changes.prune()
      })
    }
  }

  databaseOf(store).pragma('wal_checkpoint(TRUNCATE)')
  store.close()
  return { users, posts, heavy: heavy.filter(Boolean).map((h) => h.postId) }
}
