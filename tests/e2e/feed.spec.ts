/// <reference lib="dom" />
import { execFileSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
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
