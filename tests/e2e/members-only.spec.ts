import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { run } from '../../scripts/community/commands'
import { startCommunityEmulators, type CommunityEmulators } from '../support/emulators/community'
import { animationsDone, composePost, expect, logIn, newAccount, signUp, test, type HarnessStart } from './fixtures'
import { makePhoto } from './photos'

/**
 * A members-only community (docs/decisions/045-members-only.md) on the real Auth and Firestore
 * emulators with the shipped rules: the operator closes it (`npm run community -- access
 * members-only`, which imports the moderator already in), a newcomer sees the 가입 요청 page and
 * sends a request, the moderator approves it from their page (its badge), and the newcomer's feed
 * opens live, without a restart. axe and screenshots of both pages, light and dark.
 */

let community: CommunityEmulators | null = null

// One set of emulators for the file's tests: they stay in one worker (playwright.config.ts).
test.describe.configure({ mode: 'default' })

test.beforeAll(async () => {
  // A JVM and three Node servers starting at once on a busy 2-core machine.
  test.setTimeout(240_000)
  community = await startCommunityEmulators({ timeoutMs: 180_000 })
  // The operator's command reaches the emulators as the Admin SDK does: through these.
  process.env.FIRESTORE_EMULATOR_HOST = community.hosts.firestore
  process.env.FIREBASE_AUTH_EMULATOR_HOST = community.hosts.auth
})

test.afterAll(async () => {
  // The worker goes on to other files' tests: none of them may reach these emulators.
  delete process.env.FIRESTORE_EMULATOR_HOST
  delete process.env.FIREBASE_AUTH_EMULATOR_HOST
  await community?.stop()
})

const operator = (...words: string[]) => run([...words, '--project', community!.config.projectId], process.env)

function computer(name: string): HarnessStart {
  const dataDir = mkdtempSync(join(tmpdir(), `magpie-members-${name}-`))
  return { dataDir, profileDir: join(dataDir, 'profile'), env: community!.env }
}

const wcag = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice', 'experimental']

/** axe in light and dark, and a screenshot at 900 and 1280 px of each. */
async function looked(page: Page, name: string, outputPath: (file: string) => string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' })
    await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme)
    await animationsDone(page)
    const result = await new AxeBuilder({ page }).withTags(wcag).exclude('[data-sonner-toaster]').analyze()
    expect(result.violations.map((v) => `${name} (${colorScheme}): ${v.id} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
    for (const width of [900, 1280]) {
      await page.setViewportSize({ width, height: 760 })
      await page.screenshot({ path: outputPath(`${name}-${colorScheme}-${width}.png`) })
    }
  }
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' })
}

/** What one computer sees of the other's doings: through the emulators, slower than the page's own steps on a loaded machine. */
const across = expect.configure({ timeout: 30_000 })

test('a newcomer asks to join a members-only community, a moderator approves, and the feed opens live', async ({ openCopy }, testInfo) => {
  test.setTimeout(240_000)
  const { copy: copyA, page: pageA } = await openCopy(computer('moderator'))
  const { copy: copyB, page: pageB } = await openCopy(computer('newcomer'))
  const alice = newAccount('alice')
  const bob = newAccount('bob')

  // Alice is in already; the operator names her moderator and closes the community (she is imported).
  await pageA.goto(copyA.url)
  await signUp(pageA, alice)
  await composePost(pageA, '회원만 보는 글', await makePhoto('members'))
  await expect(pageA.getByTestId('post-card').filter({ hasText: '회원만 보는 글' })).toBeVisible()
  await operator('moderator', 'add', alice.email)
  expect(await operator('access', 'members-only')).toContain('이제 회원만')
  // The claim is in her next token: she signs in again.
  await pageA.getByRole('button', { name: '로그아웃' }).click()
  await logIn(pageA, alice)
  await expect(pageA.getByRole('link', { name: '신고' })).toBeVisible()

  // Bob signs up after: not a member, he gets the door, never an empty feed.
  await pageB.goto(copyB.url)
  await signUp(pageB, bob)
  await expect(pageB.getByRole('heading', { level: 1, name: '이 커뮤니티는 회원만 볼 수 있어요' })).toBeVisible()
  await expect(pageB.getByTestId('post-card')).toHaveCount(0)
  await looked(pageB, 'join', testInfo.outputPath.bind(testInfo))
  await pageB.getByLabel('운영진에게 한마디 (선택)').fill('사진 모임에서 소개받았어요')
  await pageB.getByRole('button', { name: '가입 요청 보내기' }).click()
  await expect(pageB.getByText('요청을 보냈어요 — 운영진이 승인하면 바로 열려요')).toBeVisible()
  await expect(pageB.getByRole('button', { name: '요청 취소' })).toBeVisible()

  // Alice's way to her page counts it; the 가입 요청 tab lists it (a nickname and the words, no email).
  await across(pageA.getByTestId('join-badge')).toContainText('1')
  await pageA.getByRole('link', { name: /신고/ }).click()
  await pageA.getByRole('tab', { name: /가입 요청/ }).click()
  const row = pageA.getByRole('listitem').filter({ hasText: bob.nickname })
  await expect(row).toContainText('사진 모임에서 소개받았어요')
  await expect(pageA.getByRole('main')).not.toContainText('@')
  await looked(pageA, 'join-requests', testInfo.outputPath.bind(testInfo))
  await row.getByRole('button', { name: `${bob.nickname} 승인` }).click()
  await expect(pageA.getByText('기다리는 가입 요청이 없어요')).toBeVisible()

  // Bob's copy hears it on his own member document: the feed opens without a restart.
  await across(pageB.getByTestId('post-card').filter({ hasText: '회원만 보는 글' })).toBeVisible()
  await expect(pageB.getByRole('heading', { name: '이 커뮤니티는 회원만 볼 수 있어요' })).toHaveCount(0)
})
