import { expect, newAccount, signUp, test } from './fixtures'
import { makePhoto } from './photos'

test('settings dialog: focus returns to the gear when it closes', async ({ page, harness, consoleErrors }) => {
  void consoleErrors
  await page.goto(harness.url)
  const gear = page.getByRole('button', { name: '설정' })
  await gear.focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: '설정' })
  await expect(dialog).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(gear).toBeFocused()
})

test('comments: Enter sends and focus stays in the box; Shift+Enter and an IME composition never send', async ({
  page,
  harness,
  consoleErrors
}) => {
  void consoleErrors
  await page.goto(harness.url)
  await signUp(page, newAccount('focus'))
  await page.getByRole('button', { name: '글쓰기' }).click()
  await page.getByTestId('post-image-input').setInputFiles(await makePhoto('focus', { width: 640, height: 427 }))
  await expect(page.getByTestId('editor-preview').locator('img[srcset]')).toBeVisible()
  await page.getByLabel('내용을 입력해 주세요').fill('댓글을 받을 글')
  await page.getByRole('button', { name: '올리기' }).click()
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
