import type { Page } from '@playwright/test'
import { messages } from '../../src/shared/messages'
import { seedEmail, seedPassword } from '../support/main/seed'
import { expect, logIn, newAccount, seededStore, signUp, startHarness, test } from './fixtures'
import { makePhoto } from './photos'

const layoutLabel = { Top: '텍스트 위', Right: '텍스트 오른쪽', Left: '텍스트 왼쪽' } as const

async function writePost(page: Page, text: string, layout: keyof typeof layoutLabel, photo: string) {
  await page.getByRole('button', { name: '글쓰기' }).click()
  await expect(page).toHaveURL(/#\/write\/new$/)
  await page.getByTestId('post-image-input').setInputFiles(photo)
  // The preview shows main's processed photo once it is ready.
  await expect(page.getByTestId('editor-preview').locator('img[srcset]')).toBeVisible()
  await page.getByLabel('글 내용').fill(text)
  await page.getByText(layoutLabel[layout], { exact: true }).click()
  await expect(page.getByTestId('editor-preview').locator(`[data-layout="${layout}"]`)).toBeVisible()
  await page.getByRole('button', { name: '올리기' }).click()
  await expect(page.getByText('게시글을 올렸어요').first()).toBeVisible()
  await expect(page).toHaveURL(/#\/$/)
}

test('write a post in each layout, edit one, delete one', async ({ page, harness, consoleErrors }, testInfo) => {
  await page.goto(harness.url)
  // Logged out, the write button explains instead of opening the editor.
  await page.getByRole('button', { name: '글쓰기' }).click()
  await expect(page.getByText('글을 쓰려면 먼저 로그인해 주세요')).toBeVisible()

  await signUp(page, newAccount('writer'))

  // The editor's own checks: text and image are required.
  await page.getByRole('button', { name: '글쓰기' }).click()
  await page.getByLabel('글 내용').fill('   ')
  await page.getByRole('button', { name: '올리기' }).click()
  await expect(page.getByRole('alert').filter({ hasText: '내용을 입력해 주세요' })).toBeVisible()
  await expect(page.getByText('사진을 올려 주세요')).toBeVisible()
  await page.getByRole('link', { name: '홈' }).click()

  const layouts = ['Top', 'Right', 'Left'] as const
  for (const [index, layout] of layouts.entries()) {
    const photo = await makePhoto(`layout-${layout}`, { hue: 200 + index * 40 })
    await writePost(page, `${layoutLabel[layout]} 레이아웃으로 쓴 글입니다.\n까치가 전하는 오늘의 소식.`, layout, photo)
    const card = page.getByTestId('post-card').first()
    await expect(card.locator(`[data-layout="${layout}"]`)).toBeVisible()
    await expect(card.locator('img[srcset]')).toBeVisible()
    await card.screenshot({ path: testInfo.outputPath(`card-${layout}.png`) })
  }
  await expect(page.getByTestId('post-card')).toHaveCount(3)
  await page.screenshot({ path: testInfo.outputPath('feed.png'), fullPage: true })

  // Edit: the editor is preloaded with the post's text and layout.
  const newest = page.getByTestId('post-card').first()
  await newest.getByRole('button', { name: '글 메뉴' }).click()
  await page.getByRole('menuitem', { name: '수정' }).click()
  await expect(page.getByRole('heading', { name: '게시글 수정' })).toBeVisible()
  await expect(page.getByLabel('글 내용')).toHaveValue(/텍스트 왼쪽 레이아웃으로 쓴 글입니다/)
  await expect(page.getByRole('radio', { name: '텍스트 왼쪽' })).toBeChecked()
  await expect(page.getByTestId('editor-preview').locator('img[srcset]')).toBeVisible()
  await page.getByLabel('글 내용').fill('고쳐 쓴 글입니다.')
  await page.getByText('텍스트 위', { exact: true }).click()
  await page.getByRole('button', { name: '수정하기' }).click()
  await expect(page.getByText('게시글을 수정했어요')).toBeVisible()
  // Saved, the writer is back on the post; the list behind it shows the change too.
  await expect(page).toHaveURL(/#\/detail\//)
  await expect(page.getByTestId('post-detail')).toContainText('고쳐 쓴 글입니다.')
  await page.getByRole('button', { name: '목록으로' }).click()
  await expect(page).toHaveURL(/#\/$/)
  await expect(page.getByTestId('post-card').first()).toContainText('고쳐 쓴 글입니다.')
  await expect(page.getByTestId('post-card').first().locator('[data-layout="Top"]')).toBeVisible()

  // Delete asks first; cancelling keeps the post.
  await page.getByTestId('post-card').first().getByRole('button', { name: '글 메뉴' }).click()
  await page.getByRole('menuitem', { name: '수정' }).click()
  await page.getByRole('button', { name: '삭제하기' }).click()
  await expect(page.getByRole('alertdialog')).toContainText('이 게시글을 삭제할까요?')
  await page.getByRole('alertdialog').getByRole('button', { name: '취소' }).click()
  await expect(page.getByRole('alertdialog')).toBeHidden()
  await page.getByRole('button', { name: '삭제하기' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: '삭제', exact: true }).click()
  await expect(page.getByText('게시글을 삭제했어요')).toBeVisible()
  await expect(page).toHaveURL(/#\/$/)
  await expect(page.getByTestId('post-card')).toHaveCount(2)
  await expect(page.getByText('고쳐 쓴 글입니다.')).toBeHidden()
  expect(consoleErrors).toEqual([])
})

test('a post that does not exist says so, with a way back', async ({ page, harness, consoleErrors }) => {
  await page.goto(`${harness.url}#/detail/no-such-post`)
  await expect(page.getByRole('heading', { name: '게시글을 찾을 수 없어요' })).toBeVisible()
  await page.getByRole('link', { name: '목록으로' }).click()
  await expect(page).toHaveURL(/#\/$/)
  expect(consoleErrors).toEqual([])
})

test('comments: add, refuse a blank one, delete own with a confirm', async ({ page, harness, consoleErrors }) => {
  await page.goto(harness.url)
  await signUp(page, newAccount('commenter'))
  await writePost(page, '댓글을 기다리는 글', 'Top', await makePhoto('comments'))
  await page.getByTestId('post-card').locator('p').first().click()

  const box = page.getByLabel('댓글을 남겨 주세요')
  await box.fill('   ')
  await page.getByRole('button', { name: '등록' }).click()
  await expect(page.getByText('댓글 내용을 입력해 주세요')).toBeVisible()
  await expect(page.getByTestId('comment')).toHaveCount(0)

  await box.fill('첫 댓글입니다')
  await page.getByRole('button', { name: '등록' }).click()
  await expect(page.getByTestId('comment')).toHaveCount(1)
  await expect(page.getByTestId('comment')).toContainText('첫 댓글입니다')
  await expect(page.getByTestId('post-detail')).toContainText('댓글 1개')

  await page.getByTestId('comment').getByRole('button', { name: '댓글 삭제' }).click()
  await expect(page.getByRole('alertdialog')).toContainText('댓글을 삭제할까요?')
  await page.getByRole('alertdialog').getByRole('button', { name: '삭제' }).click()
  await expect(page.getByText('댓글을 삭제했어요')).toBeVisible()
  await expect(page.getByTestId('comment')).toHaveCount(0)
  await expect(page.getByTestId('post-detail')).toContainText('댓글 0개')
  expect(consoleErrors).toEqual([])
})

test('logging out while writing keeps the draft, photo and all, for the writer’s return', async ({ page, harness, consoleErrors }, testInfo) => {
  const writer = newAccount('drafter')
  await page.goto(harness.url)
  await signUp(page, writer)
  await page.getByRole('button', { name: '글쓰기' }).click()
  await page.getByTestId('post-image-input').setInputFiles(await makePhoto('draft', { hue: 30 }))
  await expect(page.getByTestId('editor-preview').locator('img[srcset]')).toBeVisible()
  await page.getByLabel('글 내용').fill('로그아웃 전에 쓰던 글')
  await page.getByText('텍스트 왼쪽', { exact: true }).click()

  await page.getByRole('button', { name: '로그아웃' }).click()
  await expect(page.getByText('로그아웃되었어요. 쓰던 글은 다시 로그인하면 이어서 쓸 수 있어요')).toBeVisible()
  await expect(page).toHaveURL(/#\/$/)
  await expect(page.getByText('로그인해 주세요', { exact: true })).toBeVisible()
  // Not told off for something they did not do.
  await expect(page.getByText('글을 쓰려면 먼저 로그인해 주세요')).toBeHidden()
  await expect(page.getByText('작성자만 수정할 수 있어요')).toBeHidden()

  await logIn(page, writer)
  await expect(page.getByText(`${writer.nickname}님, 안녕하세요`)).toBeVisible()
  await page.getByRole('button', { name: '글쓰기' }).click()
  await expect(page.getByLabel('글 내용')).toHaveValue('로그아웃 전에 쓰던 글')
  await expect(page.getByRole('radio', { name: '텍스트 왼쪽' })).toBeChecked()
  await expect(page.getByTestId('editor-preview').locator('img[srcset]')).toBeVisible()
  await page.screenshot({ path: testInfo.outputPath('draft-back.png') })
  await page.getByRole('button', { name: '올리기' }).click()
  await expect(page.getByText('게시글을 올렸어요').first()).toBeVisible()
  await expect(page.getByTestId('post-card').first()).toContainText('로그아웃 전에 쓰던 글')
  await expect(page.getByTestId('post-card').first().locator('[data-layout="Left"]')).toBeVisible()

  // Saved, the draft is gone: the next post starts empty.
  await page.getByRole('button', { name: '글쓰기' }).click()
  await expect(page.getByLabel('글 내용')).toHaveValue('')
  expect(consoleErrors).toEqual([])
})

test('a long text is cut in the feed and ends with 더 보기, at three lines for Top and at 45vh beside the photo; a short one is whole; a narrower window cuts more', async ({
  page,
  harness,
  consoleErrors
}) => {
  await page.goto(harness.url)
  await signUp(page, newAccount('clamp'))
  const photo = await makePhoto('clamp', { width: 900, height: 600, hue: 120 })
  // Three lines at most at 1200 px wide, five at 420 px.
  const medium = '까치가 아침마다 창가에 찾아와서 한참을 앉아 있다가 가요. 오늘은 작은 나뭇가지를 물고 와서 화분 옆에 두고 갔어요. 내일은 무엇을 가져올까요? 아이는 벌써 까치 이름을 지어 주었어요.'
  await writePost(page, medium, 'Top', photo)
  await writePost(page, '짧은 글', 'Top', photo)
  await writePost(page, Array.from({ length: 8 }, (_, i) => `${i + 1}번째 줄이에요.`).join('\n'), 'Top', photo)
  await writePost(page, Array.from({ length: 30 }, (_, i) => `옆으로 ${i + 1}번째 줄.`).join('\n'), 'Left', photo)
  await writePost(page, '옆에 둔 짧은 글', 'Right', photo)

  const card = (text: string) => page.getByTestId('post-card').filter({ hasText: text })
  const long = card('1번째 줄이에요.')
  await expect(long.getByTestId('read-more')).toHaveText('더 보기')
  // Cut, not grown: the eighth line is in the document but not shown.
  const clamp = long.locator('p').first()
  expect(await clamp.evaluate((p) => p.scrollHeight > p.clientHeight)).toBe(true)
  await expect(card('짧은 글').getByTestId('read-more')).toHaveCount(0)
  await expect(card(medium).getByTestId('read-more')).toHaveCount(0)
  // Beside the photo too: the cut says so, the short text does not.
  await expect(card('옆으로 1번째 줄.').getByTestId('read-more')).toHaveText('더 보기')
  await expect(card('옆에 둔 짧은 글').getByTestId('read-more')).toHaveCount(0)

  await page.setViewportSize({ width: 420, height: 900 })
  await expect(card(medium).getByTestId('read-more')).toHaveText('더 보기')
  await expect(card('짧은 글').getByTestId('read-more')).toHaveCount(0)
  // 더 보기 belongs to the link to the post.
  await long.getByTestId('read-more').click()
  await expect(page.getByTestId('post-detail')).toContainText('8번째 줄이에요.')
  expect(consoleErrors).toEqual([])
})

test.describe('one\'s own post', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] })

  test('the ⋯ menu edits, copies the link and deletes, from the keyboard; an edited post says 수정됨; 좋아요 N개 lists who liked it', async ({ page, consoleErrors }) => {
    // Seeded: 까치1 wrote #1, which 까치2, 까치1 and 까치4 liked.
    const harness = await startHarness({ dataDir: seededStore(3) })
    try {
      await page.goto(harness.url)
      await logIn(page, { email: seedEmail(1), password: seedPassword })
      const card = page.getByTestId('post-card').filter({ hasText: '#1번째 소식' })
      await expect(card).toBeVisible()
      // Every post has the menu (저장, decision 038); only one's own offers 수정 and 삭제. Nothing is marked edited yet.
      await expect(page.getByRole('button', { name: '글 메뉴' })).toHaveCount(3)
      await expect(page.getByText('수정됨')).toHaveCount(0)

      // 좋아요 3개 opens who liked it, by nickname only; Escape returns to the count.
      const count = card.getByRole('button', { name: '좋아요 3개' })
      await count.click()
      const likers = page.getByRole('dialog', { name: /좋아요한 사람/ })
      await expect(likers.getByRole('listitem')).toHaveText(['까치4', '까치1', '까치2'])
      expect(await likers.textContent()).not.toContain('@')
      await page.keyboard.press('Escape')
      await expect(likers).toBeHidden()
      await expect(count).toBeFocused()

      // The menu button: Enter opens it on its first item, the arrows, Home and End move, Escape closes it on the button.
      const menuButton = card.getByRole('button', { name: '글 메뉴' })
      await menuButton.focus()
      await page.keyboard.press('Enter')
      const menu = page.getByRole('menu', { name: '글 메뉴' })
      await expect(menuButton).toHaveAttribute('aria-expanded', 'true')
      await expect(menu.getByRole('menuitem', { name: '수정' })).toBeFocused()
      await page.keyboard.press('ArrowDown')
      await expect(menu.getByRole('menuitem', { name: '삭제' })).toBeFocused()
      await page.keyboard.press('ArrowDown')
      await expect(menu.getByRole('menuitem', { name: '저장' })).toBeFocused()
      await page.keyboard.press('End')
      await expect(menu.getByRole('menuitem', { name: '링크 복사' })).toBeFocused()
      await page.keyboard.press('ArrowDown')
      await expect(menu.getByRole('menuitem', { name: '수정' })).toBeFocused()
      await page.keyboard.press('Escape')
      await expect(menu).toBeHidden()
      await expect(menuButton).toBeFocused()

      // ArrowUp opens it on the last item: 링크 복사.
      await page.keyboard.press('ArrowUp')
      await expect(menu.getByRole('menuitem', { name: '링크 복사' })).toBeFocused()
      await page.keyboard.press('Enter')
      await expect(page.getByText(messages.linkCopied)).toBeVisible()
      expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^magpie:\/\/detail\//)
      await expect(menuButton).toBeFocused()

      // 수정 → the editor; saved, the post says 수정됨, in the post and in the feed.
      await page.keyboard.press('Enter')
      await page.keyboard.press('Enter')
      await expect(page.getByRole('heading', { name: '게시글 수정' })).toBeVisible()
      await page.getByLabel('글 내용').fill('고쳐 쓴 첫 소식')
      await page.getByRole('button', { name: '수정하기' }).click()
      await expect(page.getByTestId('post-detail')).toContainText('수정됨')
      await page.getByRole('button', { name: '목록으로' }).click()
      const edited = page.getByTestId('post-card').filter({ hasText: '고쳐 쓴 첫 소식' })
      await expect(edited).toContainText('수정됨')

      // 삭제 asks first; 취소 keeps the post and returns to the menu button.
      const editedMenu = edited.getByRole('button', { name: '글 메뉴' })
      await editedMenu.focus()
      await page.keyboard.press('ArrowDown')
      await page.keyboard.press('ArrowDown')
      await page.keyboard.press('Enter')
      const question = page.getByRole('alertdialog', { name: '이 게시글을 삭제할까요?' })
      await question.getByRole('button', { name: '취소' }).click()
      await expect(editedMenu).toBeFocused()
      await expect(edited).toBeVisible()
      // 삭제 deletes; the focus goes to a post, not to the page.
      await editedMenu.click()
      await page.getByRole('menuitem', { name: '삭제' }).click()
      await question.getByRole('button', { name: '삭제', exact: true }).click()
      await expect(page.getByText('게시글을 삭제했어요')).toBeVisible()
      await expect(edited).toHaveCount(0)
      await expect(page.locator('article:focus')).toHaveCount(1)
      expect(consoleErrors).toEqual([])
    } finally {
    await page.goto('about:blank')
      await harness.stop()
    }
  })
})
