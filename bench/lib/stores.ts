import { createHash } from 'node:crypto'
import { cp, mkdir, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { ProcessedImage } from '../../src/main/media/image-pipeline'
import { samplePhotos, seedStore, type SeedResult } from '../../tests/support/main/seed'

export interface StoreSpec {
  posts: number
  /** Extra comments on the newest posts (see SeedOptions.heavyComments). */
  heavyComments: number[]
}

export interface SeededStore extends SeedResult {
  spec: StoreSpec
  /** The seeded data folder; read it, never write it (use copy()). */
  dir: string
  bytes: number
  seedSeconds: number | null
}

/** What a seeded store depends on: when any of these change, cached stores are seeded again. */
const seedInputs = [
  'tests/support/main/seed.ts',
  'src/main/store/migrations.ts',
  'src/main/store/posts-store.ts',
  'src/main/store/comments-store.ts',
  'src/main/store/alerts-store.ts',
  'src/main/store/likes-store.ts',
  'src/main/store/images-store.ts',
  'src/main/store/users-store.ts',
  'src/main/store/changes-store.ts',
  'src/main/media/image-pipeline.ts',
  'src/main/media/image-worker/pipeline.ts',
  'bench/lib/stores.ts'
]

/**
 * Seeded stores for the scenarios. Full runs keep them between runs under
 * node_modules/.cache/magpie-bench (seeding 100k posts takes most of a minute), keyed by
 * the code that seeds them; smoke runs seed tiny stores afresh so the seeding tool itself
 * is exercised. Scenarios that write or open a Magpie work on a copy.
 */
export class Stores {
  private readonly seeded = new Map<string, Promise<SeededStore>>()
  private photos: Promise<ProcessedImage[]> | null = null
  private copies = 0

  constructor(
    private readonly root: string,
    private readonly tmp: string,
    private readonly cache: boolean,
    private readonly onSeedProgress: (label: string, done: number, total: number) => void
  ) {}

  private async key(spec: StoreSpec): Promise<string> {
    const hash = createHash('sha256').update(JSON.stringify(spec))
    for (const file of seedInputs) hash.update(await readFile(join(this.root, file)))
    return hash.digest('hex').slice(0, 16)
  }

  get(spec: StoreSpec): Promise<SeededStore> {
    const id = JSON.stringify(spec)
    let store = this.seeded.get(id)
    if (!store) {
      store = this.load(spec)
      this.seeded.set(id, store)
    }
    return store
  }

  private async load(spec: StoreSpec): Promise<SeededStore> {
    const sizeDir = join(this.root, 'node_modules/.cache/magpie-bench', String(spec.posts))
    const dir = this.cache ? join(sizeDir, await this.key(spec)) : join(this.tmp, `seeded-${spec.posts}`)
    const resultFile = join(dir, 'seed.json')
    if (existsSync(resultFile)) {
      const result = JSON.parse(await readFile(resultFile, 'utf8')) as SeedResult
      return { ...result, spec, dir, bytes: (await stat(join(dir, 'magpie.db'))).size, seedSeconds: null }
    }
    // Stores seeded by older code for this size are of no more use.
    if (this.cache) await rm(sizeDir, { recursive: true, force: true })
    await rm(dir, { recursive: true, force: true })
    await mkdir(dir, { recursive: true })
    this.photos ??= samplePhotos(6)
    const started = performance.now()
    const result = await seedStore({
      dataDir: dir,
      posts: spec.posts,
      heavyComments: spec.heavyComments,
      files: 'shared',
      photos: await this.photos,
      onProgress: (done, total) => this.onSeedProgress(`seeding ${spec.posts.toLocaleString('en-US')} posts`, done, total)
    })
    const seedSeconds = (performance.now() - started) / 1000
    await writeFile(resultFile, JSON.stringify(result))
    return { ...result, spec, dir, bytes: (await stat(join(dir, 'magpie.db'))).size, seedSeconds }
  }

  /** A private copy of a seeded store (database and images) to open a Magpie on or write to. */
  async copy(spec: StoreSpec): Promise<SeededStore> {
    const source = await this.get(spec)
    const dir = join(this.tmp, `copy-${++this.copies}-${spec.posts}`)
    await mkdir(dir, { recursive: true })
    for (const name of await readdir(source.dir)) {
      if (name === 'seed.json' || name.startsWith('profile')) continue
      await cp(join(source.dir, name), join(dir, name), { recursive: true })
    }
    return { ...source, dir }
  }
}
