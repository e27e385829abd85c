import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { cruise, type IReporterOutput } from 'dependency-cruiser'
import { afterEach, describe, expect, it } from 'vitest'

/**
 * The layer rules of .dependency-cruiser.cjs (what `npm run lint` runs) on tiny trees: each
 * deliberate wrong import must be reported by name, and the allowed direction must pass.
 */
const config = createRequire(import.meta.url)('../../../.dependency-cruiser.cjs') as {
  forbidden: { name: string }[]
  options: { doNotFollow: unknown; exclude: unknown }
}

const dirs: string[] = []
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })))
})

async function violations(files: Record<string, string>): Promise<string[]> {
  const root = await mkdtemp(join(tmpdir(), 'magpie-layers-'))
  dirs.push(root)
  for (const [file, text] of Object.entries(files)) {
    await mkdir(dirname(join(root, file)), { recursive: true })
    await writeFile(join(root, file), text)
  }
  const result: IReporterOutput = await cruise(['src'], {
    baseDir: root,
    validate: true,
    ruleSet: { forbidden: config.forbidden } as never,
    doNotFollow: config.options.doNotFollow as never,
    exclude: config.options.exclude as never
  })
  if (typeof result.output === 'string') throw new Error(result.output)
  return result.output.summary.violations.map((v) => v.rule.name).sort()
}

describe('main layer rules', () => {
  it('pass an import downwards (app → ipc → core → store)', async () => {
    expect(
      await violations({
        'src/main/store/posts-store.ts': 'export const table = 1\n',
        'src/main/core/rules.ts': "import { table } from '../store/posts-store'\nexport const rule = table\n",
        'src/main/ipc/handlers.ts': "import { rule } from '../core/rules'\nexport const handler = rule\n",
        'src/main/app/root.ts': "import { handler } from '../ipc/handlers'\nexport const root = handler\n"
      })
    ).toEqual([])
  })

  it('fail an upward import: the store importing the composition root', async () => {
    expect(
      await violations({
        'src/main/app/root.ts': 'export const root = 1\n',
        'src/main/store/posts-store.ts': "import { root } from '../app/root'\nexport const table = root\n"
      })
    ).toEqual(['store-is-lowest'])
  })

  it('fail core reaching a backend, and ipc reaching past core', async () => {
    expect(
      await violations({
        'src/main/backends/local/likes.ts': 'export const likes = 1\n',
        'src/main/core/live-events.ts': "import { likes } from '../backends/local/likes'\nexport const live = likes\n",
        'src/main/ipc/handlers.ts': "import { likes } from '../backends/local/likes'\nexport const handler = likes\n"
      })
    ).toEqual(['core-is-backend-agnostic', 'ipc-calls-core-only'])
  })

  it('fail two folders importing each other', async () => {
    const found = await violations({
      'src/main/media/a.ts': "import { b } from '../widgets/b'\nexport const a = () => b\n",
      'src/main/widgets/b.ts': "import { a } from '../media/a'\nexport const b = () => a\n"
    })
    expect(found).toContain('no-folder-cycles')
  })

  it('fail product code importing test support, but let tests beside it do so', async () => {
    expect(
      await violations({
        'tests/support/double.ts': 'export const double = 1\n',
        'src/main/core/rules.ts': "import { double } from '../../../tests/support/double'\nexport const rule = double\n",
        'src/main/core/rules.test.ts': "import { double } from '../../../tests/support/double'\nexport const used = double\n"
      })
    ).toEqual(['product-never-imports-test-support'])
  })

  it('fail the renderer importing main', async () => {
    expect(
      await violations({
        'src/main/core/rules.ts': 'export const rule = 1\n',
        'src/renderer/src/app/App.ts': "import { rule } from '../../../main/core/rules'\nexport const app = rule\n"
      })
    ).toEqual(['renderer-never-imports-main'])
  })

  it('fail sharp anywhere in main but the image worker, and main importing the worker’s modules', async () => {
    const sharp = {
      'node_modules/sharp/package.json': '{"name": "sharp", "main": "index.js"}\n',
      'node_modules/sharp/index.js': 'module.exports = {}\n'
    }
    expect(
      await violations({
        ...sharp,
        'src/main/media/image-worker/pipeline.ts': "import sharp from 'sharp'\nexport const decode = sharp\n",
        'src/main/media/image-service.ts': 'export const service = 1\n'
      })
    ).toEqual([])
    expect(
      await violations({
        ...sharp,
        'src/main/media/image-worker/pipeline.ts': "import sharp from 'sharp'\nexport const decode = sharp\n",
        'src/main/media/badge-icon.ts': "import sharp from 'sharp'\nexport const badge = sharp\n",
        'src/main/media/image-pipeline.ts': "import { decode } from './image-worker/pipeline'\nexport const run = decode\n"
      })
    ).toEqual(['images-decode-in-the-worker', 'main-never-loads-the-worker'])
  })
})
