import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { animationsDone, composePost, expect, newAccount, sameStore, signUp, test } from './fixtures'
import { makePhoto } from './photos'

/**
 * Block and mute through the harness (docs/decisions/025-block-and-mute.md): Alice blocks Bob from
 * his comment's menu; in the other app copy on the same store Bob's next comment is refused
 * without being told why; 설정 → 차단 및 숨김 lists him and undoes it. The new menu and list pass
 * axe in both schemes.
 */
const wcag = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']

async function axeBoth(page: Page, where: string, include: string): Promise<string[]> {
  const found: string[] = []
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme)
    await animationsDone(page)
    const result = await new AxeBuilder({ page }).withTags(wcag).include(include).analyze()
    found.push(...result.violations.map((v) => `${where} (${colorScheme}): ${v.id} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`))
  }
  await page.emulateMedia({ colorScheme: 'light' })
  return found
}

test('block from a comment\'s menu: the comment goes, the blocked copy is refused, 설정 undoes it', async ({ openCopy }) => {
  const { copy: copyA, page: pageA } = await openCopy()
  const { copy: copyB, page: pageB } = await openCopy(sameStore(copyA, 'b'))
  const alice = newAccount('alice')
  const bob = newAccount('bob')
  await pageA.goto(copyA.url)
  await signUp(pageA, alice)
  await composePost(pageA, '차단을 확인하는 글', await makePhoto('blocks'))
  await expect(pageA.getByTestId('post-card')).toHaveCount(1)

  await pageB.goto(copyB.url)
  await signUp(pageB, bob)
  await pageB.getByTestId('post-card').locator('p').first().click()
  await pageB.getByLabel('댓글을 남겨 주세요').fill('밥의 첫 댓글')
  await pageB.getByRole('button', { name: '등록' }).click()
  await expect(pageB.getByTestId('comment')).toHaveCount(1)

  // Alice opens the post: Bob's comment has his menu; her own post has none.
  await pageA.getByTestId('post-card').locator('p').first().click()
  await expect(pageA.getByTestId('comment')).toHaveCount(1)
  await expect(pageA.getByTestId('post-detail').getByRole('button', { name: `${alice.nickname}님 메뉴` })).toHaveCount(0)
  const menuButton = pageA.getByRole('button', { name: `${bob.nickname}님 메뉴` })
  await menuButton.click()
  const menu = pageA.getByRole('menu', { name: `${bob.nickname}님 메뉴` })
  await expect(menu.getByRole('menuitem', { name: '숨기기' })).toBeFocused()
  await pageA.keyboard.press('ArrowDown')
  await expect(menu.getByRole('menuitem', { name: '차단' })).toBeFocused()
  const found = await axeBoth(pageA, 'person menu', '[data-testid="comment"]')
  // Escape gives the focus back to the menu's button.
  await pageA.keyboard.press('Escape')
  await expect(menu).toBeHidden()
  await expect(menuButton).toBeFocused()

  await menuButton.click()
  await menu.getByRole('menuitem', { name: '차단' }).click()
  const confirm = pageA.getByRole('alertdialog')
  await expect(confirm).toContainText(`${bob.nickname}님을 차단할까요?`)
  await confirm.getByRole('button', { name: '차단' }).click()
  await expect(pageA.getByText(`${bob.nickname}님을 차단했어요`)).toBeVisible()
  await expect(pageA.getByTestId('comment')).toHaveCount(0)
  await expect(pageA.getByTestId('post-detail').getByText('댓글 0개')).toBeVisible()
  await expect(pageA.locator('body')).not.toBeFocused()

  // Bob, in the other copy, is refused, and not told why.
  await pageB.getByLabel('댓글을 남겨 주세요').fill('밥의 두 번째 댓글')
  await pageB.getByRole('button', { name: '등록' }).click()
  await expect(pageB.getByText('이 게시글에는 댓글을 남길 수 없어요')).toBeVisible()
  await expect(pageB.getByLabel('댓글을 남겨 주세요')).toHaveValue('밥의 두 번째 댓글')

  // 설정 lists Bob (nickname, no email) and undoes the block.
  await pageA.getByRole('button', { name: '설정' }).click()
  const settings = pageA.getByRole('dialog', { name: '설정' })
  const row = settings.getByTestId('blocked-person')
  await expect(row).toHaveCount(1)
  await expect(row).toContainText(bob.nickname)
  await expect(row).toContainText('차단함')
  await expect(settings).not.toContainText(bob.email)
  found.push(...(await axeBoth(pageA, 'settings blocks list', '[data-testid="settings-blocks"]')))
  await row.getByRole('button', { name: '차단 해제' }).click()
  await expect(settings.getByText('차단하거나 숨긴 사람이 없어요')).toBeVisible()
  await expect(settings.getByRole('heading', { name: '차단 및 숨김' })).toBeFocused()
  await pageA.keyboard.press('Escape')
  await expect(pageA.getByTestId('comment')).toHaveCount(1)

  await pageB.getByRole('button', { name: '등록' }).click()
  await expect(pageB.getByTestId('comment')).toHaveCount(2)
  expect(found).toEqual([])
})
