import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { animationsDone, composePost, expect, logIn, newAccount, sameStore, signUp, test } from './fixtures'
import { makePhoto } from './photos'

/**
 * 신고 and moderators through the harness (docs/decisions/030-reports-and-moderators.md): the first
 * account is the moderator; a member reports someone's post from its ⋯ menu; the moderator finds it
 * on the 신고 page and removes it with a reason, which the log keeps; its author, signed in meanwhile in
 * another copy of the app, reads 운영 알림 at once.
 * The dialog, the page and the notice pass axe in both schemes.
 */
const wcag = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']

async function axeBoth(page: Page, where: string): Promise<string[]> {
  const found: string[] = []
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 })
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme)
    await animationsDone(page)
    const result = await new AxeBuilder({ page }).withTags(wcag).analyze()
    found.push(...result.violations.map((v) => `${where} (${colorScheme}): ${v.id} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`))
  }
  await page.emulateMedia({ colorScheme: 'light' })
  return found
}

const logOut = async (page: Page) => {
  await page.getByRole('button', { name: '로그아웃' }).click()
  await expect(page.getByRole('link', { name: '로그인' }).first()).toBeVisible()
}

test('a report reaches the moderator, whose removal reaches the signed-in author live with its reason', async ({ page, harness, openCopy }) => {
  test.setTimeout(120_000)
  const moderator = newAccount('mod')
  const author = newAccount('author')
  const reporter = newAccount('reporter')
  await page.goto(harness.url)
  await signUp(page, moderator)
  await expect(page.getByRole('link', { name: '신고' })).toBeVisible()
  await logOut(page)
  await signUp(page, author)
  await expect(page.getByRole('link', { name: '신고' })).toHaveCount(0)
  await composePost(page, '지금 바로 연락 주세요 광고 글', await makePhoto('moderation'))
  await expect(page.getByTestId('post-card')).toHaveCount(1)
  await logOut(page)

  // The reporter: 신고 from the ⋯ beside the author's name; a reason is required.
  await signUp(page, reporter)
  await page.getByRole('button', { name: `${author.nickname}님 메뉴` }).click()
  await page.getByRole('menuitem', { name: '신고' }).click()
  const dialog = page.getByRole('dialog', { name: '신고하기' })
  await dialog.getByRole('button', { name: '신고하기' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('신고 사유를 골라 주세요')
  await dialog.getByRole('radio', { name: '스팸' }).check()
  await dialog.getByLabel('자세한 내용 (선택)').fill('광고예요')
  const found = await axeBoth(page, 'report dialog')
  await dialog.getByRole('button', { name: '신고하기' }).click()
  await expect(page.getByText('신고가 접수됐어요. 관리자가 살펴볼게요')).toBeVisible()
  await expect(dialog).toBeHidden()
  await logOut(page)

  // The author reads on in another copy of the app on this computer.
  const { copy, page: authorPage } = await openCopy(sameStore(harness, 'author'))
  await authorPage.goto(copy.url)
  await logIn(authorPage, author)
  await expect(authorPage.getByTestId('post-card')).toHaveCount(1)

  // The moderator: the 신고 page lists it without the reporter; 삭제 needs a reason.
  await logIn(page, moderator)
  await page.getByRole('link', { name: '신고' }).click()
  await expect(page.getByRole('heading', { level: 1, name: '신고' })).toBeVisible()
  const row = page.getByRole('article', { name: '게시글 신고 1건' })
  await expect(row).toContainText(`작성자 ${author.nickname}`)
  await expect(row).toContainText('스팸 · 1')
  await expect(row).toContainText('광고예요')
  await expect(row).not.toContainText(reporter.nickname)
  found.push(...(await axeBoth(page, '신고 page')))
  await row.getByRole('button', { name: '삭제' }).click()
  await row.getByRole('button', { name: '삭제' }).click()
  await expect(row.getByRole('alert')).toHaveText('삭제 사유를 입력해 주세요')
  await row.getByLabel('삭제 사유 (작성자에게 보여요)').fill('광고 글이에요')
  await row.getByRole('button', { name: '삭제' }).click()
  await expect(page.getByText('처리할 신고가 없어요')).toBeVisible()
  await page.getByRole('tab', { name: '처리 기록' }).click()
  await expect(page.getByRole('tabpanel')).toContainText(`${moderator.nickname}님이 ${author.nickname}님의 게시글을 삭제했어요`)
  await expect(page.getByRole('tabpanel')).toContainText('사유: 광고 글이에요')
  await page.getByRole('tab', { name: '관리자' }).click()
  await expect(page.getByRole('tabpanel')).toContainText('처음 만든 계정')
  found.push(...(await axeBoth(page, '신고 page (관리자)')))

  // The author, without reloading: the post is gone, and 운영 알림 says why until 확인.
  const notice = authorPage.getByRole('region', { name: '운영 알림' })
  await expect(notice).toContainText('관리자가 회원님의 게시글을 삭제했어요')
  await expect(notice).toContainText('사유: 광고 글이에요')
  await expect(authorPage.getByTestId('post-card')).toHaveCount(0)
  found.push(...(await axeBoth(authorPage, '운영 알림')))
  await notice.getByRole('button', { name: '확인' }).click()
  await expect(notice).toBeHidden()
  expect(found).toEqual([])
})
