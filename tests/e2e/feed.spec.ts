/// <reference lib="dom" />
import { spawn } from 'node:child_process'
import { messages } from '../../src/shared/messages'
import type { Locator, Page } from '@playwright/test'
import { seedEmail, seedPassword } from '../support/main/seed'
import { expect, logIn, seededStore, startHarness, test } from './fixtures'

/** Its own copy of a store of `posts` posts by 4 people (seeded once per worker, see fixtures.ts). */
const seed = (posts: number): string => seededStore(posts, 4)

/** Scrolls down until the feed says it has ended (each End reads the next page once the window nears it). */
async function scrollToEnd(page: Page): Promise<void> {
  await expect
    .poll(
      async () => {
        await page.keyboard.press('End')
        return page.getByTestId('feed-end').isVisible()
      },
      { timeout: 60_000, intervals: [100] }
    )
    .toBe(true)
}

/** Scrolls, towards it, until the card at place `n` of the feed is in the document and on screen. */
async function bringCard(page: Page, n: number): Promise<Locator> {
  const card = page.locator(`[data-testid="post-card"][aria-posinset="${n}"]`)
  await expect
    .poll(
      async () => {
        const shown = await page.evaluate(() => Array.from(document.querySelectorAll('[aria-posinset]'), (e) => Number(e.getAttribute('aria-posinset'))))
        if (shown.includes(n)) {
          // The window may move on between two steps: try again until the card is on screen.
          return card.scrollIntoViewIfNeeded({ timeout: 1000 }).then(
            () => true,
            () => false
          )
        }
        await page.mouse.wheel(0, n > Math.max(...shown) ? 800 : -800)
        return false
      },
      { timeout: 60_000, intervals: [100] }
    )
    .toBe(true)
  return card
}

/** Scrolls the page by `px` at once (a wheel's scroll starts later and animates: a test could read the page before it). */
async function scrollBy(page: Page, px: number): Promise<void> {
  await page.evaluate((by) => window.scrollBy(0, by), px)
}

/** Waits until the page has stopped moving: the same scroll position over two frames. */
async function settled(page: Page): Promise<number> {
  await page.waitForFunction(
    () =>
      new Promise<boolean>((resolve) => {
        const y = window.scrollY
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(window.scrollY === y)))
      })
  )
  return page.evaluate(() => window.scrollY)
}

/** Opens the card's post, and Back again; returns the card's top on screen after Back, once the page is still. */
async function openAndComeBack(page: Page, card: Locator, back: () => Promise<unknown>): Promise<number> {
  // A click event, not a pointer's: Playwright's click scrolls first when the top bar covers the point.
  await card.locator('p').first().dispatchEvent('click')
  await expect(page.getByTestId('post-detail')).toBeVisible()
  expect(await page.evaluate(() => window.scrollY)).toBe(0)
  await back()
  await expect(page.getByTestId('post-detail')).toBeHidden()
  await expect(card).toBeVisible()
  await settled(page)
  return (await card.boundingBox())!.y
}

test('the feed loads more as the reader scrolls, ends clearly, keeps only the cards near the screen, and Back returns to the same place', async ({ page, consoleErrors }) => {
  const harness = await startHarness({ dataDir: seed(25) })
  try {
    await page.goto(harness.url)
    const cards = page.getByTestId('post-card')
    await expect(cards.first()).toContainText('#25번째 소식')
    await expect(page.getByRole('feed')).toBeVisible()

    // Scrolling to the end loads the next pages until the end of the feed; the last card is the 25th of 25.
    await scrollToEnd(page)
    const last = await bringCard(page, 25)
    await expect(last).toHaveAttribute('aria-setsize', '25')
    await expect(last).toContainText('#1번째 소식')
    // Only the cards near the screen are in the document.
    expect(await cards.count()).toBeLessThan(12)

    // Open a post deep in the feed, then come back to exactly where the reader was.
    const target = await bringCard(page, 18)
    await scrollBy(page, 120)
    expect(await settled(page)).toBeGreaterThan(1000)
    const topBefore = (await target.boundingBox())!.y
    const topAfter = await openAndComeBack(page, target, () => page.getByRole('button', { name: '목록으로' }).click())
    await expect(page).not.toHaveURL(/#\/detail\//)
    // The same card is back at the same height on the screen.
    expect(topAfter).toBe(topBefore)
    await page.goto('about:blank')
  } finally {
    await harness.stop()
  }
  expect(consoleErrors).toEqual([])
})

test('two visits of the feed in one history each come back to their own card', async ({ page, consoleErrors }) => {
  const harness = await startHarness({ dataDir: seed(25) })
  try {
    await page.goto(harness.url)
    const cards = page.getByTestId('post-card')
    await expect(cards.first()).toBeVisible()
    await scrollToEnd(page)

    // First visit: read down to the 18th card and open it.
    const deep = await bringCard(page, 18)
    await scrollBy(page, 120)
    await settled(page)
    const deepTop = (await deep.boundingBox())!.y
    await deep.locator('p').first().dispatchEvent('click')
    await expect(page.getByTestId('post-detail')).toBeVisible()

    // From the post, home again: a second visit of the feed, in a new history entry, at the top.
    await page.getByRole('link', { name: '홈' }).click()
    await expect(cards.first()).toBeVisible()
    expect(await page.evaluate(() => window.scrollY)).toBe(0)
    const shallow = await bringCard(page, 6)
    await scrollBy(page, 80)
    await settled(page)
    const shallowTop = (await shallow.boundingBox())!.y

    // Back to the second visit: its own card.
    expect(await openAndComeBack(page, shallow, () => page.goBack())).toBe(shallowTop)
    // Back past the post to the first visit: the 18th card, not the second visit's.
    await page.goBack()
    await expect(page.getByTestId('post-detail')).toBeVisible()
    await page.goBack()
    await expect(page.getByTestId('post-detail')).toBeHidden()
    await expect(deep).toBeVisible()
    await settled(page)
    expect((await deep.boundingBox())!.y).toBe(deepTop)
    await page.goto('about:blank')
  } finally {
    await harness.stop()
  }
  expect(consoleErrors).toEqual([])
})

test('Back from deep in a long feed, past the pages the cache dropped, returns to the same card at the same pixel', async ({ page, consoleErrors }) => {
  // Twelve pages read one after another: slow on a loaded machine, never timed.
  test.setTimeout(180_000)
  const harness = await startHarness({ dataDir: seed(120) })
  try {
    await page.goto(harness.url)
    await expect(page.getByTestId('post-card').first()).toBeVisible()
    // Down past the tenth page: the first pages are no longer in the cache.
    // Fling to the bottom every frame until the feed has read past the 105th card.
    await page.waitForFunction(
      () => {
        const shown = Array.from(document.querySelectorAll('[aria-posinset]'), (e) => Number(e.getAttribute('aria-posinset')))
        if (Math.max(0, ...shown) >= 105) return true
        window.scrollTo(0, document.documentElement.scrollHeight)
        return false
      },
      null,
      { polling: 'raf', timeout: 150_000 }
    )
    const deep = await bringCard(page, 105)
    await scrollBy(page, 90)
    await settled(page)
    const top = (await deep.boundingBox())!.y
    expect(await openAndComeBack(page, deep, () => page.goBack())).toBe(top)

    // Up to the top again: the dropped pages are read again, in order.
    await page.evaluate(() => window.scrollTo(0, 0))
    await expect(page.locator('[data-testid="post-card"][aria-posinset="1"]')).toContainText('#120번째 소식')
    await page.goto('about:blank')
  } finally {
    await harness.stop()
  }
  expect(consoleErrors).toEqual([])
})

test('a feed that fails to load says why, and 다시 시도 loads it', async ({ page, consoleErrors }, testInfo) => {
  const harness = await startHarness({ dataDir: seed(3) })
  try {
    // Main is unreachable for the feed until the test lets it through: every other call goes to main.
    let failing = true
    await page.routeWebSocket(/\/ipc\?/, (ws) => {
      const server = ws.connectToServer()
      ws.onMessage((message) => {
        const frame = JSON.parse(String(message)) as { id: number; channel: string }
        if (failing && frame.channel === 'posts:feed') {
          ws.send(JSON.stringify({ id: frame.id, result: { ok: false, error: { code: 'networkError', message: messages.networkError } } }))
        } else {
          server.send(message)
        }
      })
    })
    await page.goto(harness.url)
    await expect(page.getByRole('alert')).toContainText('연결이 원활하지 않아요. 잠시 후 다시 시도해 주세요')
    await expect(page.getByTestId('post-card')).toHaveCount(0)
    await page.screenshot({ path: testInfo.outputPath('feed-error.png') })

    failing = false
    await page.getByRole('button', { name: '다시 시도' }).click()
    await expect(page.getByTestId('post-card')).toHaveCount(3)
    await expect(page.getByRole('alert')).toBeHidden()
    await page.goto('about:blank')
  } finally {
    await harness.stop()
  }
  expect(consoleErrors).toEqual([])
})

test('after a like deep in the feed, a jump far up reads the page it lands on, its cards appear, and Back returns to one of them', async ({ page, consoleErrors }) => {
  // Twenty pages read one after another: slow on a loaded machine, never timed.
  test.setTimeout(180_000)
  const harness = await startHarness({ dataDir: seed(200) })
  try {
    // Every feed page the window asks main for, and every single post read again.
    const reads: string[] = []
    const postReads: string[] = []
    await page.routeWebSocket(/\/ipc\?/, (ws) => {
      const server = ws.connectToServer()
      ws.onMessage((message) => {
        const { channel } = JSON.parse(String(message)) as { channel: string }
        if (channel === 'posts:feed') reads.push(String(message))
        if (channel === 'posts:get') postReads.push(String(message))
        server.send(message)
      })
    })
    await page.goto(harness.url)
    await logIn(page, { email: seedEmail(1), password: seedPassword })
    await expect(page.getByText('까치1님, 안녕하세요')).toBeVisible()
    await expect(page.getByTestId('post-card').first()).toBeVisible()
    await page.waitForFunction(
      () => {
        const shown = Array.from(document.querySelectorAll('[aria-posinset]'), (e) => Number(e.getAttribute('aria-posinset')))
        if (Math.max(0, ...shown) >= 190) return true
        window.scrollTo(0, document.documentElement.scrollHeight)
        return false
      },
      null,
      { polling: 'raf', timeout: 150_000 }
    )

    // A like on the 190th card: its heart changes in place, and no feed page is read again for it.
    const liked = await bringCard(page, 190)
    await settled(page)
    const readsBeforeLike = reads.length
    const postReadsBeforeLike = postReads.length
    const heart = liked.getByTestId('like-button')
    await heart.click()
    await expect(heart).toHaveAttribute('aria-pressed', 'true')
    // Main's change event for the like reads that one post again; by then the like is through.
    await expect.poll(() => postReads.length).toBeGreaterThan(postReadsBeforeLike)
    expect(reads.length).toBe(readsBeforeLike)
    // The like button keeps the focus, so its card stays drawn wherever the window goes.
    await expect(heart).toBeFocused()

    // A jump far up, to about the 10th card, beyond the eight pages in the cache.
    const readsBeforeJump = reads.length
    await page.evaluate(() => window.scrollTo(0, Math.round(document.documentElement.scrollHeight * 0.05)))
    // The first card on screen once the window has moved and its cards are drawn.
    const onScreen = () =>
      page.evaluate(() => {
        const places = Array.from(document.querySelectorAll('[data-testid="post-card"]'))
          .filter((card) => {
            const { top, bottom } = card.getBoundingClientRect()
            return bottom > 0 && top < window.innerHeight
          })
          .map((card) => Number(card.getAttribute('aria-posinset')))
        return Math.min(Infinity, ...places)
      })
    await expect.poll(onScreen, { timeout: 60_000 }).toBeLessThan(40)
    // The page under the window is read at once, not every page between it and the cache one after another.
    expect(reads.length - readsBeforeJump).toBeLessThanOrEqual(3)
    const place = await onScreen()
    await expect(page.locator(`[data-testid="post-card"][aria-posinset="${place}"]`)).toContainText(`#${201 - place}번째 소식`)

    // Back from a card there returns to it at the same pixel.
    const card = await bringCard(page, place + 1)
    await scrollBy(page, 90)
    await settled(page)
    const top = (await card.boundingBox())!.y
    expect(await openAndComeBack(page, card, () => page.goBack())).toBe(top)
    await page.goto('about:blank')
  } finally {
    await harness.stop()
  }
  expect(consoleErrors).toEqual([])
})

test('Ctrl+F finds in the posts read so far, also in pages the cache dropped, moves between matches, and Escape returns the focus', async ({ page, consoleErrors }) => {
  test.setTimeout(180_000)
  const harness = await startHarness({ dataDir: seed(120) })
  try {
    await page.goto(harness.url)
    // The seed's posts end "#1번째 소식" … "#120번째 소식", newest first: "#k" is card 121 − k.
    await expect(page.locator('[data-testid="post-card"][aria-posinset="1"]')).toContainText('#120번째 소식')
    const find = page.getByRole('searchbox', { name: messages.findInFeed })
    const count = page.getByTestId('find-count')

    // One page read: of #115, #105, … only #115 (card 6) is in it. Scrolled to it, the window nears
    // the page's end and reads the next: #105 (card 16) is found too, and no further page is read.
    await page.keyboard.press('Control+f')
    await find.fill('5번째 소식')
    await expect(count).toHaveText('1/2')
    await find.press('Escape')
    await expect(find).toBeHidden()

    await scrollToEnd(page)
    const link = (await bringCard(page, 120)).locator('a[href*="detail/"]').first()
    await link.focus()
    await page.keyboard.press('Control+f')
    await expect(find).toBeFocused()
    await find.fill('5번째 소식')
    await expect(count).toHaveText('1/12')
    // The first match is in the first page, long dropped from the cache: it is read again and shown marked.
    const current = page.locator('[data-current-match] [data-testid="post-card"]')
    await expect(current).toHaveAttribute('aria-posinset', '6')
    await expect(current).toContainText('#115번째 소식')
    await expect(current.locator('mark').first()).toHaveText('5번째 소식')
    await expect(current).toBeInViewport()
    await find.press('Shift+Enter')
    await expect(count).toHaveText('12/12')
    await expect(current).toHaveAttribute('aria-posinset', '116')
    await expect(current).toContainText('#5번째 소식')
    await find.press('Enter')
    await expect(count).toHaveText('1/12')
    await expect(current).toHaveAttribute('aria-posinset', '6')
    await find.press('Enter')
    await expect(count).toHaveText('2/12')
    await expect(current).toContainText('#105번째 소식')
    await expect(current).toBeInViewport()
    await find.fill('없는 말')
    await expect(count).toHaveText(messages.findNoResults)
    await find.fill('5번째 소식')
    await expect(count).toHaveText('1/12')

    await expect(current).toBeInViewport()

    // Enter, then Escape before the window has drawn the match Enter scrolled to (card 16, ten
    // cards down): the focus goes to that match once it is drawn, not back to card 120, which had
    // it and left the document with its page; Tab goes on from there.
    const drawnAtEscape = await find.evaluate(async (input) => {
      input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }))
      // React renders a key's update in a microtask; its scroll reaches the window's list with the next frame.
      await Promise.resolve()
      const drawn = document.querySelector('[aria-posinset="16"]') !== null
      input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }))
      return drawn
    })
    expect(drawnAtEscape).toBe(false)
    await expect(find).toBeHidden()
    await expect(link).toHaveCount(0)
    const match = page.locator('[data-testid="post-card"][aria-posinset="16"]')
    await expect(match).toContainText('#105번째 소식')
    await expect(match).toBeFocused()
    // Tab goes on into the card: its first stop, the author's name.
    await page.keyboard.press('Tab')
    await expect(match.getByTestId('person-link')).toBeFocused()
    await page.goto('about:blank')
  } finally {
    await harness.stop()
  }
  expect(consoleErrors).toEqual([])
})

test('Back lands on the same card at the same pixel with two CPU-busy processes beside the browser', async ({ page, consoleErrors }) => {
  // The scroll bench does this 20 times 1,000 and 10,000 cards deep; this is it in small, on every run.
  test.setTimeout(120_000)
  const harness = await startHarness({ dataDir: seed(45) })
  const busy = [0, 1].map(() => spawn('yes', [], { stdio: 'ignore' }))
  try {
    await page.goto(harness.url)
    await expect(page.getByTestId('post-card').first()).toContainText('#45번째 소식')
    for (const [n, below] of [
      [12, 90],
      [41, 230],
      [27, 160]
    ] as const) {
      const card = await bringCard(page, n)
      await page.evaluate(([el, px]) => window.scrollBy(0, el!.getBoundingClientRect().top - px), [await card.elementHandle(), below] as const)
      await settled(page)
      const top = (await card.boundingBox())!.y
      const id = await card.getAttribute('data-post-id')
      expect(await openAndComeBack(page, card, () => page.goBack())).toBe(top)
      await expect(card).toHaveAttribute('data-post-id', id!)
    }
    await page.goto('about:blank')
  } finally {
    for (const child of busy) child.kill()
    await harness.stop()
  }
  expect(consoleErrors).toEqual([])
})

test('a scroll made while a card off screen changes height is kept, not undone by the card anchoring', async ({ page, consoleErrors }) => {
  const harness = await startHarness({ dataDir: seed(25) })
  try {
    await page.goto(harness.url)
    const card = await bringCard(page, 5)
    await page.evaluate((el) => window.scrollBy(0, el!.getBoundingClientRect().top - 100), await card.elementHandle())
    const before = await settled(page)
    // In one frame: a card below the screen grows (as when its photo loads), the virtualizer
    // measures it, and the reader scrolls before the feed has drawn the new layout.
    const scrolled = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const below = Array.from(document.querySelectorAll<HTMLElement>('[data-index]')).find((e) => e.getBoundingClientRect().top > window.innerHeight)!
          let first = true
          // Created after the virtualizer's observer: in a frame, its callback runs after the virtualizer's.
          const observer = new ResizeObserver(() => {
            if (first) {
              first = false
              // Taller by 60px whatever the card's layout (a wide window's spread has a minimum height).
              const article = below.querySelector('article')!
              requestAnimationFrame(() => (article.style.minHeight = `${article.offsetHeight + 60}px`))
              return
            }
            observer.disconnect()
            window.scrollBy(0, 120)
            resolve(window.scrollY)
          })
          observer.observe(below)
        })
    )
    expect(scrolled).toBe(before + 120)
    expect(await settled(page)).toBe(before + 120)
    await page.goto('about:blank')
  } finally {
    await harness.stop()
  }
  expect(consoleErrors).toEqual([])
})

test('PageDown and PageUp move the focus a card at a time, past the cards drawn, however fast they are pressed', async ({ page, consoleErrors }) => {
  const harness = await startHarness({ dataDir: seed(25) })
  try {
    await page.goto(harness.url)
    const card = (n: number) => page.locator(`[data-testid="post-card"][aria-posinset="${n}"]`)
    await expect(card(1)).toContainText('#25번째 소식')
    await card(1).focus()
    // Twelve presses without waiting: each goes on from the card the last one went to, drawn or not yet.
    for (let i = 0; i < 12; i++) await page.keyboard.press('PageDown')
    await expect(card(13)).toBeFocused()
    await expect(card(13)).toContainText('#13번째 소식')
    await expect(card(13)).toBeInViewport()
    for (let i = 0; i < 12; i++) await page.keyboard.press('PageUp')
    await expect(card(1)).toBeFocused()
    await expect(card(1)).toBeInViewport()
    await page.goto('about:blank')
  } finally {
    await harness.stop()
  }
  expect(consoleErrors).toEqual([])
})

test('a wide window reads like a magazine: more than one post in view, each layout keeping where its text sits', async ({ page, consoleErrors }) => {
  const harness = await startHarness({ dataDir: seed(6) })
  try {
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto(harness.url)
    const cards = page.getByTestId('post-card')
    await expect(cards.first()).toContainText('#6번째 소식')
    // The first card just under the top bar: the next one is well in view too.
    await cards.first().evaluate((card) => window.scrollTo(0, card.getBoundingClientRect().top + window.scrollY - 72))
    await expect(cards.nth(1)).toBeInViewport({ ratio: 0.4 })

    // Left: text left of the photo; Right: text right of it; Top: text above a photo as wide as the card.
    const box = async (layout: string, part: string) =>
      (await page.locator(`[data-testid="post-card"][data-layout="${layout}"] [data-part="${part}"]`).first().boundingBox())!
    const [leftText, leftPhoto] = [await box('Left', 'text'), await box('Left', 'photo')]
    expect(leftText.x + leftText.width).toBeLessThanOrEqual(leftPhoto.x)
    const [rightText, rightPhoto] = [await box('Right', 'text'), await box('Right', 'photo')]
    expect(rightPhoto.x + rightPhoto.width).toBeLessThanOrEqual(rightText.x)
    const [topText, topPhoto] = [await box('Top', 'text'), await box('Top', 'photo')]
    expect(topText.y + topText.height).toBeLessThanOrEqual(topPhoto.y)
    expect(topPhoto.width).toBeGreaterThan(1000)
    expect(consoleErrors).toEqual([])
  } finally {
  await page.goto('about:blank')
    await harness.stop()
  }
})
