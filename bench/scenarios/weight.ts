import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { loadConfigFromFile } from 'electron-vite'
import { build, type InlineConfig } from 'vite'
import { composition, firstScreenFiles, gzipSize } from '../lib/bundle'
import { startHarness } from '../lib/harness'
import { lighthouse, type LighthouseResult } from '../lib/lighthouse'
import { browserSpec } from '../lib/specs'
import { kib, num, spread, withRange } from '../lib/stats'
import { emptyOutput, type BenchContext, type Scenario } from '../lib/types'

/** Builds the renderer again, as electron.vite.config.ts says, with source maps into dir. */
async function buildWithSourceMaps(root: string, dir: string): Promise<void> {
  const loaded = await loadConfigFromFile({ command: 'build', mode: 'production' }, join(root, 'electron.vite.config.ts'))
  const renderer = loaded.config.renderer as InlineConfig
  await build({
    ...renderer,
    configFile: false,
    base: './',
    logLevel: 'silent',
    build: { ...renderer.build, outDir: dir, emptyOutDir: true, sourcemap: true }
  })
}

export const weight: Scenario = {
  name: 'weight',
  title: 'Renderer weight and Lighthouse',
  aliases: ['bundle', 'lighthouse'],
  async run(ctx: BenchContext) {
    const out = emptyOutput()
    const rendererDir = join(ctx.root, 'out/renderer')
    ctx.progress.step('first-screen files')
    const files = await firstScreenFiles(rendererDir)
    const js = files.filter((f) => f.kind === 'js')
    const css = files.filter((f) => f.kind === 'css')
    const sum = (list: typeof files, key: 'bytes' | 'gzip') => list.reduce((total, f) => total + f[key], 0)
    const allJs = (await readdir(join(rendererDir, 'assets'))).filter((f) => f.endsWith('.js'))
    out.tables.push({
      title: 'What the first screen loads (out/renderer/index.html: entry script, modulepreloads, stylesheets)',
      columns: ['file', 'loaded as', 'minified', 'gzip -9'],
      rows: [
        ...files.map((f) => [`\`${f.file}\``, f.how, kib(f.bytes), kib(f.gzip)]),
        ['**JavaScript**', '', `**${kib(sum(js, 'bytes'))}**`, `**${kib(sum(js, 'gzip'))}**`],
        ['**CSS**', '', `**${kib(sum(css, 'bytes'))}**`, `**${kib(sum(css, 'gzip'))}**`]
      ],
      note: `The build has ${allJs.length} JavaScript chunks; the others load when a screen or a feature first needs them. Fonts (Pretendard, split by unicode-range) load per glyph range as text needs them and are not counted. The harness also serves its own preload bundle, which Electron's preload replaces.`
    })
    const jsGzip = sum(js, 'gzip')
    out.goals.push({
      name: 'first-screen JavaScript, gzip',
      target: '≤ 120 KiB',
      actual: kib(jsGzip),
      met: jsGzip <= 120 * 1024,
      why:
        jsGzip > 120 * 1024
          ? 'react-dom alone is 62 KiB gzip (the table below); on top of the router, TanStack Query and Magpie\'s shared code, the windowed feed brought @tanstack/virtual-core (9.0 KiB: the price of a document under 2,000 elements at any depth, scroll) and the app shell\'s update prompt, banners and kept drafts brought jotai and settings code (≈ 5.6 KiB). 신고\'s dialog, which had put Radix\'s dialog on the first screen (≈ 10 KiB), now loads on the first 신고 (155.6 → 141.8 KiB); the update prompt and banners are next'
          : undefined
    })

    // What is in it: the same build with source maps, bytes split by package.
    ctx.progress.step('composition (a build with source maps)')
    const mapped = join(ctx.tmp, 'renderer-with-maps')
    await buildWithSourceMaps(ctx.root, mapped)
    const mappedFiles = (await firstScreenFiles(mapped)).filter((f) => f.kind === 'js')
    const owners = new Map<string, { bytes: number; text: string }>()
    for (const f of mappedFiles) {
      for (const [owner, part] of await composition(join(mapped, f.file))) {
        const entry = owners.get(owner) ?? { bytes: 0, text: '' }
        entry.bytes += part.bytes
        entry.text += part.text
        owners.set(owner, entry)
      }
    }
    const ranked = [...owners.entries()].sort((a, b) => b[1].bytes - a[1].bytes)
    out.tables.push({
      title: 'First-screen JavaScript by origin (from the source maps)',
      columns: ['package / code', 'minified', 'gzip on its own', 'share'],
      rows: ranked.map(([owner, part]) => [
        owner,
        kib(part.bytes),
        kib(gzipSize(part.text)),
        `${num((part.bytes / sum(mappedFiles, 'bytes')) * 100)}%`
      ]),
      note: 'Each stretch of minified code counts for the source its source map names. Compressed alone each part is a little larger than its share of the whole file\'s gzip.'
    })

    // Lighthouse on the harness's feed and detail.
    const copy = await ctx.stores.copy(browserSpec(ctx.smoke))
    const harness = await startHarness(ctx.root, copy.dir)
    try {
      const pages = [
        { name: 'feed', url: harness.url },
        { name: 'detail', url: `${harness.url}#/detail/${copy.posts.at(-3)}` }
      ].slice(0, ctx.smoke ? 1 : 2)
      const runs = Math.min(ctx.runs, 3)
      const rows: string[][] = []
      for (const page of pages) {
        const results: LighthouseResult[] = []
        for (let r = 0; r < runs; r++) {
          ctx.progress.step(`Lighthouse, ${page.name}, run ${r + 1}/${runs}`)
          results.push(await lighthouse(ctx.root, page.url, join(ctx.tmp, `lighthouse-${page.name}-${r}.json`)))
        }
        const s = (pick: (r: LighthouseResult) => number) => spread(results.map(pick))
        rows.push([
          page.name,
          withRange(s((r) => r.score), (v) => num(v)),
          withRange(s((r) => r.lcp)),
          withRange(s((r) => r.cls), (v) => num(v, 3)),
          withRange(s((r) => r.tbt)),
          withRange(s((r) => r.fcp))
        ])
        for (const warning of new Set(results.flatMap((r) => r.warnings))) out.warnings.push(`weight: Lighthouse (${page.name}): ${warning}`)
      }
      out.tables.push({
        title: `Lighthouse (desktop preset, performance only; ${runs} run${runs > 1 ? 's' : ''} per page)`,
        columns: ['page', 'performance score', 'LCP', 'CLS', 'TBT', 'FCP'],
        rows,
        note: 'npm `lighthouse` with Debian\'s Chromium (CHROME_PATH, headless, the end-to-end flags) against the harness on 127.0.0.1 — it runs offline. Its default simulated throttling for the desktop preset (40 ms RTT, 10 Mbit/s, no CPU slowdown) applies; the store has 10k posts.'
      })
    } finally {
      await harness.stop()
    }
    return out
  }
}
