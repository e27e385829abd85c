import type { Locator, Page } from '@playwright/test'
import { composePost, expect, newAccount, sameStore, signUp, test } from './fixtures'
import { makePhoto } from './photos'

test('settings dialog: focus returns to the gear when it closes', async ({ page, harness, consoleErrors }) => {
  void consoleErrors
  await page.goto(harness.url)
  await escapeReturnsFocus(page, page.getByRole('button', { name: '설정' }), page.getByRole('dialog', { name: '설정' }))
})

test('comments: Enter sends and focus stays in the box; Shift+Enter and an IME composition never send', async ({
  page,
  harness,
  consoleErrors
}) => {
  void consoleErrors
  await page.goto(harness.url)
  await signUp(page, newAccount('focus'))
  await composePost(page, '댓글을 받을 글', await makePhoto('focus', { width: 640, height: 427 }))
  await expect(page).toHaveURL(/#\/$/)
  await page.locator('a[href*="detail/"]').first().click()
  await expect(page.getByTestId('post-detail')).toBeVisible()

  const box = page.getByLabel('댓글을 남겨 주세요')
  await box.click()
  // A Hangul syllable being composed: the IME's Enter (isComposing, keyCode 229) confirms it, nothing is sent.
  await page.keyboard.insertText('안녕하세')
  await box.dispatchEvent('compositionstart', { data: '' })
  await box.dispatchEvent('keydown', { key: 'Enter', code: 'Enter', keyCode: 229, isComposing: true, bubbles: true, cancelable: true })
  await box.dispatchEvent('keydown', { key: 'Enter', code: 'Enter', keyCode: 13, isComposing: true, bubbles: true, cancelable: true })
  await box.dispatchEvent('compositionend', { data: '요' })
  await page.keyboard.insertText('요')
  // Shift+Enter breaks the line.
  await page.keyboard.press('Shift+Enter')
  await page.keyboard.insertText('두 번째 줄')
  await expect(box).toHaveValue('안녕하세요\n두 번째 줄')
  await expect(page.getByTestId('comment')).toHaveCount(0)
  await expect(page.getByTestId('char-counter')).toContainText('12/500')

  await page.keyboard.press('Enter')
  await expect(page.getByTestId('comment')).toHaveCount(1)
  await expect(page.getByTestId('comment')).toContainText('안녕하세요')
  await expect(box).toHaveValue('')
  await expect(box).toBeFocused()
  // The toast that says so covers neither the box nor its button.
  const toast = await page.locator('[data-sonner-toast]').filter({ hasText: '댓글을 남겼어요' }).boundingBox()
  for (const control of [box, page.getByRole('button', { name: '등록' })]) expect(overlaps(toast!, (await control.boundingBox())!)).toBe(false)

  // Sent with the button, the box takes focus back for the next comment.
  await box.fill('버튼으로 보낸 댓글')
  await page.getByRole('button', { name: '등록' }).click()
  await expect(page.getByTestId('comment')).toHaveCount(2)
  await expect(box).toBeFocused()
})

type Box = { x: number; y: number; width: number; height: number }
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

/** Opens a dialog from the keyboard (Enter on `opener`) and closes it with Escape: focus must be back on the opener. */
async function escapeReturnsFocus(page: Page, opener: Locator, dialog: Locator): Promise<void> {
  await opener.focus()
  await page.keyboard.press('Enter')
  await expect(dialog).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(opener).toBeFocused()
}

/** Writes a post with a photo as the signed-in person; the feed is showing when it returns. */
async function writePost(page: Page, text: string): Promise<void> {
  await composePost(page, text, await makePhoto('titles', { width: 640, height: 427 }))
  await expect(page).toHaveURL(/#\/$/)
}

test('every page has one h1, the window title names it, and opening a post puts focus on its heading', async ({
  page,
  harness,
  consoleErrors
}) => {
  void consoleErrors
  await page.goto(harness.url)
  const visit = async (hash: string, title: string, h1: string | RegExp) => {
    await page.evaluate((h) => (window.location.hash = h), hash)
    await expect(page).toHaveTitle(title)
    await expect(page.locator('h1')).toHaveCount(1)
    await expect(page.locator('h1')).toHaveText(h1)
  }
  await visit('#/', '까치 — 홈', '오늘의 까치')
  await visit('#/login', '까치 — 로그인', '로그인')
  await visit('#/signup', '까치 — 회원가입', '회원가입')
  await visit('#/no-such-page', '까치 — 페이지를 찾을 수 없어요', '페이지를 찾을 수 없어요')
  await visit('#/detail/no-such-post', '까치 — 게시글을 찾을 수 없어요', '게시글을 찾을 수 없어요')

  await page.goto(harness.url)
  const account = newAccount('titles')
  await signUp(page, account)
  await visit('#/write/new', '까치 — 게시글 작성', '게시글 작성')
  await page.evaluate(() => (window.location.hash = '#/'))
  await writePost(page, '제목을 확인하는 글')
  await visit('#/myalert', '까치 — 알림', '알림')
  await visit('#/', '까치 — 홈', '오늘의 까치')

  // Opening a post from the feed: focus lands on its heading, which names whose post it is.
  await page.locator('a[href*="detail/"]').first().click()
  const heading = page.getByRole('heading', { level: 1, name: `${account.nickname}님의 게시글` })
  await expect(heading).toBeFocused()
  await expect(page).toHaveTitle(`까치 — ${account.nickname}님의 게시글`)
  await expect(page.locator('h1')).toHaveCount(1)
  // Tab goes on from the heading into the post, not from the top of the window.
  await page.keyboard.press('Tab')
  await expect(page.getByTestId('post-detail').locator(':focus')).toHaveCount(1)

  await page.getByTestId('post-detail').getByRole('button', { name: '글 메뉴' }).click()
  await page.getByRole('menuitem', { name: '수정' }).click()
  await expect(page).toHaveTitle('까치 — 게시글 수정')
  await expect(page.locator('h1')).toHaveCount(1)
  await expect(page.locator('h1')).toHaveText('게시글 수정')
})

test('confirm dialog: focus returns to the button that opened it', async ({ page, harness, consoleErrors }) => {
  void consoleErrors
  await page.goto(harness.url)
  await signUp(page, newAccount('confirm'))
  await writePost(page, '확인 대화상자를 여는 글')
  await page.getByTestId('post-card').first().getByRole('button', { name: '글 메뉴' }).click()
  await page.getByRole('menuitem', { name: '수정' }).click()
  await page.getByLabel('글 내용').fill('고치다 만 글')

  // Opened from the keyboard and closed with Escape: back on 취소, still in the editor.
  const cancel = page.getByRole('button', { name: '취소', exact: true })
  const dialog = page.getByRole('alertdialog', { name: '작성 중인 내용을 저장하지 않고 나갈까요?' })
  await escapeReturnsFocus(page, cancel, dialog)

  // Answered with the dialog's own 취소: the same.
  await page.getByRole('button', { name: '삭제하기' }).click()
  await expect(page.getByRole('alertdialog', { name: '이 게시글을 삭제할까요?' })).toBeVisible()
  await page.getByRole('alertdialog').getByRole('button', { name: '취소' }).click()
  await expect(page.getByRole('alertdialog')).toBeHidden()
  await expect(page.getByRole('button', { name: '삭제하기' })).toBeFocused()
  await expect(page.getByLabel('글 내용')).toHaveValue('고치다 만 글')
})

/**
 * The focused element's ring, as drawn: its style and width, and its colour's contrast against
 * what lies behind it (the ancestors' backgrounds laid over the page's), by WCAG's formula.
 */
async function focusRing(page: Page): Promise<{ name: string; style: string; width: number; contrast: number }> {
  return page.evaluate(() => {
    const parse = (value: string): number[] => {
      const srgb = /color\(srgb ([\d.]+) ([\d.]+) ([\d.]+)(?: \/ ([\d.]+))?\)/.exec(value)
      if (srgb) return [Number(srgb[1]) * 255, Number(srgb[2]) * 255, Number(srgb[3]) * 255, Number(srgb[4] ?? 1)]
      const rgb = /rgba?\(([\d.]+), ([\d.]+), ([\d.]+)(?:, ([\d.]+))?\)/.exec(value)
      if (!rgb) throw new Error(`unread colour ${value}`)
      return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3]), Number(rgb[4] ?? 1)]
    }
    const over = (top: number[], below: number[]) => [0, 1, 2].map((i) => top[i]! * top[3]! + below[i]! * (1 - top[3]!)).concat(1)
    const luminance = (c: number[]) => {
      const [r, g, b] = c.slice(0, 3).map((v) => {
        const s = v / 255
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
      })
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!
    }
    const element = document.activeElement as HTMLElement
    // The layers behind the ring, nearest first, down to the first opaque one (the page at the latest).
    const layers: number[][] = []
    for (let node = element.parentElement; node; node = node.parentElement) {
      const background = parse(getComputedStyle(node).backgroundColor)
      if (background[3]! > 0) layers.push(background)
      if (background[3] === 1) break
    }
    const behind = layers.reduceRight((below, layer) => over(layer, below), [255, 255, 255, 1])
    const style = getComputedStyle(element)
    const ring = over(parse(style.outlineColor), behind)
    const [light, dark] = [luminance(ring), luminance(behind)].sort((a, b) => b - a)
    return {
      name: element.getAttribute('aria-label') ?? element.textContent?.trim() ?? element.tagName,
      style: style.outlineStyle,
      width: parseFloat(style.outlineWidth),
      contrast: Math.round(((light! + 0.05) / (dark! + 0.05)) * 100) / 100
    }
  })
}

test('the focus ring shows on every control, at 3:1 or more against what lies behind it, in both schemes', async ({
  page,
  harness,
  consoleErrors
}) => {
  void consoleErrors
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    // Every stop of the login page: the top bar, the form's fields, buttons and links.
    await page.goto(`${harness.url.split('#')[0]}#/login`)
    await expect(page.getByRole('heading', { name: '로그인', level: 1 })).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme)
    await page.getByRole('link', { name: '홈' }).focus()
    const rings = [await focusRing(page)]
    while (rings.length < 20) {
      await page.keyboard.press('Tab')
      // Past the last stop the focus leaves the page.
      if ((await page.locator(':focus').count()) === 0) break
      rings.push(await focusRing(page))
    }
    expect(rings.length).toBeGreaterThanOrEqual(8)
    for (const ring of rings) {
      expect(ring.style, `${colorScheme}: ${ring.name}`).toBe('solid')
      expect(ring.width, `${colorScheme}: ${ring.name}`).toBeGreaterThanOrEqual(2)
      expect(ring.contrast, `${colorScheme}: ${ring.name}`).toBeGreaterThanOrEqual(3)
    }
  }
})

test('an action that takes its own control away leaves the focus on the next one; a refused form on its first problem', async ({
  page,
  harness,
  openCopy,
  consoleErrors
}) => {
  void consoleErrors
  test.setTimeout(120_000)
  const ann = newAccount('ann')
  await page.goto(harness.url)

  // Sign-up refused here (the passwords differ), then by main (the email is taken): each time the focus is on the field.
  const fillSignUp = async (target: Page, account: typeof ann, confirm: string) => {
    await target.getByRole('link', { name: '회원가입' }).first().click()
    await target.getByLabel('아이디(이메일)').fill(account.email)
    await target.getByLabel('닉네임').fill(account.nickname)
    await target.getByLabel('비밀번호', { exact: true }).fill(account.password)
    await target.getByLabel('비밀번호 확인').fill(confirm)
    await target.getByRole('button', { name: '회원가입' }).click()
  }
  await fillSignUp(page, ann, 'not-the-same')
  await expect(page.getByLabel('비밀번호 확인')).toBeFocused()
  await page.getByLabel('비밀번호 확인').fill(ann.password)
  await page.getByRole('button', { name: '회원가입' }).click()
  await expect(page.getByText(`${ann.nickname}님, 안녕하세요`)).toBeVisible()
  await writePost(page, '포커스를 따라가는 글')

  const bo = await openCopy(sameStore(harness, 'bo'))
  await bo.page.goto(bo.copy.url)
  await fillSignUp(bo.page, { ...newAccount('bo'), email: ann.email }, ann.password)
  await expect(bo.page.getByLabel('아이디(이메일)')).toBeFocused()
  await signUp(bo.page, newAccount('bo'))

  // Bo likes and comments twice, then deletes a comment: the focus goes to the comment box.
  await bo.page.getByTestId('like-button').click()
  await bo.page.getByTestId('post-card').locator('a[href*="detail/"]').first().click()
  const box = bo.page.getByLabel('댓글을 남겨 주세요')
  for (const text of ['첫 댓글', '둘째 댓글']) {
    await box.fill(text)
    await bo.page.getByRole('button', { name: '등록' }).click()
    await expect(bo.page.getByTestId('comment').filter({ hasText: text })).toBeVisible()
  }
  await bo.page.getByRole('button', { name: '댓글 삭제' }).first().click()
  await bo.page.getByRole('alertdialog').getByRole('button', { name: '삭제' }).click()
  await expect(bo.page.getByTestId('comment')).toHaveCount(1)
  await expect(box).toBeFocused()
  // 목록으로: back on the card's link; 로그아웃: on 로그인, which takes its place.
  await bo.page.getByRole('button', { name: '목록으로' }).click()
  await expect(bo.page.getByTestId('post-card').locator('a[href*="detail/"]').first()).toBeFocused()
  await bo.page.getByRole('button', { name: '로그아웃' }).click()
  await expect(bo.page.getByRole('link', { name: '로그인' })).toBeFocused()

  // Ann's alerts: 모두 읽음 hands the focus to 모두 삭제; a deleted row's × to the next row's, the last to the heading.
  await page.getByRole('link', { name: /알림/ }).click()
  const rows = page.getByTestId('alert-card')
  await expect(rows).toHaveCount(2)
  await page.getByRole('button', { name: '모두 읽음' }).click()
  await expect(page.getByRole('button', { name: '모두 삭제' })).toBeFocused()
  await rows.first().getByRole('button').click()
  await expect(rows).toHaveCount(1)
  await expect(rows.first().getByRole('button')).toBeFocused()
  await rows.first().getByRole('button').click()
  await expect(rows).toHaveCount(0)
  await expect(page.getByRole('heading', { level: 1, name: '알림' })).toBeFocused()
  expect(bo.errors).toEqual([])
})

test('글쓰기 comes right after the top bar in the Tab order; Enter on a card reached with PageDown opens it', async ({
  page,
  harness,
  consoleErrors
}) => {
  void consoleErrors
  await page.goto(harness.url)
  await signUp(page, newAccount('tab'))
  await writePost(page, '먼저 쓴 글')
  await writePost(page, '나중에 쓴 글')

  // From the top: 홈, 검색, 설정, 알림, 저장한 글, 신고 (the first account is the store's moderator, decision 030),
  // 로그아웃, then 글쓰기 before any card; it names the menu's shortcut.
  await page.getByRole('link', { name: '홈' }).focus()
  const write = page.getByRole('button', { name: '글쓰기' })
  for (let i = 0; i < 7; i += 1) await page.keyboard.press('Tab')
  await expect(write).toBeFocused()
  await expect(write).toHaveAttribute('aria-keyshortcuts', /^(Control|Meta)\+N$/)

  // The find bar's button, then into the feed: a card down with PageDown, Enter opens that card's post.
  await page.keyboard.press('Tab')
  await expect(page.getByRole('button', { name: /불러온 글에서 찾기/ })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(page.getByTestId('post-card').first().locator(':focus')).toHaveCount(1)
  await page.keyboard.press('PageDown')
  const second = page.getByTestId('post-card').nth(1)
  await expect(second).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('post-detail')).toContainText('먼저 쓴 글')

  // At 900 px a card's ⋯ menu (수정 · 삭제) reached by Tab is scrolled clear of the floating 글쓰기.
  await page.setViewportSize({ width: 900, height: 700 })
  await page.getByRole('button', { name: '목록으로' }).click()
  const edit = page.getByTestId('post-card').nth(1).getByRole('button', { name: '글 메뉴' })
  const fab = (await write.boundingBox())!
  await page.evaluate((y) => window.scrollBy(0, y), (await edit.boundingBox())!.y - (fab.y + 10))
  await expect.poll(async () => overlaps((await edit.boundingBox())!, (await write.boundingBox())!)).toBe(true)
  await page.getByTestId('post-card').nth(1).focus()
  // The author's name (their page) comes first in the card, then 수정.
  await page.keyboard.press('Tab')
  await expect(page.getByTestId('post-card').nth(1).getByTestId('person-link')).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(edit).toBeFocused()
  await expect.poll(async () => overlaps((await edit.boundingBox())!, (await write.boundingBox())!)).toBe(false)
})
