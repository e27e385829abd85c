import { format } from '../../src/shared/messages'
import { seedEmail, seedPassword } from '../support/main/seed'
import { composePost, expect, logIn, newAccount, sameStore, seededStore, signUp, test } from './fixtures'
import { makePhoto } from './photos'

test('two app copies on one store see each other: likes, comments, alerts, notifications, badge', async ({ openCopy }) => {
  const { copy: copyA, page: pageA, errors: errorsA } = await openCopy()
  const { copy: copyB, page: pageB, errors: errorsB } = await openCopy(sameStore(copyA, 'b'))
  // A writes a post and keeps it open.
  const alice = newAccount('alice')
  await pageA.goto(copyA.url)
  await signUp(pageA, alice)
  await composePost(pageA, '같이 보는 글', await makePhoto('live'))
  await expect(pageA.getByTestId('post-card')).toHaveCount(1)
  await pageA.getByTestId('post-card').locator('p').first().click()
  await expect(pageA.getByTestId('post-detail')).toBeVisible()
  const postUrl = pageA.url()
  const postId = /#\/detail\/(.+)$/.exec(postUrl)![1]!
  await expect(pageA.getByTestId('alert-badge')).toBeHidden()

  // B, in the other app copy, sees the post without anyone reloading anything, likes and comments.
  const bob = newAccount('bob')
  await pageB.goto(copyB.url)
  await signUp(pageB, bob)
  await expect(pageB.getByTestId('post-card')).toHaveCount(1)
  await pageB.getByTestId('like-button').click()
  await expect(pageB.getByTestId('heart-animation')).toBeVisible()
  await expect(pageB.getByTestId('like-count')).toHaveText('좋아요 1개')
  // The count is the renderer's at once; main has the like when A's copy is told (the order below).
  await expect.poll(async () => (await copyA.desktop()).notifications.length).toBe(1)
  await pageB.getByTestId('post-card').locator('p').first().click()
  await pageB.getByLabel('댓글을 남겨 주세요').fill('멋진 사진이에요!')
  await pageB.getByRole('button', { name: '등록' }).click()
  await expect(pageB.getByText('댓글을 남겼어요')).toBeVisible()
  await expect(pageB.getByLabel('댓글을 남겨 주세요')).toHaveValue('')

  // A's open detail and badge follow live.
  await expect(pageA.getByTestId('comment')).toContainText('멋진 사진이에요!')
  await expect(pageA.getByTestId('like-count')).toHaveText('좋아요 1개')
  await expect(pageA.getByTestId('alert-badge')).toHaveText('2')

  // A's copy showed native notifications (its window is in the background) and the tray count.
  const desktop = await copyA.desktop()
  expect(desktop.badge).toBe(2)
  expect(desktop.notifications.map((n) => [n.title, n.body, n.route])).toEqual([
    ['까치', `${bob.nickname}님이 회원님의 게시글을 좋아해요`, `/detail/${postId}`],
    // A comment's opens the post at that comment, as its row in the alerts page does.
    ['까치', format.alertComment(bob.nickname, '멋진 사진이에요!'), expect.stringMatching(new RegExp(`^/detail/${postId}\\?comment=[^&]+$`))]
  ])
  // B's own actions notify nobody in B's copy.
  expect((await copyB.desktop()).notifications).toEqual([])

  // Clicking the notification brings A to the post.
  await pageA.getByRole('link', { name: '홈' }).click()
  await expect(pageA.getByTestId('post-detail')).toBeHidden()
  await copyA.clickNotification(1)
  await expect(pageA).toHaveURL(new RegExp(`#/detail/${postId}\\?comment=`))
  await expect(pageA.getByTestId('post-detail')).toBeVisible()

  // The alerts page: both cards, delete one, delete all with a confirm, then the empty message.
  await pageA.getByRole('link', { name: /알림/ }).click()
  await expect(pageA).toHaveURL(/#\/myalert$/)
  const cards = pageA.getByTestId('alert-card')
  await expect(cards).toHaveCount(2)
  await expect(cards.first()).toContainText('댓글')
  await expect(cards.nth(1)).toContainText('좋아요')
  await cards.first().getByRole('button').click()
  await expect(cards).toHaveCount(1)
  // Opening the page read them all (decision 014): the badge counts unread alerts, not kept ones.
  await expect(pageA.getByTestId('alert-badge')).toBeHidden()
  await pageA.getByRole('button', { name: '모두 삭제' }).click()
  await expect(pageA.getByRole('alertdialog')).toContainText('알림 1개를 모두 삭제할까요?')
  await pageA.getByRole('alertdialog').getByRole('button', { name: '모두 삭제' }).click()
  await expect(pageA.getByText('아직 새 알림이 없어요')).toBeVisible()
  await expect(pageA.getByTestId('alert-badge')).toBeHidden()
  await expect.poll(async () => (await copyA.desktop()).badge).toBe(0)

  // A card opens its post.
  await pageB.getByTestId('like-button').click() // unlike
  await expect(pageB.getByTestId('like-count')).toHaveText('좋아요 0개')
  await pageB.getByTestId('like-button').click() // like again: one alert, not two
  await expect(cards).toHaveCount(1)
  await cards.first().getByTestId('alert-link').click()
  await expect(pageA).toHaveURL(postUrl)

  // A deletes the post while B is typing a comment on it: B's text stays, with what happened and a copy button.
  const typed = '지워지기 전에 쓰던\n댓글이에요'
  await pageB.getByLabel('댓글을 남겨 주세요').fill(typed)
  await pageA.getByRole('button', { name: '글 메뉴' }).click()
  await pageA.getByRole('menuitem', { name: '삭제' }).click()
  await pageA.getByRole('alertdialog').getByRole('button', { name: '삭제', exact: true }).click()
  await expect(pageB.getByRole('heading', { name: '작성자가 게시글을 삭제했어요' })).toBeFocused()
  await expect(pageB.getByTestId('kept-comment')).toHaveText(typed)
  await expect(pageB).toHaveTitle('까치 — 작성자가 게시글을 삭제했어요')
  await pageB.context().grantPermissions(['clipboard-read', 'clipboard-write'])
  await pageB.getByRole('button', { name: '댓글 복사' }).click()
  await expect(pageB.getByText('댓글을 복사했어요')).toBeVisible()
  expect(await pageB.evaluate(() => navigator.clipboard.readText())).toBe(typed)

  await pageA.goto('about:blank')
  await pageB.goto('about:blank')
  expect(errorsA).toEqual([])
  expect(errorsB).toEqual([])
})

test('logged out, liking and commenting ask to log in first and send nothing', async ({ page, harness, consoleErrors }) => {
  await page.goto(harness.url)
  await signUp(page, newAccount('solo'))
  await composePost(page, '혼자 쓴 글', await makePhoto('solo'))
  await expect(page.getByTestId('post-card')).toHaveCount(1)
  await page.getByRole('button', { name: '로그아웃' }).click()

  await page.getByTestId('like-button').click()
  await expect(page.getByText('좋아요를 누르려면 먼저 로그인해 주세요')).toBeVisible()
  await expect(page.getByTestId('like-count')).toHaveText('좋아요 0개')
  await expect(page.getByTestId('heart-animation')).toBeHidden()

  await page.getByTestId('post-card').locator('p').first().click()
  await expect(page.getByText('로그인하면 댓글을 남길 수 있어요')).toBeVisible()
  await page.getByLabel('댓글을 남겨 주세요').fill('몰래 쓰는 댓글')
  await page.getByRole('button', { name: '등록' }).click()
  await expect(page.getByText('댓글을 남기려면 먼저 로그인해 주세요')).toBeVisible()
  await expect(page.getByTestId('comment')).toHaveCount(0)

  // Logged out, the alerts page sends the reader to log in.
  await page.goto(`${harness.url}#/myalert`)
  await expect(page).toHaveURL(/#\/login$/)
  expect(consoleErrors).toEqual([])
})

test('others\' new posts arrive above the reader, who stays put; 새 글 N개 says so politely and goes to the top', async ({ openCopy }) => {
  const { copy: copyA, page: pageA, errors: errorsA } = await openCopy({ dataDir: seededStore(12) })
  const { copy: copyB, page: pageB, errors: errorsB } = await openCopy(sameStore(copyA, 'b'))
  await pageA.goto(copyA.url)
  const reading = pageA.getByTestId('post-card').filter({ hasText: '#10번째 소식' })
  await reading.scrollIntoViewIfNeeded()
  await pageA.evaluate(() => window.scrollBy(0, 40))
  const before = (await reading.boundingBox())!.y
  await expect(pageA.getByTestId('new-posts')).toHaveCount(0)

  await pageB.goto(copyB.url)
  await logIn(pageB, { email: seedEmail(2), password: seedPassword })
  await composePost(pageB, '방금 올라온 소식', await makePhoto('arrives'))

  // A is told, in a polite live region, and is not moved: the card read stays where it was.
  const notice = pageA.getByRole('status').filter({ has: pageA.getByTestId('new-posts') })
  await expect(notice).toHaveText('새 글 1개')
  expect((await reading.boundingBox())!.y).toBe(before)
  await expect(pageA.getByTestId('post-card').filter({ hasText: '방금 올라온 소식' })).not.toBeInViewport()

  // Pressed, it goes to the top, where the new post is; the focus goes to it, and the notice goes.
  await pageA.getByTestId('new-posts').click()
  await expect(pageA.getByTestId('new-posts')).toHaveCount(0)
  const newest = pageA.locator('[data-testid="post-card"][aria-posinset="1"]')
  await expect(newest).toContainText('방금 올라온 소식')
  await expect(newest).toBeFocused()
  expect(await pageA.evaluate(() => window.scrollY)).toBe(0)
  expect([...errorsA, ...errorsB]).toEqual([])
})
