import type { Locator, Page } from '@playwright/test'
import { composePost, expect, newAccount, signUp, test } from './fixtures'
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

  // Sent with the button, the box takes focus back for the next comment.
  await box.fill('버튼으로 보낸 댓글')
  await page.getByRole('button', { name: '등록' }).click()
  await expect(page.getByTestId('comment')).toHaveCount(2)
  await expect(box).toBeFocused()
})

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
  await page.getByLabel('내용을 입력해 주세요').fill('고치다 만 글')

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
  await expect(page.getByLabel('내용을 입력해 주세요')).toHaveValue('고치다 만 글')
})
