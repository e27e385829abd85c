import type { Page } from '@playwright/test'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { format } from '../../src/shared/messages'
import { startCommunityEmulators, type CommunityEmulators } from '../support/emulators/community'
import { composePost, expect, newAccount, signUp, test, type HarnessStart } from './fixtures'
import { makePhoto } from './photos'

/**
 * Two computers in one community: two harness processes, each with its own data folder and
 * profile, on the real Auth and Firestore emulators (firestore.rules loaded), firebase-tools'
 * Storage emulator without rules, and the Realtime Database test server
 * (tests/support/emulators/database-server.mjs: the SDK's own wire protocol, database.rules.json
 * through targaryen). docs/firebase.md §5 says which parts are real.
 */

let community: CommunityEmulators | null = null

// One set of emulators for the file's tests: they stay in one worker (playwright.config.ts).
test.describe.configure({ mode: 'default' })

test.beforeAll(async () => {
  // A JVM and three Node servers starting at once on a busy 2-core machine.
  test.setTimeout(240_000)
  community = await startCommunityEmulators({ timeoutMs: 180_000 })
})

test.afterAll(async () => {
  await community?.stop()
})

function computer(name: string): HarnessStart {
  // Its own data folder and profile: nothing shared but the community.
  const dataDir = mkdtempSync(join(tmpdir(), `magpie-walk-${name}-`))
  return { dataDir, profileDir: join(dataDir, 'profile'), env: community!.env }
}

const card = (page: Page, text: string) => page.getByTestId('post-card').filter({ hasText: text })

/** What one computer sees of the other's doings: through the emulators, slower than the page's own steps on a loaded machine. */
const across = expect.configure({ timeout: 30_000 })

test('two computers in one community: sign-up, a post, a like and a comment seen live, unlike, delete', async ({ openCopy }) => {
  test.setTimeout(180_000)
  const { copy: copyA, page: pageA, errors: errorsA } = await openCopy(computer('a'))
  const { copy: copyB, page: pageB, errors: errorsB } = await openCopy(computer('b'))
  // Sign-up on each computer: accounts in the Auth emulator, users documents in Firestore.
  const alice = newAccount('alice')
  const bob = newAccount('bob')
  await pageA.goto(copyA.url)
  await signUp(pageA, alice)
  await pageB.goto(copyB.url)
  await signUp(pageB, bob)

  // A posts (the photo goes to Storage, the document to Firestore) and stays on the feed.
  await composePost(pageA, '두 컴퓨터가 같이 보는 글', await makePhoto('walk'))
  const cardA = card(pageA, '두 컴퓨터가 같이 보는 글')
  await expect(cardA).toBeVisible()
  const postId = await cardA.getAttribute('data-post-id')

  // B's feed shows it without reloading, with A's photo downloaded from Storage.
  const cardB = card(pageB, '두 컴퓨터가 같이 보는 글')
  await across(cardB).toBeVisible()
  const photoB = cardB.locator('[data-layout] img').first()
  await expect.poll(() => photoB.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)), { timeout: 20_000 }).toBeGreaterThan(0)

  // B likes on the card and comments on the post; A's card (the post is not open on A) follows live.
  await cardB.getByTestId('like-button').click()
  await expect(cardB.getByTestId('like-count')).toHaveText('좋아요 1개')
  await across(cardA.getByTestId('like-count')).toHaveText('좋아요 1개')
  await cardB.locator('p').first().click()
  await expect(pageB.getByTestId('post-detail')).toBeVisible()
  await pageB.getByLabel('댓글을 남겨 주세요').fill('다른 컴퓨터에서 남긴 댓글')
  await pageB.getByRole('button', { name: '등록' }).click()
  await expect(pageB.getByText('댓글을 남겼어요')).toBeVisible()
  await across(cardA).toContainText(format.commentCount(1))

  // A's alerts arrive through the Realtime Database: one like, one comment.
  await across(pageA.getByTestId('alert-badge')).toHaveText('2')

  // A opens the post: the like and the comment are there; B's unlike shows on it live.
  await cardA.locator('p').first().click()
  await expect(pageA).toHaveURL(new RegExp(`#/detail/${postId}$`))
  await expect(pageA.getByTestId('comment')).toContainText('다른 컴퓨터에서 남긴 댓글')
  await expect(pageA.getByTestId('like-count')).toHaveText('좋아요 1개')
  await pageB.getByTestId('like-button').click()
  await expect(pageB.getByTestId('like-count')).toHaveText('좋아요 0개')
  await across(pageA.getByTestId('like-count')).toHaveText('좋아요 0개')

  // B back on the feed; A deletes the post, and it leaves B's feed.
  await pageB.getByRole('link', { name: '홈' }).click()
  await expect(cardB).toBeVisible()
  await pageA.getByRole('button', { name: '글 메뉴' }).click()
  await pageA.getByRole('menuitem', { name: '수정' }).click()
  await pageA.getByRole('button', { name: '삭제하기' }).click()
  await pageA.getByRole('alertdialog').getByRole('button', { name: '삭제', exact: true }).click()
  await expect(pageA.getByText('게시글을 삭제했어요')).toBeVisible()
  await expect(cardA).toBeHidden()
  await across(cardB).toBeHidden()

  await pageA.goto('about:blank')
  await pageB.goto('about:blank')
  expect(errorsA).toEqual([])
  expect(errorsB).toEqual([])
})
