/// <reference lib="dom" />
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { routeFromLink } from '../../src/shared/deep-link'
import { invitationLink } from '../../src/shared/invitation-link'
import { format, messages } from '../../src/shared/messages'
import { startAuthEmulator, type AuthEmulator } from '../support/auth-emulator'
import { expect, seededStore, startHarness, test, watchConsole } from './fixtures'

test.use({ permissions: ['clipboard-read', 'clipboard-write'] })

test('링크 복사 on a post puts its magpie:// link on the clipboard and says so', async ({ page, consoleErrors }) => {
  const harness = await startHarness({ dataDir: seededStore(3, 2) })
  try {
    await page.goto(harness.url)
    await page.getByTestId('post-card').first().locator('a[href*="detail/"]').first().click()
    await expect(page.getByTestId('post-detail')).toBeVisible()
    const postId = /#\/detail\/([^/?#]+)$/.exec(page.url())?.[1]
    expect(postId).toBeTruthy()

    await page.getByRole('button', { name: messages.copyLink }).click()
    await expect(page.getByText(messages.linkCopied)).toBeVisible()
    const copied = await page.evaluate(() => navigator.clipboard.readText())
    expect(copied).toBe(`magpie://detail/${postId}`)
    // The link opens this very post when the OS hands it to Magpie.
    expect(routeFromLink(copied)).toBe(`/detail/${decodeURIComponent(postId!)}`)
    expect(consoleErrors).toEqual([])
  } finally {
  await page.goto('about:blank')
    await harness.stop()
  }
})

test.describe('invitation links', () => {
  let emulator: AuthEmulator | null = null
  // One emulator for these tests: they stay in one worker (playwright.config.ts).
  test.describe.configure({ mode: 'default' })
  test.beforeAll(async () => {
    // firebase-tools loading its CLI is CPU-bound: beside another worker's browser on a busy 2-core
    // machine it has taken over a minute, so the hook gets the start's own budget and a margin.
    test.setTimeout(200_000)
    emulator = await startAuthEmulator({ timeoutMs: 180_000 })
  })
  test.afterAll(async () => {
    await emulator?.stop()
  })

  /** A web config for the emulator's demo project (demo-* projects never reach Google). */
  const demo = {
    apiKey: 'AIzaSyDx3vQ9_kK2mQe7-TbUq0WZpL4nR8sYc1E',
    authDomain: 'demo-magpie.firebaseapp.com',
    databaseURL: 'https://demo-magpie-default-rtdb.firebaseio.com',
    projectId: 'demo-magpie',
    storageBucket: 'demo-magpie.appspot.com',
    appId: '1:1234567890:web:0a1b2c3d4e5f60718293a4'
  }

  test('main refuses a bad link with why, asks once about a good one, and 연결 connects; 설정 copies the link again', async ({ page }) => {
    const consoleErrors = watchConsole(page)
    const harness = await startHarness({ env: { MAGPIE_FIREBASE_EMULATORS: `auth=${emulator!.host}` } })
    const saved = join(harness.profileDir, 'community.json')
    try {
      await page.goto(harness.url)
      await expect(page.getByTestId('post-card').or(page.getByText(messages.emptyFeed))).toBeVisible()
      const link = invitationLink(demo)
      const card = page.getByTestId('invitation')

      // Anything but the six fields is refused by main, in words; nothing is asked or saved.
      expect(await harness.openLink(`${link}&name=${encodeURIComponent('공식 까치 커뮤니티')}`)).toBe('/join')
      await expect(card.getByRole('heading', { name: messages.invitationRefusedTitle })).toBeFocused()
      await expect(card).toContainText(messages.invitationUnknownParam)
      await expect(card.getByRole('button', { name: messages.invitationAccept })).toHaveCount(0)
      await harness.openLink(invitationLink({ ...demo, apiKey: 'AIzaFAKEFAKE' }))
      await expect(card).toContainText(format.invitationBadField(messages.configLabelApiKey, messages.configApiKeyLength))
      await harness.openLink(`${link}&projectId=evil-project`)
      await expect(card).toContainText(messages.invitationDuplicateParam)

      // A good link names its community and asks; 취소 lets it go.
      await harness.openLink(link)
      const ask = card.getByRole('heading', { name: format.invitationAsk('demo-magpie') })
      await expect(ask).toBeFocused()
      await card.getByRole('button', { name: messages.cancel }).click()
      await expect(page).toHaveURL(/#\/$/)
      expect(existsSync(saved)).toBe(false)

      // Asked again, 연결 connects through the settings' path: tried, saved, switched to.
      await harness.openLink(link)
      await expect(ask).toBeVisible()
      await card.getByRole('button', { name: messages.invitationAccept }).click()
      await expect(page.getByText(messages.connected)).toBeVisible()
      await expect(page).toHaveURL(/#\/$/)
      expect(existsSync(saved)).toBe(true)
      // Asked once: the invitation is gone now.
      await page.goto(`${harness.url}#/join`)
      await expect(card).toContainText(messages.invitationNone)

      // Anyone connected copies the community's link from 설정.
      await page.getByRole('button', { name: messages.settings }).click()
      const dialog = page.getByRole('dialog', { name: messages.settings })
      await expect(dialog.getByTestId('connection-status')).toContainText(format.connectedTo('demo-magpie'))
      await dialog.getByRole('button', { name: messages.copyInvitation }).click()
      await expect(page.getByText(messages.invitationCopied)).toBeVisible()
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link)
      expect(consoleErrors).toEqual([])
    } finally {
    await page.goto('about:blank')
      await harness.stop()
    }
  })
})
