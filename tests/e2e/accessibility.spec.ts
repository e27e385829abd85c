import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { invitationLink } from '../../src/shared/invitation-link'
import { format } from '../../src/shared/messages'
import { kkachiCommunity } from '../support/community-config'
import { animationsDone, composePost, expect, newAccount, signUp, test } from './fixtures'
import { makePhoto } from './photos'

/**
 * axe-core over every screen, signed in and out, in the light and the dark scheme: no violation
 * at all of WCAG 2.2 A/AA (contrast included), axe's best practices or its experimental rules
 * (label-content-name-mismatch among them: a name holds the words a control shows).
 */

const wcag = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice', 'experimental']


/**
 * A screen is scanned once its toasts are gone too: a toast that starts to fade out during
 * the scan is read half-transparent. Toasts get a scan of their own while shown (toastViolations).
 */
async function violations(page: Page, where: string): Promise<string[]> {
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 })
  await animationsDone(page)
  return listed(where, await new AxeBuilder({ page }).withTags(wcag).analyze())
}

/** The toast on screen, fully shown, scanned alone; held under the pointer (sonner then keeps it) however long the scan takes. */
async function toastViolations(page: Page, where: string): Promise<string[]> {
  const toast = page.locator('[data-sonner-toast]')
  await expect(toast).toHaveCount(1)
  await toast.hover()
  await animationsDone(page)
  const found = listed(where, await new AxeBuilder({ page }).withTags(wcag).include('[data-sonner-toaster]').analyze())
  await page.mouse.move(0, 0)
  return found
}

function listed(where: string, result: Awaited<ReturnType<AxeBuilder['analyze']>>): string[] {
  return result.violations
    .map((v) => `${where}: ${v.id} (${v.impact}) — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`)
}

async function writePost(page: Page, text: string): Promise<string> {
  await composePost(page, text, await makePhoto('a11y', { width: 800, height: 533 }))
  await expect(page).toHaveURL(/#\/$/)
  const link = page.locator('a[href*="detail/"]').first()
  await expect(link).toBeVisible()
  const href = (await link.getAttribute('href'))!
  return href.slice(href.indexOf('detail/') + 'detail/'.length)
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`every screen passes axe in the ${colorScheme} scheme, signed in and out`, async ({ page, harness, consoleErrors }) => {
    test.setTimeout(180_000)
    void consoleErrors
    await page.emulateMedia({ colorScheme })
    await page.goto(harness.url)
    // The scheme follows the OS when nothing was chosen in 설정.
    await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme)

    const found: string[] = []
    const visit = async (hash: string, name: string, ready: () => Promise<void>) => {
      await page.evaluate((h) => (window.location.hash = h), hash)
      await ready()
      found.push(...(await violations(page, name)))
    }
    // A screen is ready when its title is the window's and its h1 is drawn: while a screen's code
    // loads, the last screen stays up, h1 and all.
    const titled = (title: string) => async () => {
      await expect(page).toHaveTitle(`까치 — ${title}`)
      await expect(page.locator('h1')).toHaveCount(1)
      await expect(page.locator('h1')).toBeVisible()
    }

    // Signed out.
    await visit('#/', 'feed (signed out)', titled('홈'))
    await visit('#/login', 'login', titled('로그인'))
    await visit('#/signup', 'sign-up', titled('회원가입'))
    await visit('#/no-such-page', 'not found', titled('페이지를 찾을 수 없어요'))
    await visit('#/join', 'invitation (none held)', titled('커뮤니티 초대'))
    await harness.openLink(invitationLink(kkachiCommunity))
    await expect(page.getByRole('heading', { name: format.invitationAsk(kkachiCommunity.projectId) })).toBeFocused()
    found.push(...(await violations(page, 'invitation (asking)')))
    await page.getByRole('button', { name: '취소' }).click()
    await visit('#/', 'feed again', titled('홈'))
    await page.getByRole('button', { name: '설정' }).click()
    await expect(page.getByRole('dialog', { name: '설정' })).toBeVisible()
    found.push(...(await violations(page, 'settings dialog (signed out)')))
    await page.keyboard.press('Escape')

    // Signed in, with a post of one's own (edit link, comments, likes).
    const account = newAccount('a11y')
    await signUp(page, account)
    const postId = await writePost(page, '접근성을 확인하는 글이에요 😀\n두 번째 줄. #접근성 https://example.com/guide')
    await visit('#/', 'feed (signed in)', titled('홈'))
    await visit(`#/detail/${postId}`, 'detail', async () => {
      await expect(page.getByTestId('post-detail')).toBeVisible()
      await page.getByLabel('댓글을 남겨 주세요').fill('좋은 글이에요')
      await page.getByRole('button', { name: '등록' }).click()
      await expect(page.getByTestId('comment')).toHaveCount(1)
      found.push(...(await toastViolations(page, 'toast (comment added)')))
      // 이 게시글 알림 끄기: so 설정 → 알림 lists a muted post below.
      await page.getByRole('button', { name: '이 게시글 알림 끄기' }).click()
      await expect(page.getByRole('button', { name: '이 게시글 알림 켜기' })).toBeVisible()
      // The photo viewer over the post.
      await page.getByRole('button', { name: '사진 크게 보기' }).click()
      await expect(page.getByRole('dialog', { name: '사진 보기' })).toBeVisible()
      found.push(...(await violations(page, 'photo viewer')))
      await page.keyboard.press('Escape')
      await expect(page.getByRole('dialog', { name: '사진 보기' })).toBeHidden()
    })
    // Search: the results under the top bar's field (a tag's link, people, posts), and a hashtag's page.
    await page.keyboard.press('Control+k')
    await page.getByRole('searchbox', { name: '글, 사람, #태그 검색' }).fill('#접근')
    await expect(page.getByTestId('search-post')).toHaveCount(1)
    found.push(...(await violations(page, 'search results')))
    await page.getByRole('searchbox', { name: '글, 사람, #태그 검색' }).fill('a11y')
    await expect(page.getByTestId('search-person')).toHaveCount(1)
    found.push(...(await violations(page, 'search results (people)')))
    await page.keyboard.press('Escape')
    await visit(`#/tags/${encodeURIComponent('접근성')}`, 'hashtag page', titled('#접근성'))
    await visit('#/write/new', 'editor (new)', titled('게시글 작성'))
    // The editor with several photos (one so small it is warned about, one described), then that post's page and its carousel.
    const photos = [await makePhoto('a11y-1', { width: 800, height: 533, hue: 30 }), await makePhoto('a11y-2', { width: 640, height: 900, hue: 150 }), await makePhoto('a11y-tiny', { width: 150, height: 100 })]
    await page.getByTestId('post-image-input').setInputFiles(photos)
    await expect(page.getByTestId('photo-item').locator('img[srcset]')).toHaveCount(3)
    await expect(page.getByTestId('photo-small')).toHaveCount(1)
    await page.getByLabel('사진 1 · 사진 설명').fill('노을 진 언덕')
    found.push(...(await violations(page, 'editor (several photos)')))
    await page.getByLabel('글 내용').fill('세 장의 사진')
    await page.getByRole('button', { name: '올리기' }).click()
    await expect(page.getByTestId('photo-count').first()).toHaveText('1/3')
    // Its toast first, so the scan waits for it to go rather than meeting it on its way in.
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(1)
    found.push(...(await violations(page, 'feed (a card with several photos)')))
    const severalHref = (await page.locator('a[href*="detail/"]').first().getAttribute('href'))!
    await visit(severalHref.slice(severalHref.indexOf('#')), 'detail (several photos)', async () => {
      await expect(page.getByTestId('photo-carousel')).toBeVisible()
      await page.getByTestId('photo-carousel').getByRole('button', { name: '다음 사진' }).click()
      await expect(page.getByTestId('photo-carousel').getByRole('button', { name: '사진 2' })).toHaveAttribute('aria-current', 'true')
      // The post's own actions laid out in full (this post's 알림 끄기 arrives after the page).
      await expect(page.getByRole('button', { name: '이 게시글 알림 끄기' })).toBeVisible()
    })
    await visit(`#/write/${postId}`, 'editor (edit)', titled('게시글 수정'))
    await visit('#/myalert', 'alerts', titled('알림'))
    // The first account is this store's moderator: the 신고 page and its tabs (decision 030).
    await visit('#/reports', '신고', titled('신고'))
    await page.getByRole('tab', { name: '관리자' }).click()
    await expect(page.getByText('처음 만든 계정', { exact: true })).toBeVisible()
    found.push(...(await violations(page, '신고 (관리자)')))
    // One's own page (a person page), and its profile form open.
    const me = await page.evaluate(() => window.magpie.auth.session())
    const myPage = `#/people/${me.ok ? me.data.user?.id : ''}`
    await visit(myPage, 'person page', async () => {
      await titled(`${account.nickname}님의 페이지`)()
      await expect(page.getByTestId('person-post')).toHaveCount(2)
    })
    await page.getByRole('button', { name: '프로필 편집' }).click()
    await expect(page.getByTestId('profile-edit')).toBeVisible()
    found.push(...(await violations(page, 'person page (editing the profile)')))
    await page.getByRole('button', { name: '설정' }).click()
    await expect(page.getByRole('dialog', { name: '설정' })).toBeVisible()
    // 설정 → 알림 with everything it can show: quiet hours' two times and the muted post.
    await page.getByRole('switch', { name: '방해 금지 시간' }).check()
    await expect(page.getByLabel('끝')).toHaveValue(String(8 * 60))
    await expect(page.getByTestId('muted-posts').getByRole('listitem')).toHaveCount(1)
    found.push(...(await violations(page, 'settings dialog (signed in)')))
    // 설정 → 계정's forms open in place, each with a problem showing.
    const accountSection = page.getByTestId('settings-account')
    await accountSection.getByRole('button', { name: '비밀번호 바꾸기' }).click()
    await accountSection.getByRole('button', { name: '새 비밀번호로 바꾸기' }).click()
    await expect(accountSection.getByText('현재 비밀번호를 입력해 주세요')).toBeVisible()
    await accountSection.getByRole('button', { name: '회원 탈퇴' }).click()
    await accountSection.getByRole('button', { name: '탈퇴하기' }).click()
    await expect(accountSection.getByRole('form', { name: '탈퇴하기' }).getByText('현재 비밀번호를 입력해 주세요')).toBeVisible()
    found.push(...(await violations(page, 'settings dialog (계정 forms open)')))
    await page.keyboard.press('Escape')

    // Signed out again: the detail page as a visitor sees it.
    await page.getByRole('button', { name: '로그아웃' }).click()
    await expect(page.getByRole('link', { name: '로그인' }).first()).toBeVisible()
    await visit(`#/detail/${postId}`, 'detail (signed out)', async () => void (await expect(page.getByTestId('post-detail')).toBeVisible()))
    await visit(myPage, 'person page (signed out)', titled(`${account.nickname}님의 페이지`))

    expect(found).toEqual([])
  })
}

test('the scheme chosen in 설정 wins over the OS and is remembered', async ({ page, harness, consoleErrors }) => {
  void consoleErrors
  await page.emulateMedia({ colorScheme: 'light' })
  await page.goto(harness.url)
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')
  await page.getByRole('button', { name: '설정' }).click()
  const dialog = page.getByRole('dialog', { name: '설정' })
  await expect(dialog.getByRole('radio', { name: '시스템 설정' })).toBeChecked()
  await dialog.getByRole('radio', { name: '어둡게' }).check()
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  // Form controls and the page background follow the scheme too.
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe('dark')
  const background = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)
  expect(background).toBe('rgb(20, 19, 17)')
  // Main hears each choice (at start too), for Electron's nativeTheme: title bar, menus, window background.
  await expect.poll(async () => (await harness.desktop()).themes).toEqual(['system', 'dark'])

  await page.reload()
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  await page.getByRole('button', { name: '설정' }).click()
  await expect(dialog.getByRole('radio', { name: '어둡게' })).toBeChecked()
  await dialog.getByRole('radio', { name: '시스템 설정' }).check()
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')
  await expect.poll(async () => (await harness.desktop()).themes).toEqual(['system', 'dark', 'dark', 'system'])
  // Following the OS again: its change applies at once.
  await page.emulateMedia({ colorScheme: 'dark' })
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
})
