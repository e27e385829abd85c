import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { animationsDone, expect, newAccount, seededStore, signUp, startHarness, test } from './fixtures'

/**
 * 저장한 글 (docs/decisions/038-bookmarks.md), end to end in one walk on one seeded store: saved
 * from the feed's ⋯ menu and by Ctrl+S on a post's page, listed last saved first, unsaved from the
 * list, still saved after a restart; axe on the page, empty and full, in both schemes.
 */

const wcag = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice', 'experimental']

async function axe(page: Page, where: string): Promise<string[]> {
  await animationsDone(page)
  const result = await new AxeBuilder({ page }).withTags(wcag).exclude('[data-sonner-toaster]').analyze()
  return result.violations.map((v) => `${where}: ${v.id} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

/** Axe in both schemes (at 1280 px, where the cards sit two across), and what the page looks like at 900 and 1280 px in each. */
async function lookAt(page: Page, name: string, shot: (file: string) => string): Promise<string[]> {
  const found: string[] = []
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' })
    await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme)
    for (const width of [900, 1280]) {
      await page.setViewportSize({ width, height: 800 })
      if (width === 1280) found.push(...(await axe(page, `${name} (${colorScheme})`)))
      await page.screenshot({ path: shot(`${name}-${colorScheme}-${width}.png`) })
    }
  }
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' })
  return found
}

const savedToast = '글을 저장했어요. 저장한 글에서 다시 볼 수 있어요'

test('saved from the ⋯ menu and by Ctrl+S, listed last saved first, unsaved from the list, kept across a restart', async ({ page, consoleErrors }, testInfo) => {
  // One walk with a restart, and axe and screenshots of four looks in both schemes.
  test.setTimeout(120_000)
  const shot = (file: string) => testInfo.outputPath(file)
  const harness = await startHarness({ dataDir: seededStore(6, 3) })
  let again: Awaited<ReturnType<typeof startHarness>> | null = null
  try {
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await page.goto(harness.url)
    await signUp(page, newAccount('saver'))

    // Nothing saved yet: the page says how to fill it.
    await page.getByTestId('saved-link').click()
    await expect(page).toHaveURL(/#\/saved$/)
    await expect(page.getByRole('heading', { level: 1, name: '저장한 글' })).toBeVisible()
    await expect(page.getByRole('heading', { name: '아직 저장한 글이 없어요' })).toBeVisible()
    expect(await lookAt(page, 'saved-empty', shot)).toEqual([])
    await page.getByRole('link', { name: '피드 둘러보기' }).click()

    // From the feed's ⋯ menu: the first card, then the second.
    const cards = page.getByTestId('post-card')
    const ids: string[] = []
    for (const n of [0, 1]) {
      const card = cards.nth(n)
      ids.push((await card.getAttribute('data-post-id'))!)
      await card.getByTestId('post-menu').click()
      await card.getByRole('menuitem', { name: '저장' }).click()
      await expect(page.getByText(savedToast).first()).toBeVisible()
      await expect(card.getByTestId('post-menu')).toBeFocused()
    }
    // The second card's menu now offers 저장 취소 (shown here in both schemes and widths).
    await cards.nth(1).getByTestId('post-menu').click()
    await expect(cards.nth(1).getByRole('menuitem', { name: '저장 취소' })).toBeFocused()
    expect(await lookAt(page, 'post-menu', shot)).toEqual([])
    await page.keyboard.press('Escape')

    // By the key on a post's page: the third post.
    const third = cards.nth(2)
    ids.push((await third.getAttribute('data-post-id'))!)
    await third.locator(`a[href="#/detail/${ids[2]}"]`).first().click()
    await expect(page.getByTestId('post-detail')).toBeVisible()
    await page.keyboard.press('Control+s')
    await expect(page.getByText(savedToast).first()).toBeVisible()
    await page.getByTestId('post-detail').getByTestId('post-menu').click()
    await expect(page.getByRole('menuitem', { name: '저장 취소' })).toBeVisible()
    await page.keyboard.press('Escape')

    // The list: last saved first, each linking to its post.
    await page.getByTestId('saved-link').click()
    const saved = page.getByTestId('saved-post')
    await expect(saved).toHaveCount(3)
    expect(await saved.evaluateAll((rows) => rows.map((row) => row.getAttribute('data-post-id')))).toEqual([ids[2], ids[1], ids[0]])
    await expect(saved.first().locator(`a[href="#/detail/${ids[2]}"]`).first()).toBeVisible()
    expect(await lookAt(page, 'saved', shot)).toEqual([])

    // 저장 취소 from the list: the card stays, to save again, until the page is read again.
    await saved.first().getByRole('button', { name: '저장 취소' }).click()
    await expect(saved.first().getByRole('button', { name: '다시 저장' })).toBeVisible()
    await expect(page.getByText('저장을 취소했어요').first()).toBeVisible()
    // Quieter, still readable: axe on the card as it is now, in both schemes.
    expect(await lookAt(page, 'saved-undone', shot)).toEqual([])

    // Magpie quits and starts again: the saves are in the store.
    await page.goto('about:blank')
    await harness.stop()
    again = await startHarness({ dataDir: harness.dataDir, profileDir: harness.profileDir })
    await page.goto(`${again.url}#/saved`)
    await expect(saved).toHaveCount(2)
    expect(await saved.evaluateAll((rows) => rows.map((row) => row.getAttribute('data-post-id')))).toEqual([ids[1], ids[0]])
    // Opened from the list, the post's menu says it is saved.
    await saved.first().locator('a[href^="#/detail/"]').first().click()
    await page.getByTestId('post-detail').getByTestId('post-menu').click()
    await expect(page.getByRole('menuitem', { name: '저장 취소' })).toBeVisible()
  } finally {
    await (again ?? harness).stop()
  }
  expect(consoleErrors).toEqual([])
})
