import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { deleteApp, initializeApp } from 'firebase-admin/app'
import { getAuth } from 'firebase-admin/auth'
import { mkdirSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { messages } from '../../src/shared/messages'
import { invitationFormat } from '../../src/shared/messages/invitation-codes'
import { startCommunityEmulators, type CommunityEmulators } from '../support/emulators/community'
import { PROJECT_ID } from '../support/emulators/project'
import { animationsDone, composePost, expect, logIn, newAccount, signUp, test, type HarnessStart } from './fixtures'
import { makePhoto } from './photos'

/**
 * Invitations with a join code (docs/decisions/047-invitation-codes.md) on the emulators, rules
 * loaded: a moderator (the claim set with the Admin SDK, as `npm run community -- moderator add`
 * does) makes an invitation on the 신고 page's 초대 링크 tab and copies its link; on another
 * computer a new account opens that link, answers 가입, becomes a member and reads the feed. The
 * same link opened once more is used up. The tab passes axe in both schemes; screenshots of it at
 * 900 and 1280 px go to MAGPIE_SCREENSHOTS when set.
 */
const wcag = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']
let community: CommunityEmulators | null = null

test.beforeAll(async () => {
  test.setTimeout(240_000)
  community = await startCommunityEmulators({ timeoutMs: 180_000 })
})

test.afterAll(async () => {
  await community?.stop()
})

function computer(name: string): HarnessStart {
  const dataDir = mkdtempSync(join(tmpdir(), `magpie-invite-${name}-`))
  return { dataDir, profileDir: join(dataDir, 'profile'), env: community!.env }
}

/** `npm run community -- moderator add`'s call, on the Auth emulator. */
async function makeModerator(email: string): Promise<void> {
  process.env.FIREBASE_AUTH_EMULATOR_HOST = community!.hosts.auth
  const admin = initializeApp({ projectId: PROJECT_ID }, `invite-admin-${Date.now()}`)
  try {
    const auth = getAuth(admin)
    await auth.setCustomUserClaims((await auth.getUserByEmail(email)).uid, { moderator: true })
  } finally {
    await deleteApp(admin)
  }
}

async function axeAndShots(page: Page, name: string): Promise<string[]> {
  const found: string[] = []
  const dir = process.env.MAGPIE_SCREENSHOTS
  if (dir) mkdirSync(dir, { recursive: true })
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 })
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme)
    for (const width of [900, 1280]) {
      await page.setViewportSize({ width, height: 900 })
      await animationsDone(page)
      if (dir) await page.screenshot({ path: join(dir, `${name}-${colorScheme}-${width}.png`), fullPage: true })
    }
    const result = await new AxeBuilder({ page }).withTags(wcag).analyze()
    found.push(...result.violations.map((v) => `${name} (${colorScheme}): ${v.id} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`))
  }
  await page.emulateMedia({ colorScheme: 'light' })
  return found
}

test('a moderator\'s invitation link makes a new account a member, once', async ({ openCopy }) => {
  test.setTimeout(240_000)
  const { copy: copyA, page: pageA, errors: errorsA } = await openCopy(computer('mod'))
  const moderator = newAccount('mod')
  await pageA.goto(copyA.url)
  await signUp(pageA, moderator)
  await composePost(pageA, '회원만 보는 가족 사진', await makePhoto('invite'))
  await makeModerator(moderator.email)
  // The claim is read at sign-in.
  await pageA.getByRole('button', { name: '로그아웃' }).click()
  await logIn(pageA, moderator)
  await pageA.getByRole('link', { name: '신고' }).click()
  await pageA.getByRole('tab', { name: messages.invitationsSection }).click()
  await expect(pageA.getByText(messages.invitationsNone)).toBeVisible()
  await pageA.getByRole('radio', { name: messages.invitationExpiry1 }).check()
  await pageA.getByLabel(messages.invitationMaxUsesLabel).selectOption('1')
  await pageA.getByLabel(messages.invitationNoteLabel).fill('사촌 민지')
  const found = await axeAndShots(pageA, 'invitations-form')
  await pageA.getByRole('button', { name: messages.invitationCreate }).click()
  const linkBox = pageA.getByRole('textbox', { name: messages.invitationsSection })
  await expect(linkBox).toHaveValue(/^magpie:\/\/join\?apiKey=.*&code=[A-Za-z0-9_-]{32}$/)
  const link = await linkBox.inputValue()
  const row = pageA.getByRole('listitem').filter({ hasText: '사촌 민지' })
  await expect(row).toContainText('0/1번 사용')
  found.push(...(await axeAndShots(pageA, 'invitations-made')))
  // Once: after 새 초대 링크 the link is gone from the page, and the list never shows it.
  await pageA.getByRole('button', { name: messages.invitationNewLink }).click()
  await expect(pageA.locator('body')).not.toContainText(link.slice(-32))

  // Another computer: a new account opens the link, is asked, joins and reads the feed.
  const { copy: copyB, page: pageB, errors: errorsB } = await openCopy(computer('newcomer'))
  await pageB.goto(copyB.url)
  await signUp(pageB, newAccount('newcomer'))
  expect(await copyB.openLink(link)).toBe('/join')
  await expect(pageB.getByRole('heading', { name: invitationFormat.joinAsk(PROJECT_ID) })).toBeFocused()
  found.push(...(await axeAndShots(pageB, 'join-ask')))
  await pageB.getByRole('button', { name: messages.joinCodeJoin }).click()
  await expect(pageB.getByText(messages.joinCodeJoined)).toBeVisible()
  await expect(pageB.getByTestId('post-card').filter({ hasText: '회원만 보는 가족 사진' })).toBeVisible({ timeout: 30_000 })

  // The moderator's list counts it; a third account finds the link used up.
  await pageA.getByRole('tab', { name: messages.moderatorsTab }).click()
  await pageA.getByRole('tab', { name: messages.invitationsSection }).click()
  await expect(row).toContainText('1/1번 사용', { timeout: 30_000 })
  await expect(row).toContainText(messages.invitationStateUsedUp)
  await pageB.getByRole('button', { name: '로그아웃' }).click()
  await signUp(pageB, newAccount('late'))
  await copyB.openLink(link)
  await pageB.getByRole('button', { name: messages.joinCodeJoin }).click()
  await expect(pageB.getByRole('alert')).toHaveText(messages.joinCodeUsedUp)

  // A code pasted instead: the moderator's next link, under 초대 코드로 가입 on the invitation page.
  await pageA.getByRole('radio', { name: messages.invitationExpiry7 }).check()
  await pageA.getByLabel(messages.invitationMaxUsesLabel).selectOption('5')
  await pageA.getByRole('button', { name: messages.invitationCreate }).click()
  const second = await linkBox.inputValue()
  await pageB.getByRole('button', { name: messages.cancel }).click()
  await pageB.evaluate(() => (window.location.hash = '#/join'))
  const codeForm = pageB.getByTestId('join-code-form')
  await codeForm.getByLabel(messages.joinCodeFormLabel).fill('맞지 않는 코드')
  await codeForm.getByRole('button', { name: messages.joinCodeJoin }).click()
  await expect(codeForm.getByRole('alert')).toHaveText(messages.joinCodeMalformed)
  found.push(...(await axeAndShots(pageB, 'join-code-form')))
  await codeForm.getByLabel(messages.joinCodeFormLabel).fill(second)
  await codeForm.getByRole('button', { name: messages.joinCodeJoin }).click()
  await expect(pageB.getByText(messages.joinCodeJoined)).toBeVisible()
  await expect(pageB.getByTestId('post-card').filter({ hasText: '회원만 보는 가족 사진' })).toBeVisible({ timeout: 30_000 })

  expect(found).toEqual([])
  expect(errorsA).toEqual([])
  expect(errorsB).toEqual([])
})
