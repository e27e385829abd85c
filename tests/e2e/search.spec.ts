import type { ShellRecording } from '../../src/harness/harness-shell'
import { seedEmail, seedPassword } from '../support/main/seed'
import { expect, logIn, seededStore, startHarness, test, watchConsole } from './fixtures'

/** A store of `posts` posts (tests/support/main/seed.ts): post k (from 1, oldest) ends "#k번째 소식"; every 8th from the first is about a 빵집. */
const seed = (posts: number): string => seededStore(posts, 4)

test('search from the top bar finds every post as one types, marks the words, opens posts, a hashtag page, and links open outside', async ({ page }) => {
  test.setTimeout(120_000)
  const harness = await startHarness({ dataDir: seed(45) })
  const errors = watchConsole(page)
  try {
    await page.goto(harness.url)
    await logIn(page, { email: seedEmail(1), password: seedPassword })
    await expect(page.getByTestId('post-card').first()).toBeVisible()

    // Ctrl+K, then letters one by one: an answer for each pause, the last one shown (the feed read one page of 45).
    await page.keyboard.press('Control+k')
    const field = page.getByRole('searchbox', { name: '글, 사람, #태그 검색' })
    await expect(field).toBeFocused()
    await field.pressSequentially('빵집', { delay: 60 })
    const panel = page.getByRole('region', { name: '검색 결과' })
    await expect(panel.getByTestId('search-status')).toHaveText('글 6개, 사람 0명')
    await expect(panel.getByTestId('search-post')).toHaveCount(6)
    await expect(panel.getByTestId('search-post').first().locator('mark')).toHaveText('빵집')
    // The same words in another Unicode form, and a short word, found and marked the same way.
    await field.fill('빵집'.normalize('NFD'))
    await expect(panel.getByTestId('search-post').first().locator('mark')).toHaveText('빵집')
    await expect(panel.getByTestId('search-status')).toHaveText('글 6개, 사람 0명')

    // People by nickname: names and photos, no email, linked to their page.
    await field.fill('까치')
    await expect(panel.getByTestId('search-person')).toHaveCount(4)
    await expect(panel.getByTestId('search-person').first()).toHaveAttribute('href', /#\/people\//)
    await expect(panel).not.toContainText('@')

    // ↓ moves into the results, Escape comes back to the field and closes them.
    await field.press('ArrowDown')
    await expect(panel.getByTestId('search-person').first()).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(field).toBeFocused()
    await expect(panel).toHaveCount(0)

    // A hashtag as it is typed, then its page: the oldest post, never loaded by the feed.
    await field.fill('#1번째')
    await expect(panel.getByTestId('search-post')).toHaveCount(1)
    await panel.getByRole('link', { name: '#1번째 글 모아 보기' }).click()
    await expect(page).toHaveURL(/#\/tags\/1%EB%B2%88%EC%A7%B8$/)
    await expect(page.getByRole('heading', { level: 1, name: '#1번째' })).toBeVisible()
    await expect(page).toHaveTitle('까치 — #1번째')
    const row = page.getByTestId('search-post')
    await expect(row).toHaveCount(1)
    await expect(row.locator('mark')).toHaveText('#1번째')

    // Opening it, the post's own hashtag is a link; a comment's web link opens in the system browser, shown as its host.
    await row.click()
    await expect(page.getByTestId('post-detail')).toBeVisible()
    await expect(page.getByTestId('post-detail').getByRole('link', { name: '#1번째' })).toHaveAttribute('href', /#\/tags\//)
    await page.getByLabel('댓글을 남겨 주세요').fill('여기 참고하세요 https://example.com/guide?q=1. #봄나들이')
    await page.getByRole('button', { name: '등록' }).click()
    const comment = page.getByTestId('comment').last()
    const link = comment.getByRole('link', { name: 'example.com (브라우저에서 열려요)' })
    await expect(link).toHaveText('example.com ↗')
    await link.click()
    const shell = async () =>
      (await (await fetch(`${harness.origin}/__harness/shell?token=${harness.token}`, { signal: AbortSignal.timeout(10_000) })).json()) as ShellRecording
    await expect.poll(async () => (await shell()).links).toEqual(['https://example.com/guide?q=1'])
    await expect(page.getByTestId('post-detail')).toBeVisible()
    await expect(comment.getByRole('link', { name: '#봄나들이' })).toHaveAttribute('href', /#\/tags\/%EB%B4%84/)

    // 목록으로 returns to the hashtag page, the focus on the row that was opened.
    await page.getByRole('button', { name: '목록으로' }).click()
    await expect(page.getByRole('heading', { level: 1, name: '#1번째' })).toBeVisible()
    await expect(row).toBeFocused()

    // The feed's own find (Ctrl/Cmd+F) stays, with a button.
    await page.getByRole('link', { name: '홈' }).click()
    await page.getByRole('button', { name: /불러온 글에서 찾기/ }).click()
    await expect(page.getByRole('searchbox', { name: '불러온 글에서 찾기' })).toBeFocused()
    expect(errors).toEqual([])
  } finally {
  await page.goto('about:blank')
    await harness.stop()
  }
})
