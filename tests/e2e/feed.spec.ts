/// <reference lib="dom" />
import { execFileSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { messages } from '../../src/shared/messages'
import { expect, startHarness, test } from './fixtures'

function seed(posts: number): string {
  const dataDir = mkdtempSync(join(tmpdir(), 'magpie-feed-'))
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/seed.ts', '--posts', String(posts), '--users', '4', '--data', dataDir])
  return dataDir
}

test('the feed loads more as the reader scrolls, ends clearly, and Back returns to the same place', async ({ page, consoleErrors }) => {
  const harness = await startHarness({ dataDir: seed(25) })
  try {
    await page.goto(harness.url)
    const cards = page.getByTestId('post-card')
    await expect(cards).toHaveCount(10)
    await expect(cards.first()).toContainText('#25번째 소식')

    // Scrolling to the end loads the next pages until the end of the feed.
    for (let i = 0; i < 6 && !(await page.getByTestId('feed-end').isVisible()); i++) {
      await page.keyboard.press('End')
      await page.waitForTimeout(300)
    }
    await expect(page.getByTestId('feed-end')).toBeVisible()
    await expect(cards).toHaveCount(25)
    const texts = await cards.allTextContents()
    expect(new Set(texts.map((t) => /#(\d+)번째/.exec(t)?.[1])).size).toBe(25)

    // Open a post deep in the feed, then come back to exactly where the reader was.
    const target = cards.nth(17)
    await target.scrollIntoViewIfNeeded()
    await page.mouse.wheel(0, 120)
    const before = await page.evaluate(() => window.scrollY)
    const cardTop = async () => (await target.boundingBox())!.y
    const topBefore = await cardTop()
    expect(before).toBeGreaterThan(1000)
    await target.locator('p').first().click()
    await expect(page).toHaveURL(/#\/detail\//)
    await expect(page.getByTestId('post-detail')).toBeVisible()
    expect(await page.evaluate(() => window.scrollY)).toBe(0)
    await page.getByRole('button', { name: '목록으로' }).click()
    await expect(page).not.toHaveURL(/#\/detail\//)
    await expect(cards).toHaveCount(25)
    // The same card is back at the same height on the screen.
    await expect.poll(async () => Math.round(await cardTop())).toBe(Math.round(topBefore))
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
    await expect(cards).toHaveCount(10)
    for (let i = 0; i < 6 && !(await page.getByTestId('feed-end').isVisible()); i++) {
      await page.keyboard.press('End')
      await page.waitForTimeout(300)
    }
    await expect(cards).toHaveCount(25)

    // First visit: read down to the 18th card and open it.
    const deep = cards.nth(17)
    await deep.scrollIntoViewIfNeeded()
    await page.mouse.wheel(0, 120)
    await page.waitForTimeout(200)
    const deepTop = (await deep.boundingBox())!.y
    await deep.locator('p').first().click()
    await expect(page.getByTestId('post-detail')).toBeVisible()

    // From the post, home again: a second visit of the feed, in a new history entry, at the top.
    await page.getByRole('link', { name: '홈' }).click()
    await expect(cards).toHaveCount(25)
    expect(await page.evaluate(() => window.scrollY)).toBe(0)
    const shallow = cards.nth(5)
    await shallow.scrollIntoViewIfNeeded()
    await page.mouse.wheel(0, 80)
    await page.waitForTimeout(200)
    const shallowTop = (await shallow.boundingBox())!.y
    await shallow.locator('p').first().click()
    await expect(page.getByTestId('post-detail')).toBeVisible()

    // Back to the second visit: its own card.
    await page.goBack()
    await expect(page.getByTestId('post-detail')).toBeHidden()
    await expect.poll(async () => Math.round((await shallow.boundingBox())!.y)).toBe(Math.round(shallowTop))
    // Back past the post to the first visit: the 18th card, not the second visit's.
    await page.goBack()
    await expect(page.getByTestId('post-detail')).toBeVisible()
    await page.goBack()
    await expect(page.getByTestId('post-detail')).toBeHidden()
    await expect(cards).toHaveCount(25)
    await expect.poll(async () => Math.round((await deep.boundingBox())!.y)).toBe(Math.round(deepTop))
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
    await expect(page.getByRole('alert')).toContainText('연결이 원활하지 않아요. 잠시 후 다시 시도해주세요')
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
