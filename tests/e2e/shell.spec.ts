import AxeBuilder from '@axe-core/playwright'
import type { Locator, Page, WebSocketRoute } from '@playwright/test'
import type { EventPayloads } from '../../src/shared/ipc/contract'
import type { ShellView } from '../../src/shared/types'
import type { ScriptedUpdaterEvent } from '../../src/harness/harness-shell'
import { animationsDone, expect, newAccount, signUp, test, type Harness } from './fixtures'

/**
 * The desktop shell as the page sees it: 설정 → 앱, the update prompt driven by the harness's
 * scripted updater, main's notices and menu command, and a draft that survives the reload
 * main does after a renderer crash.
 */

interface ShellRecording {
  checks: number
  installs: number
  loginItems: boolean[]
  view: ShellView
}

const harnessApi = (harness: Harness, path: string) => `${harness.origin}/__harness/${path}?token=${harness.token}`

async function recording(harness: Harness): Promise<ShellRecording> {
  return (await (await fetch(harnessApi(harness, 'shell'), { signal: AbortSignal.timeout(10_000) })).json()) as ShellRecording
}

async function fire(harness: Harness, step: ScriptedUpdaterEvent): Promise<void> {
  const answer = await fetch(harnessApi(harness, 'shell/updater'), { method: 'POST', body: JSON.stringify(step) })
  expect(answer.status).toBe(204)
}

/**
 * Main's events that only Electron sends (app:notice after a crash, the menu's app:command),
 * put into the page's IPC socket; everything else passes through to the harness as it is.
 */
async function relayMain(page: Page) {
  let socket: WebSocketRoute | null = null
  await page.routeWebSocket(/\/ipc\?/, (route) => {
    route.connectToServer()
    socket = route
  })
  return <E extends 'app:notice' | 'app:command'>(event: E, payload: EventPayloads[E]) => {
    expect(socket, 'the page’s IPC socket').not.toBeNull()
    socket!.send(JSON.stringify({ event, payload }))
  }
}

const wcag = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

/** axe over one part of the page in both schemes (the scheme follows the OS), animations settled. */
async function axeBothSchemes(page: Page, selector: string, where: string): Promise<string[]> {
  const found: string[] = []
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme)
    await animationsDone(page)
    const result = await new AxeBuilder({ page }).withTags(wcag).include(selector).analyze()
    found.push(
      ...result.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${where} (${colorScheme}): ${v.id} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
    )
  }
  await page.emulateMedia({ colorScheme: 'light' })
  return found
}

async function openAppSettings(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: '설정' }).click()
  const dialog = page.getByRole('dialog', { name: '설정' })
  const section = dialog.getByRole('region', { name: '앱' })
  await expect(section.getByText('버전 0.1.0')).toBeVisible()
  return section
}

test('설정 → 앱: the switches are saved by main, and a check finds this version is the latest', async ({ page, harness, consoleErrors }) => {
  void consoleErrors
  await page.goto(harness.url)
  const section = await openAppSettings(page)

  const atLogin = section.getByRole('switch', { name: '컴퓨터를 켜면 까치 시작' })
  await expect(atLogin).not.toBeChecked()
  await atLogin.click()
  await expect(atLogin).toBeChecked()
  await expect.poll(async () => (await recording(harness)).loginItems).toEqual([true])

  const auto = section.getByRole('switch', { name: '자동으로 업데이트' })
  await expect(auto).toBeChecked()
  await auto.press('Space')
  await expect(auto).not.toBeChecked()
  // Saving keeps the keyboard where it was.
  await expect(auto).toBeFocused()
  await expect.poll(async () => (await recording(harness)).view.autoUpdate).toBe(false)

  const channel = section.getByRole('combobox', { name: '업데이트 채널' })
  await expect(channel).toHaveValue('stable')
  await channel.selectOption('beta')
  await expect.poll(async () => (await recording(harness)).view.updateChannel).toBe('beta')

  await section.getByRole('button', { name: '업데이트 확인' }).click()
  await expect(section.getByTestId('update-status')).toContainText('최신 버전이에요')
  expect((await recording(harness)).checks).toBe(1)

  // Saved in the profile folder: a new page of this copy shows the same.
  await page.reload()
  const again = await openAppSettings(page)
  await expect(again.getByRole('switch', { name: '컴퓨터를 켜면 까치 시작' })).toBeChecked()
  await expect(again.getByRole('switch', { name: '자동으로 업데이트' })).not.toBeChecked()
  await expect(again.getByRole('combobox', { name: '업데이트 채널' })).toHaveValue('beta')

  expect(await axeBothSchemes(page, '[data-testid="settings-dialog"]', 'settings dialog')).toEqual([])
})

test('a scripted update: progress in 설정, then a quiet prompt whose notes are text; 다시 시작 installs, 나중에 puts it off', async ({
  page,
  harness,
  consoleErrors
}) => {
  void consoleErrors
  await page.goto(harness.url)
  const section = await openAppSettings(page)

  await fire(harness, { event: 'update-available', info: { version: '0.2.0' } })
  await fire(harness, { event: 'download-progress', percent: 42 })
  const bar = section.getByRole('progressbar', { name: '새 버전 0.2.0' })
  await expect(bar).toHaveJSProperty('value', 42)
  await expect(section.getByTestId('update-status')).toContainText('새 버전을 내려받고 있어요 (42%)')
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  // The dialog hands the focus back to its opener (a moment after it closes).
  await expect(page.getByRole('button', { name: '설정' })).toBeFocused()
  const focused = await page.evaluate(() => document.activeElement?.outerHTML)

  const hostile = '<img src=x onerror="window.__pwned = 1">Faster feed<script>window.__pwned = 2</script>'
  await fire(harness, { event: 'update-downloaded', info: { version: '0.2.0', releaseNotes: hostile } })
  const prompt = page.getByRole('complementary', { name: '새 버전이 준비됐어요' })
  await expect(prompt).toBeVisible()
  await expect(prompt).toContainText('새 버전 0.2.0')
  // It arrives without taking the focus from where the reader was.
  expect(await page.evaluate(() => document.activeElement?.outerHTML)).toBe(focused)

  await prompt.getByText('새 버전에서 달라진 점').click()
  const notes = prompt.getByTestId('release-notes')
  await expect(notes).toBeVisible()
  await expect(notes).not.toContainText('<img')
  expect(await notes.evaluate((element) => ({ text: element.textContent, children: element.childElementCount }))).toEqual({
    text: 'Faster feedwindow.__pwned = 2',
    children: 0
  })
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined()
  expect(await page.locator('img[src="x"]').count()).toBe(0)

  expect(await axeBothSchemes(page, '[data-testid="update-prompt"]', 'update prompt')).toEqual([])

  await prompt.getByRole('button', { name: '다시 시작' }).click()
  await expect.poll(async () => (await recording(harness)).installs).toBe(1)
  // By keyboard: the card goes, and the focus moves on to the page's next control, never the body.
  await prompt.getByRole('button', { name: '나중에' }).focus()
  await page.keyboard.press('Enter')
  await expect(prompt).toHaveCount(0)
  expect(await page.evaluate(() => document.activeElement !== document.body && document.activeElement !== null)).toBe(true)
})

test('after a crash main reloads the page: the draft is still there, and main’s notice shows once; the menu opens 설정', async ({
  page,
  harness,
  consoleErrors
}) => {
  void consoleErrors
  const send = await relayMain(page)
  await page.goto(harness.url)
  await signUp(page, newAccount('shell'))
  await page.getByRole('button', { name: '글쓰기' }).click()
  const text = page.getByLabel('글 내용')
  await text.fill('크래시가 나도 남는 글\n두 번째 줄')
  await page.getByText('텍스트 오른쪽', { exact: true }).click()
  await expect(page.getByLabel('텍스트 오른쪽')).toBeChecked()

  await page.reload()
  await expect(text).toHaveValue('크래시가 나도 남는 글\n두 번째 줄')
  await expect(page.getByLabel('텍스트 오른쪽')).toBeChecked()

  send('app:notice', { notice: 'rendererRecovered' })
  await expect(page.locator('[data-sonner-toast]')).toHaveText('화면에 문제가 생겨서 다시 열었어요. 쓰던 글은 남아 있어요')
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(1)

  await text.focus()
  send('app:command', { command: 'settings' })
  const dialog = page.getByRole('dialog', { name: '설정' })
  await expect(dialog).toBeVisible()
  await expect(dialog.locator(':focus')).toHaveCount(1)
  await page.keyboard.press('Escape')
  await expect(text).toBeFocused()
})
