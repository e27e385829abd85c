import type { Page } from '@playwright/test'
import { composePost, expect, newAccount, sameStore, signUp, test } from './fixtures'
import { makePhoto } from './photos'

/**
 * 설정 → 알림 (docs/decisions/026-notification-settings.md) with two app copies on one data folder:
 * Ann turns like alerts off, Bo likes and comments from his copy, Ann mutes the post and turns it
 * back on from 설정. The badge, the tray, the list and the native notifications agree.
 */
test('likes off: listed and marked, not counted, not popped up; a muted post is not counted until it is turned back on in 설정', async ({ openCopy }) => {
  test.setTimeout(90_000)
  const ann = await openCopy()
  const bo = await openCopy(sameStore(ann.copy, 'bo'))
  const annAccount = newAccount('ann')
  await ann.page.goto(ann.copy.url)
  await signUp(ann.page, annAccount)
  await composePost(ann.page, '알림을 골라 받는 글', await makePhoto('notify'))
  await expect(ann.page.getByTestId('post-card')).toHaveCount(1)
  const boAccount = newAccount('bo')
  await bo.page.goto(bo.copy.url)
  await signUp(bo.page, boAccount)

  const settings = async (page: Page) => {
    await page.getByRole('button', { name: '설정' }).click()
    const dialog = page.getByRole('dialog', { name: '설정' })
    await expect(dialog.getByRole('switch', { name: '좋아요 알림' })).toBeVisible()
    return dialog
  }
  let dialog = await settings(ann.page)
  await dialog.getByRole('switch', { name: '좋아요 알림' }).uncheck()
  await expect(dialog.getByRole('switch', { name: '좋아요 알림' })).not.toBeChecked()
  await ann.page.keyboard.press('Escape')

  // Bo likes, then comments: only the comment pops up and counts.
  await expect(bo.page.getByTestId('post-card')).toHaveCount(1)
  await bo.page.getByTestId('like-button').click()
  await expect(bo.page.getByTestId('like-count')).toHaveText('좋아요 1개')
  await bo.page.getByTestId('post-card').click()
  await bo.page.getByLabel('댓글을 남겨 주세요').fill('좋은 글이에요')
  await bo.page.getByRole('button', { name: '등록' }).click()
  await expect.poll(async () => (await ann.copy.desktop()).notifications.map((n) => n.body)).toEqual([`${boAccount.nickname}님이 댓글을 남겼어요: 좋은 글이에요`])
  await expect(ann.page.getByTestId('alert-badge')).toHaveText('1')
  await expect.poll(async () => (await ann.copy.desktop()).badge).toBe(1)

  // 이 게시글 알림 끄기 on the post page: its comment row no longer counts.
  await ann.page.getByTestId('post-card').click()
  await ann.page.getByRole('button', { name: '이 게시글 알림 끄기' }).click()
  await expect(ann.page.getByRole('button', { name: '이 게시글 알림 켜기' })).toBeFocused()
  await expect(ann.page.getByTestId('alert-badge')).toBeHidden()
  await expect.poll(async () => (await ann.copy.desktop()).badge).toBe(0)

  // …listed in 설정, and turned back on there: counted again.
  dialog = await settings(ann.page)
  const muted = dialog.getByTestId('muted-posts')
  await expect(muted.getByRole('listitem')).toHaveCount(1)
  await expect(muted).toContainText('알림을 골라 받는 글')
  await muted.getByRole('button', { name: '알림 켜기: 알림을 골라 받는 글' }).click()
  await expect(dialog.getByText('알림을 끈 게시글이 없어요', { exact: false })).toBeVisible()
  await expect(dialog.getByRole('heading', { name: '알림을 끈 게시글' })).toBeFocused()
  await expect(ann.page.getByTestId('alert-badge')).toHaveText('1')
  await ann.page.keyboard.press('Escape')
  // Undoable on the post page too: the button reads 끄기 again.
  await expect(ann.page.getByRole('button', { name: '이 게시글 알림 끄기' })).toBeVisible()

  // The alert list shows both rows; the like row is marked as turned off.
  await ann.page.getByRole('link', { name: /알림/ }).click()
  const cards = ann.page.getByTestId('alert-card')
  await expect(cards).toHaveCount(2)
  await expect(cards.filter({ hasText: '좋아해요' })).toContainText('알림 꺼짐')
  await expect(cards.filter({ hasText: '댓글을 남겼어요' })).not.toContainText('알림 꺼짐')
  expect((await ann.copy.desktop()).notifications).toHaveLength(1)

  for (const { page, errors } of [ann, bo]) {
    await page.goto('about:blank')
    expect(errors).toEqual([])
  }
})
