import { spawn } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import type { Browser, Page } from '@playwright/test'
import { seedEmail, seedPassword } from '../../tests/support/main/seed'
import { freshContext, launchChromium } from '../lib/browser'
import { startHarness } from '../lib/harness'
import { inpOf, interactionProbe, type InteractionProbe } from '../lib/page-probes'
import { browserSpec } from '../lib/specs'
import { mib, num, percentile, spread, withRange } from '../lib/stats'
import { emptyOutput, type BenchContext, type Scenario } from '../lib/types'

/** Frames and long tasks, recorded in the page while it scrolls. */
const frameProbe = `(() => {
  const probe = (window.__frames = { longTasks: [] })
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) probe.longTasks.push({ start: e.startTime, duration: e.duration })
  }).observe({ type: 'longtask', buffered: true })
})()`

interface ScrollRun {
  /** Elements in the document: the most seen while loading (sampled every 10 frames), and at the first screen. */
  maxElements: number
  firstElements: number
  firstHeapAfterGc: number
  /** After a tenth of the cards (1,000 of 10,000). */
  tenthHeapAfterGc: number
  back: BackRun[]
  loadSeconds: number
  loadLongTasks: number[]
  frames: number[]
  heapUsed: number
  heapAfterGc: number
  nodes: number
  rendererRss: number
  rendererPrivate: number
  firstScreenRss: number
  firstScreenPrivate: number
  firstScreenAllocators: Record<string, number>
  allocators: Record<string, number>
  chromiumRss: number
  inp: number | null
  clicks: number[]
  cards: number
}

/** One Back: the card opened at `depth`, then Back; how far from its place it came back. */
interface BackRun {
  depth: number
  sameCard: boolean
  /** The card's top on screen after Back minus before, in px. */
  offset: number
  /** Why the card could not be opened (it never came into the document). */
  error?: string
}

interface ProcessMemory {
  rss: number
  /** Pages only this process uses (smaps_rollup Private_Clean + Private_Dirty): RSS without the shared libraries. */
  private: number
}

async function memoryOf(pid: number): Promise<ProcessMemory> {
  try {
    const rollup = await readFile(`/proc/${pid}/smaps_rollup`, 'utf8')
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(rollup)?.[1] ?? 0) * 1024
    return { rss: kb('Rss'), private: kb('Private_Clean') + kb('Private_Dirty') }
  } catch {
    return { rss: 0, private: 0 }
  }
}

/** Top-level allocators of Chromium's memory-infra dump for one process, in bytes (blink_gc, v8, malloc, cc…). */
async function allocators(browser: Browser, pid: number): Promise<Record<string, number>> {
  const session = await browser.newBrowserCDPSession()
  const events: { ph: string; pid: number; args?: { dumps?: { allocators?: Record<string, { attrs?: { size?: { value: string } } }> } } }[] = []
  session.on('Tracing.dataCollected', (e) => void events.push(...(e.value as unknown as typeof events)))
  const complete = new Promise((resolve) => session.once('Tracing.tracingComplete', resolve))
  await session.send('Tracing.start', { traceConfig: { includedCategories: ['disabled-by-default-memory-infra'], memoryDumpConfig: { triggers: [] } } } as never)
  await session.send('Tracing.requestMemoryDump' as never, { levelOfDetail: 'detailed' } as never)
  await session.send('Tracing.end')
  await complete
  await session.detach()
  const out: Record<string, number> = {}
  for (const event of events) {
    if (event.ph !== 'v' || event.pid !== pid) continue
    for (const [name, entry] of Object.entries(event.args?.dumps?.allocators ?? {})) {
      if (!name.includes('/')) out[name] = parseInt(entry.attrs?.size?.value ?? '0', 16)
    }
  }
  return out
}

/** The renderer process's memory (the largest renderer, from CDP SystemInfo.getProcessInfo), and all of Chromium's RSS. */
async function chromiumMemory(browser: Browser): Promise<{ renderer: ProcessMemory; rendererPid: number; all: number }> {
  const session = await browser.newBrowserCDPSession()
  const info = (await session.send('SystemInfo.getProcessInfo')) as { processInfo: { type: string; id: number }[] }
  await session.detach()
  const all = await Promise.all(info.processInfo.map(async (p) => ({ type: p.type, pid: p.id, memory: await memoryOf(p.id) })))
  const renderer = all.filter((p) => p.type === 'renderer').sort((a, b) => b.memory.rss - a.memory.rss)[0]
  return { renderer: renderer?.memory ?? { rss: 0, private: 0 }, rendererPid: renderer?.pid ?? 0, all: all.reduce((sum, p) => sum + p.memory.rss, 0) }
}

/** Scrolls, towards it, until the card at place `n` is in the document, then puts its top a little below the top bar. */
async function bringCard(page: Page, n: number, below: number): Promise<void> {
  await page.evaluate(
    async ([want, px]) => {
      const deadline = performance.now() + 120_000
      while (performance.now() < deadline) {
        // Places in the window, read from the wrappers: a card whose page is still being read has no article yet.
        const shown = Array.from(document.querySelectorAll('[data-feed-list] > [data-index]'), (e) => Number(e.getAttribute('data-index')) + 1)
        const card = document.querySelector(`[data-testid="post-card"][aria-posinset="${want}"]`)
        if (card) {
          window.scrollBy(0, card.getBoundingClientRect().top - px)
          // Two frames without movement: the heights around it are measured and the anchor holds.
          await new Promise((r) => requestAnimationFrame(r))
          const y = window.scrollY
          await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))
          const again = document.querySelector(`[data-testid="post-card"][aria-posinset="${want}"]`)
          const top = again?.getBoundingClientRect().top ?? -1
          // At the end of the feed the page may not scroll that far: on screen and still is enough.
          if (again && window.scrollY === y && top >= 0 && top < window.innerHeight - 200) return
          continue
        }
        // Far away: a jump of the estimated distance (the feed reads the page it lands on); near: a screen at a time.
        // The window is the longest run of consecutive places: the card last focused stays drawn wherever it is.
        shown.sort((a, b) => a - b)
        let lo = shown[0] ?? 0
        let hi = lo
        let start = lo
        for (let i = 1; i <= shown.length; i++) {
          if (i < shown.length && shown[i] === shown[i - 1]! + 1) continue
          if (shown[i - 1]! - start > hi - lo) [lo, hi] = [start, shown[i - 1]!]
          start = shown[i] ?? 0
        }
        if (shown.length > 0 && !(want >= lo && want <= hi)) {
          window.scrollBy(0, Math.max(-400_000, Math.min(400_000, (want - (want > hi ? hi : lo)) * 600)))
        }
        await new Promise((r) => setTimeout(r, 50))
        await new Promise((r) => requestAnimationFrame(r))
      }
      throw new Error(`card ${want} never came into the document`)
    },
    [n, below] as const
  )
}

/** Opens the card at place `depth`, then Back; where the same card is on screen once the page is still. */
async function openAndComeBack(page: Page, depth: number, run: number): Promise<BackRun> {
  await bringCard(page, depth, 90 + ((run * 37) % 200))
  const card = page.locator(`[data-testid="post-card"][aria-posinset="${depth}"]`)
  const id = await card.getAttribute('data-post-id')
  const before = (await card.boundingBox())!.y
  await card.locator('p').first().click()
  await page.getByTestId('post-detail').waitFor()
  await page.goBack()
  await page.getByTestId('post-detail').waitFor({ state: 'detached' })
  await card.waitFor()
  await page.waitForFunction(
    () =>
      new Promise<boolean>((resolve) => {
        const y = window.scrollY
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(window.scrollY === y)))
      })
  )
  const after = await card.boundingBox()
  return { depth, sameCard: (await card.getAttribute('data-post-id')) === id, offset: after ? after.y - before : NaN }
}

async function scrollRun(
  browser: Browser,
  url: string,
  target: number,
  smoothPixels: number,
  backDepths: number[],
  backRuns: number
): Promise<ScrollRun> {
  const context = await freshContext(browser)
  const page: Page = await context.newPage()
  await page.addInitScript(frameProbe)
  await page.addInitScript(interactionProbe)
  await page.goto(url)
  await page.evaluate(
    async ([email, password]) => {
      const api = (window as unknown as { magpie: { auth: { login(input: unknown): Promise<{ ok: boolean }> } } }).magpie
      if (!(await api.auth.login({ email, password })).ok) throw new Error('login refused')
    },
    [seedEmail(1), seedPassword] as const
  )
  await page.getByText('까치1님, 안녕하세요').waitFor()
  await page.getByTestId('post-card').first().waitFor()
  await page.waitForTimeout(1000)
  const cdp = await context.newCDPSession(page)
  await cdp.send('Performance.enable')
  const metric = async (name: string) =>
    ((await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] }).metrics.find((m) => m.name === name)?.value ?? 0
  await cdp.send('HeapProfiler.collectGarbage')
  const firstHeapAfterGc = await metric('JSHeapUsedSize')
  const firstElements = await page.evaluate(() => document.getElementsByTagName('*').length)
  const firstScreen = await chromiumMemory(browser)
  const firstScreenAllocators = await allocators(browser, firstScreen.rendererPid)

  // 1. Load `target` cards: jump to the end every frame, as a reader flinging down would,
  // letting the feed fetch page after page.
  const started = performance.now()
  // No named helper functions inside evaluate(): tsx would wrap them in a __name() the page lacks.
  const load = (want: number) => page.evaluate(async (want) => {
    const deadline = performance.now() + 900_000
    let most = 0
    let frame = 0
    // The feed is windowed: count cards read by their place in the feed (aria-posinset), not by elements present.
    while (
      Math.max(0, ...Array.from(document.querySelectorAll('[aria-posinset]'), (e) => Number(e.getAttribute('aria-posinset')))) < want &&
      performance.now() < deadline
    ) {
      window.scrollTo(0, document.documentElement.scrollHeight)
      await new Promise((r) => requestAnimationFrame(r))
      if (++frame % 10 === 0) most = Math.max(most, document.getElementsByTagName('*').length)
    }
    const reached = Math.max(0, ...Array.from(document.querySelectorAll('[aria-posinset]'), (e) => Number(e.getAttribute('aria-posinset'))))
    return { most: Math.max(most, document.getElementsByTagName('*').length), reached }
  }, want)
  // A stop at the tenth of the way: what grows between it and the end grows with the cards read.
  const tenth = await load(Math.ceil(target / 10))
  const tenthSeconds = (performance.now() - started) / 1000
  await cdp.send('HeapProfiler.collectGarbage')
  const tenthHeapAfterGc = await metric('JSHeapUsedSize')
  const resumed = performance.now()
  const rest = await load(target)
  const loading = { most: Math.max(tenth.most, rest.most), reached: rest.reached }
  const loadSeconds = tenthSeconds + (performance.now() - resumed) / 1000
  const loadLongTasks = await page.evaluate(() =>
    (window as unknown as { __frames: { longTasks: { duration: number }[] } }).__frames.longTasks.map((t) => t.duration)
  )
  await page.waitForTimeout(1000)

  // 2. Scroll smoothly back up through the cards, 40 px a frame, timing every frame.
  const frames = await page.evaluate(async (pixels) => {
    const deltas: number[] = []
    let last = await new Promise<number>((r) => requestAnimationFrame(r))
    let moved = 0
    while (moved < pixels && window.scrollY > 0) {
      window.scrollBy(0, -40)
      moved += 40
      const now = await new Promise<number>((r) => requestAnimationFrame(r))
      deltas.push(now - last)
      last = now
    }
    return deltas
  }, smoothPixels)
  await page.waitForTimeout(500)

  // 3. Memory: the renderer's JS heap and DOM (CDP), and its process's resident memory. Taken
  // before the like clicks: Playwright's click runs its own ≈ 0.5 MiB script in the page's
  // isolate (its utility world), which the first page's figure would not have.
  const heapUsed = await metric('JSHeapUsedSize')
  const nodes = await metric('Nodes')
  await cdp.send('HeapProfiler.collectGarbage')
  const heapAfterGc = await metric('JSHeapUsedSize')
  const loaded = await chromiumMemory(browser)
  const loadedAllocators = await allocators(browser, loaded.rendererPid)

  // 4. Like a card on screen with all the cards loaded.
  // By its post id: the window may draw the card anew while the like goes through main.
  const postId = await page.evaluate(() => {
    const cards = Array.from(document.querySelectorAll('[data-testid="post-card"]'))
    return (cards.find((c) => c.getBoundingClientRect().top > 80) ?? cards[0])!.getAttribute('data-post-id')
  })
  const selector = `[data-testid="post-card"][data-post-id="${postId}"] [data-testid="like-button"]`
  const button = page.locator(selector)
  for (let c = 0; c < 4; c++) {
    const pressed = await button.getAttribute('aria-pressed')
    await button.click()
    await page.waitForFunction(
      ([sel, before]) => {
        const el = document.querySelector(sel)
        return el !== null && el.getAttribute('aria-pressed') !== before
      },
      [selector, pressed] as const
    )
    await page.waitForTimeout(300)
  }
  const interactions = await page.evaluate(() => (window as unknown as { __interactions: InteractionProbe }).__interactions)

  // 5. Back from deep cards, with two CPU-busy processes beside the browser: the restore must not depend on timing.
  const back: BackRun[] = []
  const busy = [0, 1].map(() => spawn('yes', [], { stdio: 'ignore' }))
  try {
    for (const depth of backDepths) {
      for (let r = 0; r < backRuns; r++) {
        // A card the window cannot reach counts as a failed Back (and the rest at that depth too), not a crashed scenario.
        const run = await openAndComeBack(page, depth, r).catch((error: unknown) => ({ depth, sameCard: false, offset: NaN, error: String(error).split('\n')[0] }))
        back.push(run)
        if ('error' in run) break
      }
    }
  } finally {
    for (const child of busy) child.kill()
  }
  await context.close()
  return {
    maxElements: loading.most,
    firstElements,
    firstHeapAfterGc,
    tenthHeapAfterGc,
    back,
    loadSeconds,
    loadLongTasks,
    frames,
    heapUsed,
    heapAfterGc,
    nodes,
    rendererRss: loaded.renderer.rss,
    rendererPrivate: loaded.renderer.private,
    firstScreenRss: firstScreen.renderer.rss,
    firstScreenPrivate: firstScreen.renderer.private,
    firstScreenAllocators,
    allocators: loadedAllocators,
    chromiumRss: loaded.all,
    inp: inpOf(interactions.entries),
    clicks: interactions.clicks,
    cards: loading.reached
  }
}

export const scroll: Scenario = {
  name: 'scroll',
  title: 'Scrolling 10,000 feed cards, and Back from deep',
  async run(ctx: BenchContext) {
    const out = emptyOutput()
    const spec = browserSpec(ctx.smoke)
    const target = ctx.smoke ? 60 : 10_000
    // Back from a shallow and the deepest card; 20 of 20 under CPU load is the goal.
    const backDepths = ctx.smoke ? [20, 60] : [1000, 10_000]
    const backCount = ctx.smoke ? 2 : 20
    const copy = await ctx.stores.copy(spec)
    ctx.progress.step('starting the harness and Chromium')
    const harness = await startHarness(ctx.root, copy.dir)
    const browser = await launchChromium()
    const runs: ScrollRun[] = []
    try {
      // One run: reading 10,000 cards is a thousand pages, minutes on this machine.
      const count = 1
      for (let r = 0; r < count; r++) {
        ctx.progress.step(`run ${r + 1}/${count}: loading ${num(target)} cards, scrolling, liking, ${backCount * backDepths.length} Backs under CPU load`)
        runs.push(await scrollRun(browser, harness.url, target, ctx.smoke ? 4000 : 24_000, backDepths, backCount))
      }
    } finally {
      await browser.close()
      await harness.stop()
    }

    const frameStats = runs.map((run) => {
      const medianFrame = percentile(run.frames, 50)
      const dropped = run.frames.filter((d) => d > 1.5 * medianFrame).length
      return { medianFrame, dropped, share: dropped / run.frames.length, p95: percentile(run.frames, 95), worst: Math.max(...run.frames), frames: run.frames.length }
    })
    const s = (pick: (i: number) => number) => spread(runs.map((_, i) => pick(i)))
    const dropShare = s((i) => frameStats[i]!.share * 100)
    const rendererRss = s((i) => runs[i]!.rendererRss)
    const elements = s((i) => runs[i]!.maxElements)
    const heapRatio = s((i) => runs[i]!.heapAfterGc / runs[i]!.firstHeapAfterGc)
    const backs = runs.flatMap((run) => run.back)
    out.tables.push({
      title: `${num(runs[0]!.cards)} feed cards in Chromium (signed in; ${runs.length} run${runs.length > 1 ? 's' : ''})`,
      columns: ['measure', 'median (min–max)'],
      rows: [
        [`loading ${num(target)} cards (jumping to the end each frame)`, withRange(s((i) => runs[i]!.loadSeconds), (v) => `${v.toFixed(1)} s`)],
        ['  long tasks while loading: count', withRange(s((i) => runs[i]!.loadLongTasks.length), (v) => num(v))],
        ['  longest task while loading', withRange(s((i) => Math.max(0, ...runs[i]!.loadLongTasks)))],
        ['scrolling back up 40 px a frame: frames', withRange(s((i) => frameStats[i]!.frames), (v) => num(v))],
        ['  median frame', withRange(s((i) => frameStats[i]!.medianFrame))],
        ['  p95 frame', withRange(s((i) => frameStats[i]!.p95))],
        ['  worst frame', withRange(s((i) => frameStats[i]!.worst))],
        ['  dropped frames (longer than 1.5× the median)', withRange(dropShare, (v) => `${v.toFixed(1)}%`)],
        ['like toggle with all cards loaded: INP (Event Timing)', runs.every((r) => r.inp === null) ? '< 16 ms' : withRange(s((i) => runs[i]!.inp ?? 0))],
        ['  pointerdown → next frame painted, worst click', withRange(s((i) => Math.max(...runs[i]!.clicks)))],
        ['elements in the document: first screen', withRange(s((i) => runs[i]!.firstElements), (v) => num(v))],
        ['  most at any depth while loading (sampled every 10 frames)', withRange(elements, (v) => num(v))],
        ['JS heap after a forced GC: first page', withRange(s((i) => runs[i]!.firstHeapAfterGc), mib)],
        [`  after ${num(Math.ceil(target / 10))} cards`, withRange(s((i) => runs[i]!.tenthHeapAfterGc), mib)],
        ['JS heap used', withRange(s((i) => runs[i]!.heapUsed), mib)],
        [`JS heap used after a forced GC, ${num(target)} cards`, withRange(s((i) => runs[i]!.heapAfterGc), mib)],
        ['  ÷ first page', withRange(heapRatio, (v) => `${v.toFixed(2)}×`)],
        [`  ÷ ${num(Math.ceil(target / 10))} cards (what grows with the cards read, past the code compiled while scrolling)`, withRange(s((i) => runs[i]!.heapAfterGc / runs[i]!.tenthHeapAfterGc), (v) => `${v.toFixed(2)}×`)],
        ['DOM nodes', withRange(s((i) => runs[i]!.nodes), (v) => num(v))],
        ['renderer process with the first page (10 cards): RSS', withRange(s((i) => runs[i]!.firstScreenRss), mib)],
        ['  of it private to the process (no shared libraries)', withRange(s((i) => runs[i]!.firstScreenPrivate), mib)],
        [`**renderer process with ${num(target)} cards: RSS**`, `**${withRange(rendererRss, mib)}**`],
        ['  of it private to the process (no shared libraries)', withRange(s((i) => runs[i]!.rendererPrivate), mib)],
        ['all Chromium processes RSS', withRange(s((i) => runs[i]!.chromiumRss), mib)]
      ],
      note: 'Frames are requestAnimationFrame deltas while the page scrolls itself 40 px per frame; a frame counts as dropped when it took more than 1.5× the median frame. Long tasks come from the Long Tasks API. Memory: CDP Performance.getMetrics (JSHeapUsedSize, Nodes) and /proc/<pid>/smaps_rollup of the renderer process (found with CDP SystemInfo.getProcessInfo): RSS, and its private part — RSS also counts the pages of Chromium\'s own libraries that every process shares.'
    })
    out.tables.push({
      title: `Back to the card opened, with two CPU-busy processes (\`yes\`) beside the browser`,
      columns: ['card', 'runs', 'same card', '0 px off', 'offsets seen (px)'],
      rows: backDepths.map((depth) => {
        const at = backs.filter((b) => b.depth === depth)
        const exact = at.filter((b) => b.sameCard && Math.abs(b.offset) < 0.5)
        const offsets = [...new Set(at.map((b) => Math.round(b.offset * 10) / 10))].sort((a, b) => a - b)
        const failed = at.find((b) => b.error)
        return [num(depth), num(at.length), num(at.filter((b) => b.sameCard).length), num(exact.length), failed ? `${offsets.filter(Number.isFinite).join(', ')} — stopped: ${failed.error}` : offsets.join(', ')]
      }),
      note: 'Each run puts the card a different distance below the top bar (90–290 px), opens its post by a click on its text, goes Back (history), waits for two still frames and compares the card\'s top on screen with before. The 1,000th card is reached from the 10,000th by jumps (the feed reads the page it lands on from the cursor it remembered).'
    })
    const names = ['blink_gc', 'v8', 'malloc', 'partition_alloc', 'cc', 'discardable', 'shared_memory', 'gpu', 'web_cache', 'font_caches', 'skia']
    const seen = names.filter((n) => runs.some((r) => (r.allocators[n] ?? 0) > 0 || (r.firstScreenAllocators[n] ?? 0) > 0))
    const first = runs[0]!
    out.tables.push({
      title: `Where the renderer's memory goes (Chromium memory-infra dump, run 1)`,
      columns: ['allocator', 'first page (10 cards)', `${num(first.cards)} cards`, 'growth'],
      rows: seen.map((n) => {
        const a = first.firstScreenAllocators[n] ?? 0
        const b = first.allocators[n] ?? 0
        return [n, mib(a), mib(b), `${b >= a ? '+' : '−'}${mib(Math.abs(b - a))}`]
      }),
      note: 'blink_gc: the DOM and other garbage-collected Blink objects; v8: the JavaScript heap as committed (React\'s fibers, the cached pages, query observers); malloc / partition_alloc: layout, style, text; cc: raster tiles and decoded photos; discardable: decoded image cache the OS may reclaim.'
    })
    out.notes.push(
      'Before the feed was windowed (issue 15; decision 015) every card read stayed in the document: 299 MiB renderer RSS at 1,000 cards (2026-11-23, the 5th section\'s previous table), and on a 2,500-post store 2,000 cards left 38,066 elements in the page with the JS heap after GC at 9.3× its first-page size; Back under load once landed 1,991 px off. What each change bought: **windowing** (`useWindowVirtualizer`, only the cards near the screen in the document) keeps the elements at the first screen\'s count at any depth, and with them the DOM, layout and style that were the renderer\'s growth; **`maxPages: 8` with remembered cursors** keeps the query cache (posts, photos\' variant lists, React\'s fibers) to 80 posts, so the JS heap after GC stays near the first page\'s while the feed index keeps only ids, words and heights; **Back by anchor and stored heights** lays the list out in the render that shows it, so the card comes back to the same pixel however busy the machine is.'
    )
    const cardsRead = num(runs[0]!.cards)
    out.goals.push({
      name: `elements in the document after scrolling ${cardsRead} cards`,
      target: '≤ 2,000 at any depth',
      actual: withRange(elements, (v) => num(v)),
      met: elements.max <= 2000
    })
    out.goals.push({
      name: `JS heap after GC, ${cardsRead} cards ÷ first page`,
      target: '≤ 1.5',
      actual: withRange(heapRatio, (v) => `${v.toFixed(2)}×`),
      met: heapRatio.max <= 1.5,
      why: heapRatio.max <= 1.5 ? undefined : `code V8 compiles as the feed is used (heap snapshots: ≈ 1 MiB of machine code and bytecode by the ${num(Math.ceil(target / 10))}th card, against ≈ 0.15 MiB of data), not the cards read: from ${num(Math.ceil(target / 10))} to ${num(target)} cards the heap grows ${withRange(s((i) => runs[i]!.heapAfterGc / runs[i]!.tenthHeapAfterGc), (v) => `${v.toFixed(2)}×`)}, a cursor per page and the code the smooth scroll ran for the first time`
    })
    out.goals.push({
      name: `renderer RSS after ${cardsRead} cards`,
      target: '≤ 250 MiB',
      actual: withRange(rendererRss, mib),
      met: rendererRss.max <= 250 * 1024 * 1024
    })
    out.goals.push({
      name: `dropped frames scrolling ${cardsRead} cards`,
      target: '≤ 3%',
      actual: withRange(dropShare, (v) => `${v.toFixed(1)}%`),
      met: dropShare.max <= 3
    })
    for (const depth of backDepths) {
      const at = backs.filter((b) => b.depth === depth)
      const exact = at.filter((b) => b.sameCard && Math.abs(b.offset) < 0.5).length
      const failed = at.find((b) => b.error)
      out.goals.push({
        name: `Back from card ${num(depth)} under CPU load`,
        target: `same card, 0 px off, ${backCount} of ${backCount} runs`,
        actual: `${exact} of ${backCount}`,
        met: exact === backCount,
        why: failed ? `the card never came into the document after jumping there (${failed.error})` : undefined
      })
    }
    return out
  }
}
