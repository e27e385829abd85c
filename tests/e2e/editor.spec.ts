import type { Page } from '@playwright/test'
import sharp from 'sharp'
import { expect, newAccount, signUp, test } from './fixtures'
import { makePhoto } from './photos'

async function choosePhoto(page: Page, name: string, hue: number): Promise<void> {
  const before = await page.getByTestId('photo-item').count()
  await page.getByTestId('post-image-input').setInputFiles(await makePhoto(name, { width: 900, height: 600, hue }))
  await expect(page.getByTestId('photo-item')).toHaveCount(before + 1)
  await expect(page.getByTestId('photo-item').last().locator('img[srcset]')).toBeVisible()
}

test('the photo list shows each chosen photo with its 빼기; the text counts to 2,000; label, placeholder and error differ', async ({
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
  await expect(page.getByTestId('photo-item')).toHaveCount(0)

  await choosePhoto(page, 'first', 200)
  await expect(zone.getByRole('button', { name: '사진 추가' })).toBeVisible()
  await choosePhoto(page, 'second', 20)

  // 빼기 takes the photo away and the focus goes to its neighbour, then to 사진 선택.
  await zone.getByRole('button', { name: '사진 1 빼기' }).click()
  await expect(page.getByTestId('photo-item')).toHaveCount(1)
  await expect(zone.getByRole('button', { name: '사진 1', exact: true })).toBeFocused()
  await zone.getByRole('button', { name: '사진 1 빼기' }).click()
  await expect(page.getByTestId('photo-item')).toHaveCount(0)
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

test('editing: the current photos show; 취소 leaves at once when nothing changed, asks when something did, and saving returns to the post', async ({
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
  await expect(page.getByTestId('photo-item').locator('img[srcset]')).toBeVisible()
  await expect(page.getByRole('button', { name: '사진 추가' })).toBeVisible()
  await page.getByRole('button', { name: '취소', exact: true }).click()
  await expect(page).toHaveURL(postUrl)
  await expect(page.getByRole('alertdialog')).toHaveCount(0)

  // Changed: it asks; 저장하지 않고 나가기 leaves and nothing is saved.
  await page.getByTestId('post-detail').getByRole('button', { name: '글 메뉴' }).click()
  await page.getByRole('menuitem', { name: '수정' }).click()
  await page.getByLabel('글 내용').fill('저장하지 않을 글')
  await page.getByRole('button', { name: '취소', exact: true }).click()
  const question = page.getByRole('alertdialog', { name: '작성 중인 내용을 저장하지 않고 나갈까요?' })
  await question.getByRole('button', { name: '저장하지 않고 나가기' }).click()
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

/** A small PNG of one colour, as a screenshot pasted from the clipboard would be. */
const pastedPng = () => sharp({ create: { width: 480, height: 320, channels: 3, background: '#2f7d5b' } }).png().toBuffer()

test('ten photos: nine chosen at once and one pasted, each with its 사진 설명, one moved by Alt+→ (announced), an eleventh refused; the card counts them and the post page turns through them by →', async ({
  page,
  harness,
  consoleErrors
}) => {
  void consoleErrors
  await page.goto(harness.url)
  await signUp(page, newAccount('photos'))
  await page.getByRole('button', { name: '글쓰기' }).click()
  const files = await Promise.all([...Array(9).keys()].map((i) => makePhoto(`several-${i}`, { width: 640, height: 420, hue: 20 + i * 37 })))
  await page.getByTestId('post-image-input').setInputFiles(files)
  await expect(page.getByTestId('photo-item')).toHaveCount(9)

  // A paste (Ctrl+V of a screenshot) adds the tenth; one more is refused, the ten kept.
  const paste = async () => {
    await page.getByLabel('글 내용').focus()
    await page.evaluate((bytes) => {
      const data = new DataTransfer()
      data.items.add(new File([new Uint8Array(bytes)], 'pasted.png', { type: 'image/png' }))
      document.activeElement!.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }))
    }, [...(await pastedPng())])
  }
  await paste()
  await expect(page.getByTestId('photo-item').locator('img[srcset]')).toHaveCount(10)
  await paste()
  await expect(page.getByText('사진은 10장까지 올릴 수 있어요').first()).toBeVisible()
  await expect(page.getByTestId('photo-item')).toHaveCount(10)

  const alts = ['언덕 위의 해', '노을 진 들판', '푸른 산등성이', '바닷가 모래', '골목의 고양이', '비 오는 창', '아침 식탁', '한강 공원', '밤의 불빛', '초록 색판']
  for (const [i, alt] of alts.entries()) await page.getByLabel(`사진 ${i + 1} · 사진 설명`).fill(alt)

  // Alt+→ on the first photo: it becomes the second, the move is announced, the focus follows it.
  await page.getByRole('button', { name: '사진 1', exact: true }).focus()
  await page.keyboard.press('Alt+ArrowRight')
  await expect(page.getByText('사진 1을 2번째로 옮겼어요 (10장 중)')).toBeAttached()
  await expect(page.getByRole('button', { name: '사진 2', exact: true })).toBeFocused()
  await expect(page.getByLabel('사진 2 · 사진 설명')).toHaveValue(alts[0]!)
  const order = [alts[1]!, alts[0]!, ...alts.slice(2)]

  await page.getByLabel('글 내용').fill('열 장의 하루')
  await page.getByRole('button', { name: '올리기' }).click()
  await expect(page).toHaveURL(/#\/$/)
  const card = page.locator('article').filter({ hasText: '열 장의 하루' }).first()
  await expect(card.getByTestId('photo-count')).toHaveText('1/10')
  await expect(card.getByRole('img', { name: '사진 10장' })).toBeVisible()
  await expect(card.locator('img[srcset]').first()).toHaveAttribute('alt', order[0]!)

  await card.locator('a[href*="detail/"]').first().click()
  const carousel = page.getByTestId('photo-carousel')
  const current = carousel.locator('[data-testid="carousel-slide"][data-current] img')
  await expect(current).toHaveAttribute('alt', order[0]!)
  await carousel.focus()
  for (const alt of order.slice(1)) {
    await page.keyboard.press('ArrowRight')
    await expect(current).toHaveAttribute('alt', alt)
  }
  await expect(carousel.getByRole('button', { name: '사진 10' })).toHaveAttribute('aria-current', 'true')
  // At the end the arrow stays focusable, so pressing it keeps the focus.
  const next = carousel.getByRole('button', { name: '다음 사진' })
  await expect(next).toHaveAttribute('aria-disabled', 'true')
  await next.focus()
  await page.keyboard.press('Enter')
  await expect(next).toBeFocused()
  // Enter on the shown photo opens the viewer at it; Escape comes back to that photo.
  const opener = carousel.locator('[data-testid="carousel-slide"][data-current]').getByRole('button', { name: '사진 크게 보기' })
  await opener.focus()
  await page.keyboard.press('Enter')
  const viewer = page.getByRole('dialog', { name: '사진 보기' })
  await expect(viewer.getByRole('img', { name: order[9]! })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(viewer).toBeHidden()
  await expect(opener).toBeFocused()
})
