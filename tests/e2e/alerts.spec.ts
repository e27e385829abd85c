import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { animationsDone, composePost, expect, newAccount, sameStore, signUp, test } from './fixtures'
import { makePhoto } from './photos'

/**
 * Unread and grouped alerts (docs/decisions/014-unread-alerts.md) with three app copies on one
 * data folder: Ann writes a post, Bo and Cy like it from their own copies.
 */
test('two likes are one row and one grouped notification; opening the page takes the badge to 0; delete-all says how many', async ({ openCopy }, testInfo) => {
  // Three app copies and two axe scans: slow on a loaded machine, never timed.
  test.setTimeout(120_000)
  const like = async (page: Page) => {
    await expect(page.getByTestId('post-card')).toHaveCount(1)
    await page.getByTestId('like-button').click()
    await expect(page.getByTestId('like-count')).not.toHaveText('좋아요 0개')
  }
  const ann = await openCopy()
  const bo = await openCopy(sameStore(ann.copy, 'bo'))
  const cy = await openCopy(sameStore(ann.copy, 'cy'))
  const annAccount = newAccount('ann')
  await ann.page.goto(ann.copy.url)
  await signUp(ann.page, annAccount)
  await composePost(ann.page, '좋아요를 모아 보는 글', await makePhoto('alerts'))
  await expect(ann.page.getByTestId('post-card')).toHaveCount(1)

  // Both readers are signed up first: their likes then come well inside one grouping window (a minute).
  const boAccount = newAccount('bo')
  await bo.page.goto(bo.copy.url)
  await signUp(bo.page, boAccount)
  const cyAccount = newAccount('cy')
  await cy.page.goto(cy.copy.url)
  await signUp(cy.page, cyAccount)

  await like(bo.page)
  // The first like pops a notification in Ann's copy (its window is in the background).
  await expect.poll(async () => (await ann.copy.desktop()).notifications.length).toBe(1)
  await like(cy.page)

  // Two unread alerts on the badge, the tray and its tooltip's count.
  await expect(ann.page.getByTestId('alert-badge')).toHaveText('2')
  await expect.poll(async () => (await ann.copy.desktop()).badge).toBe(2)
  // The second like updates the first notification's text: grouped, newest actor named.
  const notifications = (await ann.copy.desktop()).notifications
  expect(notifications.map((n) => n.body)).toEqual([
    `${boAccount.nickname}님이 회원님의 게시글을 좋아해요`,
    `${cyAccount.nickname}님 외 1명이 회원님의 게시글을 좋아해요`
  ])
  // …and replaces it on screen (same tag, an update), so the person sees one notification.
  const tag = notifications[0]!.tag
  expect(tag).toBeTruthy()
  expect(notifications.map((n) => [n.tag, n.update])).toEqual([
    [tag, false],
    [tag, true]
  ])

  // Opening the alerts page: one row for both likes, new, and the badge falls to 0 everywhere.
  await ann.page.getByRole('link', { name: /알림/ }).click()
  const cards = ann.page.getByTestId('alert-card')
  await expect(cards).toHaveCount(1)
  await expect(cards.first()).toContainText(`${cyAccount.nickname}님 외 1명이 회원님의 게시글을 좋아해요`)
  await expect(cards.first()).toHaveAttribute('data-unread', 'true')
  await expect(cards.first().getByRole('link')).toContainText('읽지 않음')
  await expect(cards.first().locator('img[srcset]')).toBeVisible()
  await expect(ann.page.getByTestId('alert-badge')).toBeHidden()
  await expect.poll(async () => (await ann.copy.desktop()).badge).toBe(0)

  // An unread row keeps WCAG AA contrast in both schemes (its tint, chip and date).
  for (const scheme of ['light', 'dark'] as const) {
    await ann.page.emulateMedia({ colorScheme: scheme })
    await expect(ann.page.locator('html')).toHaveAttribute('data-theme', scheme)
    // The scheme's colours ease in on some controls: axe reads them once drawn.
    await animationsDone(ann.page)
    await ann.page.screenshot({ path: testInfo.outputPath(`alerts-${scheme}.png`) })
    const axe = await new AxeBuilder({ page: ann.page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze()
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${scheme}: ${v.id}`)).toEqual([])
  }
  await ann.page.emulateMedia({ colorScheme: 'light' })

  // 모두 읽음 ends this visit's "new" marks; the row stays listed.
  await ann.page.getByRole('button', { name: '모두 읽음' }).click()
  await expect(cards.first()).toHaveAttribute('data-unread', 'false')
  await expect(cards.first().getByRole('link')).not.toContainText('읽지 않음')
  await expect(cards).toHaveCount(1)

  // Still read after a reload: the badge stays hidden.
  await ann.page.reload()
  await expect(cards).toHaveCount(1)
  await expect(cards.first()).toHaveAttribute('data-unread', 'false')
  await expect(ann.page.getByTestId('alert-badge')).toBeHidden()

  // Delete-all says how many alerts go: two, though they are one row.
  await ann.page.getByRole('button', { name: '모두 삭제' }).click()
  await expect(ann.page.getByRole('alertdialog')).toContainText('알림 2개를 모두 삭제할까요?')
  await ann.page.getByRole('alertdialog').getByRole('button', { name: '모두 삭제' }).click()
  await expect(ann.page.getByText('아직 새 알림이 없어요')).toBeVisible()

  for (const { page, errors } of [ann, bo, cy]) {
    await page.goto('about:blank')
    expect(errors).toEqual([])
  }
})
