import type { Page } from '@playwright/test'
import { existsSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { join } from 'node:path'
import { startAuthEmulator, type AuthEmulator } from '../support/auth-emulator'
import { composePost, expect, logIn, newAccount, sameStore, signUp, startHarness, test, watchConsole, type Harness } from './fixtures'
import { makePhoto } from './photos'

/**
 * The settings dialog through the harness: validation as typed, the console snippet,
 * connecting to a community (the Firebase Auth emulator: the one Firebase emulator that runs
 * here) and disconnecting back to the local store, and a project that refuses the config.
 */

/** A web config for the emulator's demo project (demo-* projects never reach Google). */
const demoConfig = {
  apiKey: 'AIzaSyDx3vQ9_kK2mQe7-TbUq0WZpL4nR8sYc1E',
  authDomain: 'demo-magpie.firebaseapp.com',
  databaseURL: 'https://demo-magpie-default-rtdb.firebaseio.com',
  projectId: 'demo-magpie',
  storageBucket: 'demo-magpie.appspot.com',
  appId: '1:1234567890:web:0a1b2c3d4e5f60718293a4'
}

const consoleSnippet = (config: Record<string, string>) => `// Import the functions you need from the SDKs you need
import { initializeApp } from "firebase/app";

// Your web app's Firebase configuration
const firebaseConfig = {
${Object.entries(config)
  .map(([key, value]) => `  ${key}: "${value}",`)
  .join('\n')}
  messagingSenderId: "1234567890"
};

// Initialize Firebase
const app = initializeApp(firebaseConfig);`

const fields = ['apiKey', 'authDomain', 'databaseURL', 'projectId', 'storageBucket', 'appId'] as const
/** Each field as a member reads it; its Firebase name is its description. */
const labels = { apiKey: 'API 키', authDomain: '로그인 주소', databaseURL: '데이터베이스 주소', projectId: '커뮤니티 ID', storageBucket: '사진 저장소', appId: '앱 ID' }
const pasteLabel = '받은 연결 정보 붙여 넣기'

async function openSettings(page: Page) {
  await page.getByRole('button', { name: '설정' }).click()
  const dialog = page.getByRole('dialog', { name: '설정' })
  await expect(dialog).toBeVisible()
  return dialog
}

let emulator: AuthEmulator | null = null
const harnesses: Harness[] = []

// One emulator for the file's tests: they stay in one worker (playwright.config.ts).
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

test.afterEach(async () => {
  for (const harness of harnesses.splice(0)) await harness.stop()
})

async function harnessWith(env: Record<string, string>): Promise<Harness> {
  const harness = await startHarness({ env })
  harnesses.push(harness)
  return harness
}

test('says what is wrong as the config is typed, and the console snippet fills the fields', async ({ page, harness, consoleErrors }) => {
  await page.goto(harness.url)
  const dialog = await openSettings(page)
  await expect(dialog.getByText('이 컴퓨터에만 저장')).toBeVisible()

  await expect(dialog.getByText('커뮤니티 관리자에게 받은 초대 링크를 열면 바로 연결돼요', { exact: false })).toBeVisible()

  // Each message names the rule the value actually breaks.
  const apiKey = dialog.getByLabel('API 키')
  await expect(apiKey).toHaveAccessibleDescription('apiKey')
  await apiKey.fill('AIzaFAKEFAKE')
  await expect(dialog.getByText('API 키는 39자예요')).toBeVisible()
  await apiKey.fill('aiza')
  await expect(dialog.getByText('API 키는 AIza로 시작해요')).toBeVisible()
  await dialog.getByLabel('커뮤니티 ID').fill('nope')
  await expect(dialog.getByText('커뮤니티 ID는 6~30자예요')).toBeVisible()
  await dialog.getByLabel('커뮤니티 ID').fill('Nope-nope')
  await expect(dialog.getByText('커뮤니티 ID에는 영문 소문자, 숫자, -만 들어가요')).toBeVisible()
  const databaseUrl = dialog.getByLabel('데이터베이스 주소')
  const databaseRule = '데이터베이스 주소는 https://로 시작하는 firebaseio.com이나 firebasedatabase.app 주소예요 (뒤에 경로 없이)'
  await databaseUrl.fill('http://demo-magpie.firebaseio.com')
  await expect(dialog.getByText(databaseRule)).toBeVisible()
  await databaseUrl.fill(demoConfig.databaseURL)
  await expect(dialog.getByText(databaseRule)).toBeHidden()

  // Submitting shows every remaining problem and sends nothing.
  await dialog.getByRole('button', { name: '연결하기' }).click()
  await expect(dialog.getByText('이 칸을 채워 주세요')).toHaveCount(3)
  await expect(apiKey).toBeFocused()

  const paste = dialog.getByLabel(pasteLabel)
  await paste.fill('apiKey: AIza… (half a line)')
  await expect(dialog.getByText('붙여 넣은 내용에서 연결 정보를 찾지 못했어요. 관리자가 보내 준 내용을 그대로 붙여 넣어 주세요')).toBeVisible()
  await paste.fill(consoleSnippet(demoConfig))
  await expect(dialog.getByText('붙여 넣은 연결 정보로 칸을 채웠어요')).toBeVisible()
  for (const field of fields) await expect(dialog.getByLabel(labels[field], { exact: true })).toHaveValue(demoConfig[field])
  await expect(dialog.getByRole('alert')).toHaveCount(0)

  // Escape closes it; nothing was saved.
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  expect(existsSync(join(harness.profileDir, 'community.json'))).toBe(false)
  expect(consoleErrors).toEqual([])
})

test('connects to a community and disconnects back to the local posts', async ({ page }, testInfo) => {
  const consoleErrors = watchConsole(page)
  const harness = await harnessWith({ MAGPIE_FIREBASE_EMULATORS: `auth=${emulator!.host}` })
  await page.goto(harness.url)

  // A local account with a post: it must all be there again after the community.
  const account = newAccount('local')
  await signUp(page, account)
  await composePost(page, '이 컴퓨터에만 있는 글', await makePhoto('settings-local', { hue: 120 }))
  await expect(page.getByTestId('post-card').filter({ hasText: '이 컴퓨터에만 있는 글' })).toBeVisible()

  const dialog = await openSettings(page)
  await dialog.getByLabel(pasteLabel).fill(consoleSnippet(demoConfig))
  await dialog.getByRole('button', { name: '연결하기' }).click()
  await expect(dialog.getByTestId('connection-status')).toContainText('demo-magpie에 연결됨')
  await expect(page.getByText('커뮤니티에 연결했어요')).toBeVisible()
  await expect(dialog.getByTestId('connected-config')).toContainText(demoConfig.appId)
  await expect(dialog.getByRole('button', { name: '연결 해제' })).toBeVisible()
  await page.screenshot({ path: testInfo.outputPath('connected.png') })
  expect(existsSync(join(harness.profileDir, 'community.json'))).toBe(true)

  // Only Auth is emulated here: the community's posts cannot be reached, which the app says.
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('offline-banner')).toHaveText('오프라인 상태예요. 저장된 글을 보여 드려요')
  // The community has its own accounts and posts: the local ones are not shown in it.
  await expect(page.getByText('로그인해 주세요', { exact: true })).toBeVisible()
  await expect(page.getByText('이 컴퓨터에만 있는 글')).toBeHidden()
  await page.screenshot({ path: testInfo.outputPath('community-offline.png') })

  const again = await openSettings(page)
  await again.getByRole('button', { name: '연결 해제' }).click()
  const confirm = page.getByRole('alertdialog', { name: /커뮤니티 연결을 해제할까요/ })
  await confirm.getByRole('button', { name: '연결 해제' }).click()
  await expect(again.getByTestId('connection-status')).toContainText('이 컴퓨터에만 저장')
  await expect(page.getByText('연결을 해제했어요. 이 컴퓨터에 저장된 글로 돌아왔어요')).toBeVisible()
  // The form offers the config just left, for connecting again.
  await expect(again.getByLabel(labels.projectId)).toHaveValue('demo-magpie')
  await page.keyboard.press('Escape')

  await expect(page.getByTestId('offline-banner')).toBeHidden()
  await expect(page.getByText(`${account.nickname}님, 안녕하세요`)).toBeVisible()
  await expect(page.getByTestId('post-card').filter({ hasText: '이 컴퓨터에만 있는 글' })).toBeVisible()
  expect(existsSync(join(harness.profileDir, 'community.json'))).toBe(false)
  expect(consoleErrors).toEqual([])
})

/**
 * Google's answer to a key its project does not accept (HTTP 400 API_KEY_INVALID). The Auth
 * emulator accepts every key and project, so this stands in for a project that refuses.
 */
function startRefusingAuth(): Promise<{ host: string; server: Server }> {
  const server = createServer((req, res) => {
    req.resume()
    const message = 'API key not valid. Please pass a valid API key.'
    res.writeHead(400, { 'content-type': 'application/json', 'access-control-allow-origin': '*' })
    res.end(JSON.stringify({ error: { code: 400, message, errors: [{ message, domain: 'global', reason: 'badRequest' }], status: 'INVALID_ARGUMENT' } }))
  })
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      resolve({ host: `127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`, server })
    })
  )
}

test('a project that refuses the config: its message, the typing kept, nothing saved', async ({ page }) => {
  const consoleErrors = watchConsole(page)
  const refusing = await startRefusingAuth()
  try {
    const harness = await harnessWith({ MAGPIE_FIREBASE_EMULATORS: `auth=${refusing.host}` })
    await page.goto(harness.url)
    const dialog = await openSettings(page)
    await dialog.getByLabel(pasteLabel).fill(consoleSnippet(demoConfig))
    await dialog.getByRole('button', { name: '연결하기' }).click()
    await expect(dialog.getByText('커뮤니티가 이 연결 정보를 받아들이지 않아요. API 키와 커뮤니티 ID를 확인해 주세요')).toBeVisible()
    for (const field of fields) await expect(dialog.getByLabel(labels[field], { exact: true })).toHaveValue(demoConfig[field])
    await expect(dialog.getByTestId('connection-status')).toContainText('이 컴퓨터에만 저장')
    await expect(dialog.getByRole('button', { name: '연결하기' })).toBeEnabled()
    expect(existsSync(join(harness.profileDir, 'community.json'))).toBe(false)
    expect(consoleErrors).toEqual([])
  } finally {
    await new Promise((resolve) => refusing.server.close(resolve))
  }
})

test('a managed install shows its community read-only', async ({ page }) => {
  const consoleErrors = watchConsole(page)
  const harness = await harnessWith({
    MAGPIE_FIREBASE_CONFIG: JSON.stringify(demoConfig),
    MAGPIE_FIREBASE_EMULATORS: `auth=${emulator!.host}`
  })
  await page.goto(harness.url)
  const dialog = await openSettings(page)
  await expect(dialog.getByTestId('connection-status')).toContainText('demo-magpie에 연결됨')
  await expect(dialog.getByText('관리자가 정한 설정이라 여기서 바꿀 수 없어요')).toBeVisible()
  await expect(dialog.getByTestId('connected-config')).toContainText(demoConfig.apiKey)
  await expect(dialog.getByRole('button', { name: '연결 해제' })).toHaveCount(0)
  await expect(dialog.getByRole('textbox')).toHaveCount(0)
  expect(consoleErrors).toEqual([])
})

test('설정 → 계정 signs the person out of their other copies, which show it at once; this copy stays signed in', async ({ openCopy }) => {
  const here = await openCopy()
  const laptop = await openCopy(sameStore(here.copy, 'laptop'))
  const account = newAccount('many')
  await here.page.goto(here.copy.url)
  await signUp(here.page, account)
  await laptop.page.goto(laptop.copy.url)
  await logIn(laptop.page, account)
  await expect(laptop.page.getByText(`${account.nickname}님, 안녕하세요`)).toBeVisible()

  const dialog = await openSettings(here.page)
  const section = dialog.getByTestId('settings-account')
  await expect(section.getByRole('heading', { name: '계정' })).toBeVisible()
  await section.getByRole('button', { name: '다른 곳에서 모두 로그아웃' }).click()
  await here.page.getByRole('alertdialog').getByRole('button', { name: '다른 곳에서 모두 로그아웃' }).click()
  await expect(here.page.getByText('다른 곳에서 모두 로그아웃했어요')).toBeVisible()
  await expect(section.getByRole('button', { name: '다른 곳에서 모두 로그아웃' })).toBeFocused()

  // The laptop's window follows without a reload: signed out, its 글쓰기 gone.
  await expect(laptop.page.getByRole('link', { name: '로그인' }).first()).toBeVisible()
  await expect(laptop.page.getByText(`${account.nickname}님, 안녕하세요`)).toHaveCount(0)
  await here.page.keyboard.press('Escape')
  await expect(here.page.getByText(`${account.nickname}님, 안녕하세요`)).toBeVisible()
})
