import type { Page } from '@playwright/test'
import { expect, newAccount, signUp, test } from './fixtures'
import { makePhoto } from './photos'

async function choosePhoto(page: Page, name: string, hue: number): Promise<void> {
  await page.getByTestId('post-image-input').setInputFiles(await makePhoto(name, { width: 900, height: 600, hue }))
  await expect(page.getByTestId('photo-thumbnail').locator('img[srcset]')).toBeVisible()
}

test('the drop zone shows the chosen photo; 사진 바꾸기 and 사진 빼기; the text counts to 2,000; label, placeholder and error differ', async ({
  page,
  harness,
  consoleErrors
}) => {
  void consoleErrors
  await page.goto(harness.url)
  const account = newAccount('photo')
  await signUp(page, account)
  await page.getByRole('button', { name: '글쓰기' }).click()
  // The preview is the card to come: its author's avatar and nickname head it.
  await expect(page.getByTestId('editor-preview')).toContainText(account.nickname)
  await expect(page.getByTestId('editor-preview').getByRole('img').first()).toBeVisible()
  const zone = page.getByTestId('image-drop')
  await expect(zone.getByRole('button', { name: '사진 선택' })).toBeVisible()
  await expect(page.getByTestId('photo-thumbnail')).toHaveCount(0)

  await choosePhoto(page, 'first', 200)
  const first = await page.getByTestId('photo-thumbnail').locator('img').getAttribute('src')
  await expect(zone.getByRole('button', { name: '사진 바꾸기' })).toBeVisible()
  await choosePhoto(page, 'second', 20)
  await expect(page.getByTestId('photo-thumbnail').locator('img')).not.toHaveAttribute('src', first!)

  await zone.getByRole('button', { name: '사진 빼기' }).click()
  await expect(page.getByTestId('photo-thumbnail')).toHaveCount(0)
  await expect(zone.getByRole('button', { name: '사진 선택' })).toBeFocused()

  const text = page.getByLabel('글 내용')
  await text.fill('까치 🐦')
  await expect(page.getByTestId('char-counter')).toContainText('4/2,000')
  await page.getByRole('button', { name: '올리기' }).click()
  await expect(page.getByText('사진을 올려 주세요')).toBeVisible()
  // The first problem takes the focus: the photo's button.
  await expect(zone.getByRole('button', { name: '사진 선택' })).toBeFocused()

  // The label names the field, the placeholder invites, the error says what is missing: three texts.
  await text.fill('  ')
  await page.getByRole('button', { name: '올리기' }).click()
  const error = page.getByRole('alert').filter({ hasText: '내용을 입력해 주세요' })
  await expect(error).toBeVisible()
  await expect(text).toHaveAttribute('placeholder', '사진에 담긴 이야기를 들려 주세요')
  await expect(text).toHaveAccessibleDescription(/내용을 입력해 주세요/)
})

test('editing: the current photo shows; 취소 leaves at once when nothing changed, asks when something did, and saving returns to the post', async ({
  page,
  harness,
  consoleErrors
}) => {
  void consoleErrors
  await page.goto(harness.url)
  await signUp(page, newAccount('cancel'))
  await page.getByRole('button', { name: '글쓰기' }).click()
  await choosePhoto(page, 'post', 160)
  await page.getByLabel('글 내용').fill('처음 쓴 글')
  await page.getByRole('button', { name: '올리기' }).click()
  await expect(page).toHaveURL(/#\/$/)
  await page.locator('a[href*="detail/"]').first().click()
  await expect(page.getByTestId('post-detail')).toBeVisible()
  const postUrl = page.url()

  // Nothing changed: 취소 goes back to the post without a question.
  await page.getByTestId('post-detail').getByRole('button', { name: '글 메뉴' }).click()
  await page.getByRole('menuitem', { name: '수정' }).click()
  await expect(page.getByTestId('photo-thumbnail').locator('img[srcset]')).toBeVisible()
  await expect(page.getByRole('button', { name: '사진 바꾸기' })).toBeVisible()
  await page.getByRole('button', { name: '취소', exact: true }).click()
  await expect(page).toHaveURL(postUrl)
  await expect(page.getByRole('alertdialog')).toHaveCount(0)

  // Changed: it asks; 나가기 leaves and nothing is saved.
  await page.getByTestId('post-detail').getByRole('button', { name: '글 메뉴' }).click()
  await page.getByRole('menuitem', { name: '수정' }).click()
  await page.getByLabel('글 내용').fill('저장하지 않을 글')
  await page.getByRole('button', { name: '취소', exact: true }).click()
  const question = page.getByRole('alertdialog', { name: '작성 중인 내용을 저장하지 않고 나갈까요?' })
  await question.getByRole('button', { name: '나가기' }).click()
  await expect(page).toHaveURL(postUrl)
  await expect(page.getByTestId('post-detail')).toContainText('처음 쓴 글')

  // Coming back finds the post as saved; a saved edit returns to the post.
  await page.getByTestId('post-detail').getByRole('button', { name: '글 메뉴' }).click()
  await page.getByRole('menuitem', { name: '수정' }).click()
  await expect(page.getByLabel('글 내용')).toHaveValue('처음 쓴 글')
  await page.getByLabel('글 내용').fill('고쳐 쓴 글')
  await page.getByRole('button', { name: '수정하기' }).click()
  await expect(page).toHaveURL(postUrl)
  await expect(page.getByTestId('post-detail')).toContainText('고쳐 쓴 글')
})
