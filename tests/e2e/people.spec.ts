/// <reference lib="dom" />
import type { Locator, Page } from '@playwright/test'
import { seedEmail, seedPassword } from '../support/main/seed'
import { expect, logIn, seededStore, startHarness, test } from './fixtures'

/** Its own copy of a store of `posts` posts by 3 people (seeded once per worker, see fixtures.ts). */
const seed = (posts: number): string => seededStore(posts, 3)

/** Waits until the page has stopped moving; returns the scroll position. */
async function settled(page: Page): Promise<number> {
  await page.waitForFunction(
    () =>
      new Promise<boolean>((resolve) => {
        const y = window.scrollY
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(window.scrollY === y)))
      })
  )
  return page.evaluate(() => window.scrollY)
}

/** The feed's card at place n, scrolled to (the feed keeps the cards near the screen). */
async function cardAt(page: Page, n: number): Promise<Locator> {
  const card = page.locator(`[data-testid="post-card"][aria-posinset="${n}"]`)
  await expect
    .poll(
      async () => {
        if (await card.count()) return card.scrollIntoViewIfNeeded({ timeout: 1000 }).then(() => true, () => false)
        await page.mouse.wheel(0, 800)
        return false
      },
      { timeout: 60_000, intervals: [100] }
    )
    .toBe(true)
  return card
}

const top = async (card: Locator): Promise<number> => (await card.boundingBox())!.y

test('a nickname opens the person\'s page from a card and from a comment, Back lands on the same card, and my new nickname shows on my cards', async ({ page, consoleErrors }) => {
  test.setTimeout(120_000)
  const harness = await startHarness({ dataDir: seed(30) })
  try {
    await page.goto(harness.url)
    const card = await cardAt(page, 8)
    await page.evaluate(() => window.scrollBy(0, 90))
    await settled(page)
    const before = await top(card)
    const author = (await card.getByTestId('person-link').textContent())!

    // From the card's nickname: the person's page, their face, counts and photos.
    await card.getByTestId('person-link').click()
    const person = page.getByTestId('person-page')
    await expect(person.getByRole('heading', { level: 1 })).toHaveText(author)
    await expect(page).toHaveTitle(`까치 — ${author}님의 페이지`)
    await expect(person.getByText(/함께한 지/)).toBeVisible()
    const count = Number(await page.getByTestId('person-post-count').textContent())
    expect(count).toBeGreaterThan(0)
    await expect(page.getByTestId('person-post')).toHaveCount(count)
    expect(await page.evaluate(() => window.scrollY)).toBe(0)

    // A photo opens its post; Back returns to the page.
    await page.getByTestId('person-post').nth(1).click()
    await expect(page.getByTestId('post-detail')).toBeVisible()
    await expect(page.getByTestId('post-detail').getByTestId('person-link')).toHaveText(author)
    await page.goBack()
    await expect(person).toBeVisible()

    // Back to the feed: the same card at the same height.
    await page.goBack()
    await expect(card).toBeVisible()
    await settled(page)
    expect(await top(card)).toBe(before)

    // From a comment's nickname on that card's post: the commenter's page, and Back, Back to the card.
    await card.locator('p').first().dispatchEvent('click')
    const comment = page.getByTestId('comment').first()
    const commenter = (await comment.getByTestId('person-link').textContent())!
    await comment.getByTestId('person-link').click()
    await expect(person.getByRole('heading', { level: 1 })).toHaveText(commenter)
    await page.goBack()
    await expect(page.getByTestId('post-detail')).toBeVisible()
    await page.goBack()
    await expect(card).toBeVisible()
    await settled(page)
    expect(await top(card)).toBe(before)

    // Signed in: my page from 설정, 프로필 편집, a new nickname — on my cards at once.
    await logIn(page, { email: seedEmail(1), password: seedPassword })
    await expect(page.getByText('까치1님, 안녕하세요')).toBeVisible()
    await page.getByRole('button', { name: '설정' }).click()
    await page.getByTestId('settings-my-page').click()
    await expect(person.getByRole('heading', { level: 1 })).toHaveText('까치1')
    await page.getByRole('button', { name: '프로필 편집' }).click()
    const nickname = page.getByTestId('profile-edit').getByLabel('닉네임')
    await expect(nickname).toBeFocused()
    // A look-alike of another member's name is refused on the field.
    await nickname.fill('까치2')
    await page.getByRole('button', { name: '저장하기' }).click()
    await expect(page.getByTestId('profile-edit').getByRole('alert')).toContainText('비슷해 보이는 닉네임')
    await nickname.fill('새 까치')
    await page.getByRole('button', { name: '저장하기' }).click()
    await expect(page.getByText('프로필을 바꿨어요')).toBeVisible()
    await expect(person.getByRole('heading', { level: 1 })).toHaveText('새 까치')
    await expect(page.getByRole('button', { name: '프로필 편집' })).toBeFocused()
    await page.getByRole('link', { name: '홈', exact: true }).first().click()
    const mine = page.getByTestId('post-card').filter({ has: page.getByTestId('person-link').filter({ hasText: '새 까치' }) })
    await expect(mine.first()).toBeVisible()
    await expect(page.getByTestId('person-link').filter({ hasText: /^까치1$/ })).toHaveCount(0)
    await page.goto('about:blank')
  } finally {
    await harness.stop()
  }
  expect(consoleErrors).toEqual([])
})
