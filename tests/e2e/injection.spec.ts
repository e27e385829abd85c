/// <reference lib="dom" />
import { format } from '../../src/shared/messages'
import { excerpt } from '../../src/main/core/excerpt'
import { composePost, expect, sameStore, signUp, test } from './fixtures'
import { makePhoto } from './photos'

const payload = `<img src=x onerror="window.__pwned=1;alert(1)"><script>window.__pwned=1</script>'); DROP TABLE posts;--`
const nickname = `<img src=x>`

test('HTML, script and SQL in posts, comments and nicknames stay inert text everywhere', async ({ openCopy }) => {
  const { copy: copyA, page: pageA, errors: errorsA } = await openCopy()
  const { copy: copyB, page: pageB } = await openCopy(sameStore(copyA, 'b'))
  const dialogs: string[] = []
  for (const page of [pageA, pageB]) page.on('dialog', (dialog) => void dialog.dismiss().then(() => dialogs.push(dialog.message())))
  await pageA.goto(copyA.url)
  await signUp(pageA, { email: 'target@example.com', nickname: '평범한사람', password: 'target-pass' })
  await composePost(pageA, payload, await makePhoto('inject'))
  await expect(pageA.getByTestId('post-card')).toHaveCount(1)

  await pageB.goto(copyB.url)
  await signUp(pageB, { email: 'attacker@example.com', nickname, password: 'attack-pass' })
  await expect(pageB.getByText(`${nickname}님, 안녕하세요`)).toBeVisible()
  await pageB.getByTestId('post-card').locator('p').first().click()
  await pageB.getByLabel('댓글을 남겨 주세요').fill(payload)
  await pageB.getByRole('button', { name: '등록' }).click()
  await expect(pageB.getByTestId('comment')).toHaveCount(1)

  // The victim's copy shows all of it as the characters that were typed.
  await pageA.getByTestId('post-card').locator('p').first().click()
  await expect(pageA.getByTestId('post-detail').locator('p').first()).toHaveText(payload)
  await expect(pageA.getByTestId('comment')).toContainText(payload)
  await expect(pageA.getByTestId('comment')).toContainText(nickname)
  await pageA.getByRole('link', { name: /알림/ }).click()
  await expect(pageA.getByTestId('alert-card')).toContainText(format.alertComment(nickname))
  await expect(pageA.getByTestId('alert-card')).toContainText(`“${excerpt(payload)}”`)
  await expect(pageA.getByTestId('alert-card')).toContainText(excerpt(payload))

  // The native notification carries the same plain text.
  const { notifications } = await copyA.desktop()
  expect(notifications.map((n) => n.body)).toEqual([format.alertComment(nickname, excerpt(payload))])

  // Nothing ran, no dialog opened, and the store still has its post.
  for (const page of [pageA, pageB]) {
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined()
    expect(await page.locator('script:not([src])').count()).toBe(0)
  }
  expect(dialogs).toEqual([])
  await pageA.getByRole('link', { name: '홈' }).click()
  await expect(pageA.getByTestId('post-card')).toHaveCount(1)
  await pageA.goto('about:blank')
  await pageB.goto('about:blank')
  expect(errorsA).toEqual([])
})
