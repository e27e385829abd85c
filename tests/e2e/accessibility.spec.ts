import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { readFileSync } from 'node:fs'
import { invitationLink } from '../../src/shared/invitation-link'
import { format } from '../../src/shared/messages'
import { kkachiCommunity } from '../support/community-config'
import { animationsDone, composePost, expect, logIn, newAccount, signUp, test } from './fixtures'
import { makePhoto } from './photos'

/**
 * axe-core over every screen, signed in and out, in the light and the dark scheme: no violation
 * at all of WCAG 2.2 A/AA (contrast and target size included), axe's best practices or its
 * experimental rules (label-content-name-mismatch among them: a name holds the words a control
 * shows). The screens hold what a daily user's do: nicknames long and short, posts with several
 * photos, unread alerts from two people (the bell's count on every screen until the alerts are read).
 */

const wcag = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice', 'experimental']

/** Real-looking nicknames: the author a long one with spaces, the others one syllable and three. */
const nicknames = { me: '노을빛 바다를 걷는 사진가', short: '민', ordinary: '김서연' }

/**
 * A screen as it stands: scanned once the page is ready (its animations settled), toasts and all.
 * Motion is reduced (see the test), so a toast is either shown in full or gone, never read half faded.
 */
async function violations(page: Page, where: string): Promise<string[]> {
  await animationsDone(page)
  return listed(where, await new AxeBuilder({ page }).withTags(wcag).analyze())
}

/** The toast on screen scanned alone, held under the pointer (sonner then keeps it) however long the scan takes. */
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
  return postIdOf((await link.getAttribute('href'))!)
}

/**
 * Someone else at this computer, through main's own API (as their copy of the app calls it): signs
 * up, writes a post with a photo if asked, likes and comments on the author's posts, and signs out.
 */
async function someoneElse(page: Page, person: { email: string; nickname: string; password: string }, acts: { photo?: string; likes: string[]; comments: string[] }) {
  const bytes = acts.photo ? [...readFileSync(acts.photo)] : null
  await page.evaluate(
    async ({ person, acts, bytes }) => {
      const must = <T,>(result: { ok: true; data: T } | { ok: false }): T => {
        if (!result.ok) throw new Error(JSON.stringify(result))
        return result.data
      }
      must(await window.magpie.auth.signUp({ ...person, passwordConfirm: person.password }))
      if (bytes) {
        const upload = must(await window.magpie.images.add({ requestId: crypto.randomUUID(), purpose: 'post', bytes: new Uint8Array(bytes) }))
        must(await window.magpie.posts.create({ photos: [{ uploadId: upload.uploadId, alt: '' }], text: `${person.nickname}의 첫 글이에요`, layout: 'Top' }))
      }
      for (const postId of acts.likes) must(await window.magpie.likes.set({ postId, liked: true }))
      for (const postId of acts.comments) must(await window.magpie.comments.add({ postId, text: `${person.nickname}이 남긴 댓글이에요` }))
      must(await window.magpie.auth.logout())
    },
    { person, acts, bytes }
  )
}

function postIdOf(href: string): string {
  return href.slice(href.indexOf('detail/') + 'detail/'.length).split('?')[0]!
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`every screen passes axe in the ${colorScheme} scheme, signed in and out`, async ({ page, harness, consoleErrors }) => {
    test.setTimeout(300_000)
    void consoleErrors
    // Reduced motion: each screen is read at rest (the app and sonner drop their fades), not mid-fade.
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' })
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
    const account = { ...newAccount('a11y'), nickname: nicknames.me }
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
    await page.getByRole('searchbox', { name: '글, 사람, #태그 검색' }).fill('노을빛')
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
    const severalCard = page.getByTestId('post-card').filter({ hasText: '세 장의 사진' })
    await expect(severalCard.getByTestId('photo-count')).toHaveText('1/3')
    const severalId = postIdOf((await severalCard.locator('a[href*="detail/"]').first().getAttribute('href'))!)

    // Two people at this computer like and comment on both posts, one of them writing a post of
    // their own: their cards in the feed, and four unread alerts from two people on the bell.
    await someoneElse(page, { ...newAccount('a11y-short'), nickname: nicknames.short }, { photo: await makePhoto('a11y-short', { width: 700, height: 700, hue: 260 }), likes: [postId, severalId], comments: [severalId] })
    await someoneElse(page, { ...newAccount('a11y-ordinary'), nickname: nicknames.ordinary }, { likes: [severalId], comments: [postId] })
    await page.reload()
    await logIn(page, account)
    // The bell's name starts with what it shows (알림, the count); the muted first post's alerts are not counted.
    await expect(page.getByRole('link', { name: /^알림 \d+, 읽지 않음$/ })).toBeVisible()
    await visit('#/', 'feed (several photos, other people, unread alerts)', async () => {
      await titled('홈')()
      await expect(page.getByTestId('post-card')).toHaveCount(3)
    })
    // Every nickname link, the one-syllable one too, is a target of 24×24 px at least (WCAG 2.5.8).
    for (const box of await page.getByTestId('person-link').evaluateAll((links) => links.map((link) => link.getBoundingClientRect().toJSON() as DOMRect))) {
      expect(box.height).toBeGreaterThanOrEqual(24)
      expect(box.width).toBeGreaterThanOrEqual(24)
    }
    await visit(`#/detail/${severalId}`, 'detail (several photos)', async () => {
      await expect(page.getByTestId('photo-carousel')).toBeVisible()
      await expect(page.getByTestId('comment')).toHaveCount(1)
    })
    await page.getByTestId('photo-carousel').getByRole('button', { name: '다음 사진' }).click()
    await expect(page.getByTestId('photo-carousel').getByRole('button', { name: '사진 2' })).toHaveAttribute('aria-current', 'true')
    found.push(...(await violations(page, 'detail (several photos, second photo)')))
    await visit(`#/write/${postId}`, 'editor (edit)', titled('게시글 수정'))
    await visit('#/myalert', 'alerts (unread, from two people)', async () => {
      await titled('알림')()
      await expect(page.getByTestId('alert-card').filter({ hasText: `${nicknames.short}님` }).first()).toBeVisible()
      await expect(page.getByTestId('alert-card').filter({ hasText: `${nicknames.ordinary}님` }).first()).toBeVisible()
      await expect(page.getByTestId('alert-card').and(page.locator('[data-unread="true"]')).first()).toBeVisible()
    })
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
