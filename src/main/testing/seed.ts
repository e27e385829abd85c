import { randomUUID } from 'node:crypto'
import { link, mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import sharp from 'sharp'
import { layouts } from '@shared/limits'
import { processImage } from '../media/image-pipeline'
import { saveVariants } from '../media/media-files'
import { hashPassword, productionScrypt, type ScryptParams } from '../services/password'
import { createStore } from '../store'
import type { ImageVariantFile } from '../store/images-store'

export interface SeedOptions {
  dataDir: string
  users?: number
  posts: number
  /** Likes and comments per post, on average. */
  likesPerPost?: number
  commentsPerPost?: number
  /** Every seeded account signs in with this password. */
  password?: string
  scrypt?: ScryptParams
  /** Newest post's time; older posts go back a minute each. */
  now?: number
  onProgress?: (done: number, total: number) => void
}

export const seedPassword = 'magpie-pass-1'
export const seedEmail = (n: number) => `user${n}@magpie.test`

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

/** A few photos of the kind people post, drawn once and reused under new names. */
async function samplePhotos(count: number): Promise<Buffer[]> {
  return Promise.all(
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
}

/**
 * Fills a store fast with realistic data: accounts, posts with real processed photos
 * (a small fixed set, hard-linked under each post's own file names so deleting one post
 * never touches another's photo), likes, comments and the alerts they make.
 */
export async function seedStore(options: SeedOptions): Promise<{ users: string[]; posts: string[] }> {
  const userCount = options.users ?? Math.max(2, Math.min(200, Math.ceil(options.posts / 5)))
  const likesPerPost = options.likesPerPost ?? 3
  const commentsPerPost = options.commentsPerPost ?? 2
  const now = options.now ?? Date.now()
  const store = createStore(join(options.dataDir, 'magpie.db'), { synchronous: 'NORMAL' })
  const imagesDir = join(options.dataDir, 'images')
  await mkdir(imagesDir, { recursive: true })

  const processed = await Promise.all((await samplePhotos(6)).map((bytes) => processImage(bytes)))
  const sources = await Promise.all(processed.map(async (p) => ({ ...p, files: await saveVariants(imagesDir, p.variants) })))
  const passwordHash = await hashPassword(options.password ?? seedPassword, options.scrypt ?? productionScrypt)

  const users = Array.from({ length: userCount }, () => randomUUID())
  store.transaction(() => {
    users.forEach((id, i) =>
      store.users.insert({ id, email: seedEmail(i + 1), nickname: `까치${i + 1}`, passwordHash, avatarId: null, createdAt: now - 86_400_000 })
    )
  })

  const posts: string[] = []
  const batch = 500
  let seq = 0
  for (let start = 0; start < options.posts; start += batch) {
    const end = Math.min(options.posts, start + batch)
    const rows: { postId: string; imageId: string; source: (typeof sources)[number]; files: ImageVariantFile[]; i: number }[] = []
    for (let i = start; i < end; i++) {
      const source = sources[i % sources.length]!
      const files = source.files.map((f) => ({ width: f.width, file: `${randomUUID().replaceAll('-', '')}.webp`, from: f.file }))
      await Promise.all(files.map((f) => link(join(imagesDir, f.from), join(imagesDir, f.file))))
      rows.push({ postId: randomUUID(), imageId: randomUUID(), source, files: files.map(({ width, file }) => ({ width, file })), i })
    }
    store.transaction(() => {
      for (const { postId, imageId, source, files, i } of rows) {
        const author = users[i % users.length]!
        const createdAt = now - (options.posts - i) * 60_000
        store.images.insert({
          id: imageId, ownerId: author, purpose: 'post', width: source.width, height: source.height,
          placeholder: source.placeholder, variants: files, attached: false, createdAt
        })
        store.images.attach(imageId, author)
        const text = `${sentences[i % sentences.length]}\n\n#${i + 1}번째 소식`
        store.posts.insert({ id: postId, authorId: author, text, layout: layouts[i % layouts.length]!, imageId, createdAt })
        for (let l = 0; l < likesPerPost; l++) {
          const liker = users[(i + 1 + l * 7) % users.length]!
          if (store.likes.add(postId, liker, createdAt + l) && liker !== author) {
            store.alerts.addLike({ id: randomUUID(), userId: author, postId, actorId: liker, createdAt: createdAt + l })
          }
        }
        for (let c = 0; c < commentsPerPost; c++) {
          const commenter = users[(i + 2 + c * 3) % users.length]!
          const commentId = randomUUID()
          store.comments.insert({ id: commentId, postId, authorId: commenter, text: `좋은 소식 고마워요 (${++seq})`, createdAt: createdAt + 1000 + c })
          if (commenter !== author) {
            store.alerts.addComment({ id: randomUUID(), userId: author, postId, actorId: commenter, commentId, createdAt: createdAt + 1000 + c })
          }
        }
        posts.push(postId)
      }
    })
    options.onProgress?.(end, options.posts)
  }
  store.close()
  return { users, posts }
}
