import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { animationsDone, composePost, expect, newAccount, sameStore, signUp, test } from './fixtures'
import { makePhoto } from './photos'

/**
 * Unread and grouped alerts (docs/decisions/014-unread-alerts.md) with three app copies on one
 * data folder: Ann writes a post, Bo and Cy like it from their own copies.
 */
test('two likes are one row and one grouped notification, counted once; opening the page takes the badge to 0; delete-all says how many rows', async ({ openCopy }, testInfo) => {
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

  await expect.poll(async () => (await ann.copy.desktop()).notifications.length).toBe(2)
  // Two likes on one post are one row: the badge, the tray and its tooltip count it once.
  await expect(ann.page.getByTestId('alert-badge')).toHaveText('1')
  await expect.poll(async () => (await ann.copy.desktop()).badge).toBe(1)
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
  await expect(cards.first().getByTestId('alert-link')).toContainText('읽지 않음')
  await expect(cards.first().locator('img[srcset]')).toBeVisible()
  await expect(ann.page.getByTestId('alert-badge')).toBeHidden()
  await expect.poll(async () => (await ann.copy.desktop()).badge).toBe(0)

  // An unread row keeps WCAG AA contrast in both schemes (its tint, chip and date), read once the
  // post's toast has gone (over the page, it is the toast's contrast axe would measure).
  await expect(ann.page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 })
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
  await expect(cards.first().getByTestId('alert-link')).not.toContainText('읽지 않음')
  await expect(cards).toHaveCount(1)

  // Still read after a reload: the badge stays hidden.
  await ann.page.reload()
  await expect(cards).toHaveCount(1)
  await expect(cards.first()).toHaveAttribute('data-unread', 'false')
  await expect(ann.page.getByTestId('alert-badge')).toBeHidden()

  // Delete-all counts what is on screen: one row (of two likes).
  await ann.page.getByRole('button', { name: '모두 삭제' }).click()
  await expect(ann.page.getByRole('alertdialog')).toContainText('알림 1개를 모두 삭제할까요?')
  await ann.page.getByRole('alertdialog').getByRole('button', { name: '모두 삭제' }).click()
  await expect(ann.page.getByText('아직 새 알림이 없어요')).toBeVisible()

  for (const { page, errors } of [ann, bo, cy]) {
    await page.goto('about:blank')
    expect(errors).toEqual([])
  }
})

test('each row names its post, a comment row its newest comment; it opens the post at that comment and Back returns; 댓글 N개 opens at the comments', async ({ openCopy }) => {
  test.setTimeout(90_000)
  const ann = await openCopy()
  const bo = await openCopy(sameStore(ann.copy, 'bo'))
  await ann.page.goto(ann.copy.url)
  await signUp(ann.page, newAccount('ann'))
  await composePost(ann.page, '바다에서 찍은 첫 사진', await makePhoto('sea'))
  await composePost(ann.page, '산에서 찍은 둘째 사진', await makePhoto('hill'))
  await expect(ann.page.getByTestId('post-card')).toHaveCount(2)

  const boAccount = newAccount('bo')
  await bo.page.goto(bo.copy.url)
  await signUp(bo.page, boAccount)
  const cards = bo.page.getByTestId('post-card')
  await expect(cards).toHaveCount(2)
  for (const card of await cards.all()) {
    await card.getByTestId('like-button').click()
    await expect(card.getByTestId('like-count')).toHaveText('좋아요 1개')
  }
  await cards.filter({ hasText: '바다에서' }).locator('p').first().click()
  for (const text of ['첫 댓글이에요', '두 번째 댓글이에요\n정말 멋져요']) {
    await bo.page.getByLabel('댓글을 남겨 주세요').fill(text)
    await bo.page.getByRole('button', { name: '등록' }).click()
    await expect(bo.page.getByTestId('comment').filter({ hasText: text.split('\n')[0]! })).toBeVisible()
  }

  // Three rows (a like on each post, the comments on the first): three on the badge and the tray.
  await expect(ann.page.getByTestId('alert-badge')).toHaveText('3')
  await expect.poll(async () => (await ann.copy.desktop()).badge).toBe(3)
  await ann.page.getByRole('link', { name: /알림/ }).click()
  const rows = ann.page.getByTestId('alert-card')
  await expect(rows).toHaveCount(3)
  const liked = `${boAccount.nickname}님이 회원님의 게시글을 좋아해요`
  await expect(rows.filter({ hasText: liked }).filter({ hasText: '바다에서 찍은 첫 사진' })).toHaveCount(1)
  await expect(rows.filter({ hasText: liked }).filter({ hasText: '산에서 찍은 둘째 사진' })).toHaveCount(1)
  const commentRow = rows.filter({ hasText: `${boAccount.nickname}님이 회원님의 게시글에 댓글을 남겼어요` })
  await expect(commentRow).toContainText('“두 번째 댓글이에요 정말 멋져요”')
  await expect(commentRow).toContainText('바다에서 찍은 첫 사진')
  await ann.page.getByRole('button', { name: '모두 삭제' }).click()
  await expect(ann.page.getByRole('alertdialog')).toContainText('알림 3개를 모두 삭제할까요?')
  await ann.page.getByRole('alertdialog').getByRole('button', { name: '취소' }).click()

  // The comment row opens the post at that comment: focus and scroll land there.
  await commentRow.getByTestId('alert-link').click()
  const newest = ann.page.getByTestId('comment').filter({ hasText: '두 번째 댓글이에요' })
  await expect(newest).toBeFocused()
  await expect(newest).toBeInViewport()
  expect(await ann.page.evaluate(() => window.scrollY)).toBeGreaterThan(0)
  // Back returns to the list.
  await ann.page.goBack()
  await expect(rows).toHaveCount(3)

  // A card's 댓글 N개 opens its post at the comments.
  await ann.page.getByRole('link', { name: '홈' }).click()
  await ann.page.getByTestId('post-card').filter({ hasText: '바다에서' }).getByRole('link', { name: '댓글 2개' }).click()
  await expect(ann.page.getByRole('heading', { name: '댓글', exact: true })).toBeFocused()
  await expect(ann.page.getByRole('heading', { name: '댓글', exact: true })).toBeInViewport()

  for (const { page, errors } of [ann, bo]) {
    await page.goto('about:blank')
    expect(errors).toEqual([])
  }
})
