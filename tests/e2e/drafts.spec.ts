import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { animationsDone, expect, newAccount, signUp, startHarness, test } from './fixtures'
import { makePhoto } from './photos'

/**
 * 임시 저장한 글 (docs/decisions/039-drafts.md), end to end in one walk on one harness: kept from
 * the editor, listed with its photo, text and time, still there after a restart, continued and
 * posted (then gone), deleted only when confirmed; kept by leaving a changed editor (the leave
 * prompt) and found from the feed's 글쓰기 area; axe on the list and the prompt in both schemes.
 */

const wcag = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice', 'experimental']

async function axe(page: Page, where: string): Promise<string[]> {
  await animationsDone(page)
  const result = await new AxeBuilder({ page }).withTags(wcag).exclude('[data-sonner-toaster]').analyze()
  return result.violations.map((v) => `${where}: ${v.id} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

test('a draft is kept, listed, survives a restart, is continued and posted; deleting one asks first', async ({ page, harness, consoleErrors }, testInfo) => {
  // One walk on one harness (a restart, two axe passes per scheme, sixteen screenshots) rather than a harness per step.
  test.setTimeout(120_000)
  await page.emulateMedia({ reducedMotion: 'reduce' })
  const writer = newAccount('drafter')
  await page.goto(harness.url)
  await signUp(page, writer)

  // Written, with a described photo, and kept with 임시 저장.
  await page.getByRole('button', { name: '글쓰기' }).click()
  await page.getByTestId('post-image-input').setInputFiles(await makePhoto('draft', { width: 900, height: 600, hue: 30 }))
  await expect(page.getByTestId('editor-preview').locator('img[srcset]')).toBeVisible()
  await page.getByLabel('사진 1 · 사진 설명').fill('노을 진 바다')
  await page.getByLabel('글 내용').fill('바닷가에서 쓰다 만 글, 내일 마저 써야지')
  await page.getByText('텍스트 왼쪽', { exact: true }).click()
  await page.getByRole('button', { name: '임시 저장' }).click()
  await expect(page.getByText('임시 저장했어요. 임시 저장한 글에서 이어 쓸 수 있어요')).toBeVisible()
  await expect(page).toHaveURL(/#\/drafts$/)
  await expect(page.getByRole('heading', { level: 1, name: '임시 저장한 글' })).toBeVisible()
  // A second one, text only, from the list's own 글쓰기.
  await page.getByRole('main').getByRole('link', { name: '글쓰기' }).click()
  await expect(page.getByLabel('글 내용')).toHaveValue('')
  await page.getByLabel('글 내용').fill('사진 없이 적어 둔 생각')
  await page.getByRole('button', { name: '임시 저장' }).click()
  const rows = page.getByRole('main').getByRole('listitem')
  await expect(rows).toHaveCount(2)
  await expect(rows.first()).toContainText('사진 없이 적어 둔 생각')
  await expect(rows.nth(1)).toContainText('바닷가에서 쓰다 만 글')
  await expect(rows.nth(1)).toContainText('사진 1장')
  await expect(rows.nth(1).getByRole('img', { name: '노을 진 바다' })).toBeVisible()
  await expect(rows.nth(1).locator('time')).toBeVisible()

  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' })
    await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme)
    expect(await axe(page, `drafts (${colorScheme})`)).toEqual([])
    for (const width of [900, 1280]) {
      await page.setViewportSize({ width, height: 760 })
      await page.screenshot({ path: testInfo.outputPath(`drafts-${colorScheme}-${width}.png`) })
    }
  }
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' })

  // Magpie quits and starts again: the drafts are in the store. (The page leaves first, as the window closes with the app.)
  await page.goto('about:blank')
  await harness.stop()
  const again = await startHarness({ dataDir: harness.dataDir, profileDir: harness.profileDir })
  try {
    await page.goto(`${again.url}#/drafts`)
    await expect(rows).toHaveCount(2)

    // Continued: the editor holds its text, layout, photo and 사진 설명; posted, it leaves the list.
    await rows.nth(1).getByRole('button', { name: '이어 쓰기' }).click()
    await expect(page).toHaveURL(/#\/write\/new$/)
    await expect(page.getByLabel('글 내용')).toHaveValue('바닷가에서 쓰다 만 글, 내일 마저 써야지')
    await expect(page.getByLabel('사진 1 · 사진 설명')).toHaveValue('노을 진 바다')
    await expect(page.getByRole('radio', { name: '텍스트 왼쪽' })).toBeChecked()
    await expect(page.getByRole('link', { name: '임시 저장한 글 2개' })).toBeVisible()
    await page.screenshot({ path: testInfo.outputPath('editor-continued.png') })
    await page.getByRole('button', { name: '올리기' }).click()
    await expect(page.getByText('게시글을 올렸어요').first()).toBeVisible()
    await expect(page.getByTestId('post-card').first()).toContainText('바닷가에서 쓰다 만 글')

    await page.getByRole('button', { name: '글쓰기' }).click()
    await page.getByRole('link', { name: '임시 저장한 글 1개' }).click()
    await expect(rows).toHaveCount(1)
    // Deleting asks first: 취소 keeps it, 삭제하기 removes it.
    await rows.first().getByRole('button', { name: '삭제하기' }).click()
    const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'))
    await expect(dialog).toContainText('이 임시 저장한 글을 삭제할까요?')
    await dialog.getByRole('button', { name: '취소' }).click()
    await expect(rows).toHaveCount(1)
    await rows.first().getByRole('button', { name: '삭제하기' }).click()
    await dialog.getByRole('button', { name: '삭제하기' }).click()
    await expect(page.getByText('임시 저장한 글이 없어요')).toBeVisible()
    await expect(rows).toHaveCount(0)

    // Leaving a changed editor by the top bar's link asks first (axe on the question in both
    // schemes); 임시 저장 keeps the writing and goes where the link went: the feed, whose
    // 글쓰기 area now links to the draft.
    await page.getByRole('main').getByRole('link', { name: '글쓰기' }).click()
    await page.getByLabel('글 내용').fill('나가다가 임시 저장한 글')
    await page.getByRole('banner').getByRole('link', { name: '홈' }).click()
    const leave = page.getByRole('alertdialog', { name: '쓰던 글을 임시 저장할까요?' })
    await expect(leave.getByRole('button', { name: '계속 쓰기' })).toBeFocused()
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' })
      await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme)
      expect(await axe(page, `leave prompt (${colorScheme})`)).toEqual([])
      for (const width of [900, 1280]) {
        await page.setViewportSize({ width, height: 760 })
        await page.screenshot({ path: testInfo.outputPath(`leave-prompt-${colorScheme}-${width}.png`) })
      }
    }
    await leave.getByRole('button', { name: '임시 저장' }).click()
    await expect(page).toHaveURL(/#\/$/)
    const draftsLink = page.getByRole('link', { name: '임시 저장한 글 1개' })
    await expect(draftsLink).toBeVisible()
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' })
      await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme)
      for (const width of [900, 1280]) {
        await page.setViewportSize({ width, height: 760 })
        await page.screenshot({ path: testInfo.outputPath(`feed-drafts-link-${colorScheme}-${width}.png`) })
      }
    }
    await draftsLink.click()
    await expect(rows).toHaveCount(1)
    await expect(rows.first()).toContainText('나가다가 임시 저장한 글')
  } finally {
    await again.stop()
  }
  expect(consoleErrors).toEqual([])
})
