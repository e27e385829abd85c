/// <reference lib="dom" />
import { execFileSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { routeFromLink } from '../../src/shared/deep-link'
import { messages } from '../../src/shared/messages'
import { expect, startHarness, test } from './fixtures'

test.use({ permissions: ['clipboard-read', 'clipboard-write'] })

test('링크 복사 on a post puts its magpie:// link on the clipboard and says so', async ({ page, consoleErrors }) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'magpie-link-'))
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/seed.ts', '--posts', '3', '--users', '2', '--data', dataDir])
  const harness = await startHarness({ dataDir })
  try {
    await page.goto(harness.url)
    await page.getByTestId('post-card').first().locator('a[href*="detail/"]').first().click()
    await expect(page.getByTestId('post-detail')).toBeVisible()
    const postId = /#\/detail\/([^/?#]+)$/.exec(page.url())?.[1]
    expect(postId).toBeTruthy()

    await page.getByRole('button', { name: messages.copyLink }).click()
    await expect(page.getByText(messages.linkCopied)).toBeVisible()
    const copied = await page.evaluate(() => navigator.clipboard.readText())
    expect(copied).toBe(`magpie://detail/${postId}`)
    // The link opens this very post when the OS hands it to Magpie.
    expect(routeFromLink(copied)).toBe(`/detail/${decodeURIComponent(postId!)}`)
    expect(consoleErrors).toEqual([])
  } finally {
    await harness.stop()
  }
})
