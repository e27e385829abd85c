import { test as base, expect, type BrowserContext, type Page } from '@playwright/test'
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { spawnHarness } from '../../src/harness/spawn'
import type { DesktopRecording } from '../../src/harness/recording-desktop'

/** One running copy of the app: a harness process with its data folder and its own profile. */
export interface Harness {
  url: string
  origin: string
  token: string
  dataDir: string
  profileDir: string
  stop(): Promise<void>
  /** What the recording desktop double saw: notifications, badge counts, focus. */
  desktop(): Promise<DesktopRecording>
  clickNotification(index: number): Promise<void>
  setFocused(focused: boolean): Promise<void>
  /** Hands main a magpie:// link as the OS would; the route it opened, or null. */
  openLink(link: string): Promise<string | null>
}

export interface HarnessStart {
  dataDir?: string
  profileDir?: string
  /** More environment for the harness process, e.g. MAGPIE_FIREBASE_EMULATORS or MAGPIE_FIREBASE_CONFIG. */
  env?: Record<string, string>
}

export async function startHarness(options: HarnessStart = {}): Promise<Harness> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'magpie-e2e-'))
  const profileDir = options.profileDir ?? join(dataDir, 'profile-a')
  const { url, origin, token, stop } = await spawnHarness({
    bundle: process.env.MAGPIE_HARNESS_BUNDLE,
    env: { ...options.env, MAGPIE_DATA_DIR: dataDir, MAGPIE_PROFILE_DIR: profileDir }
  })
  const api = (path: string) => `${origin}/__harness/${path}${path.includes('?') ? '&' : '?'}token=${token}`
  return {
    url,
    origin,
    token,
    dataDir,
    profileDir,
    stop,
    async desktop() {
      return (await (await fetch(api('desktop'), { signal: AbortSignal.timeout(10_000) })).json()) as DesktopRecording
    },
    async clickNotification(index) {
      await fetch(api(`desktop/click?index=${index}`), { method: 'POST' })
    },
    async setFocused(focused) {
      await fetch(api(`desktop/focus?focused=${focused}`), { method: 'POST' })
    },
    async openLink(link) {
      const answer = await fetch(api(`link?url=${encodeURIComponent(link)}`), { method: 'POST' })
      return ((await answer.json()) as { route: string | null }).route
    }
  }
}

/** Fails the test when the page logs an error or throws: a console error is a bug. */
export function watchConsole(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  return errors
}

/** Another running copy of the app with its own page (a fresh browser context), watched for console errors. */
export interface OpenCopy {
  copy: Harness
  page: Page
  errors: string[]
}

/** Options for a copy on the same data folder as `copy` (another copy of the app on one store), with its own profile. */
export const sameStore = (copy: Harness, name: string): HarnessStart => ({ dataDir: copy.dataDir, profileDir: `${copy.dataDir}/profile-${name}` })

export const test = base.extend<{ harness: Harness; consoleErrors: string[]; openCopy: (start?: HarnessStart) => Promise<OpenCopy> }>({
  harness: async ({}, use) => {
    const harness = await startHarness()
    await use(harness)
    await harness.stop()
  },
  /** Starts copies for tests with several people; after the test their contexts close, then the copies stop. */
  openCopy: async ({ browser }, use) => {
    const contexts: BrowserContext[] = []
    const copies: Harness[] = []
    await use(async (start = {}) => {
      const copy = await startHarness(start)
      copies.push(copy)
      const context = await browser.newContext()
      contexts.push(context)
      const page = await context.newPage()
      return { copy, page, errors: watchConsole(page) }
    })
    for (const context of contexts) await context.close()
    for (const copy of copies) await copy.stop()
  },
  consoleErrors: async ({ page }, use) => {
    const errors = watchConsole(page)
    await use(errors)
    expect(errors, 'console errors on the page').toEqual([])
  }
})

export { expect }

/** Animations and transitions (dialogs fade in, a scheme's colours ease in) settle first: axe reads colours as drawn. */
export async function animationsDone(page: Page): Promise<void> {
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => null))))
}

/**
 * Where this run keeps its seeded stores, one folder a shape, shared by every worker
 * (global-setup.ts makes it; a file run on its own without it uses a folder of its own).
 */
const seedCache = process.env.MAGPIE_SEED_CACHE ?? mkdtempSync(join(tmpdir(), 'magpie-seeded-'))

/**
 * A fresh data folder filled by scripts/seed.ts: `posts` posts by `users` people (까치1…,
 * user{n}@magpie.test), each liked and commented. Each shape is seeded once per run and every
 * caller gets its own copy (cp -a keeps the photos' hard links), so a test may change its store
 * freely: nothing leaks into the next test. Two workers wanting a new shape at once both seed it
 * and the first rename wins (a rename onto a folder that exists fails), so a reader never sees a
 * half-seeded template. The seed's times are relative to when the template was made, minutes
 * earlier at most.
 */
export function seededStore(posts: number, users = 4): string {
  const template = join(seedCache, `${posts}-${users}`)
  if (!existsSync(template)) {
    const making = mkdtempSync(join(seedCache, 'making-'))
    execFileSync(process.execPath, ['--import', 'tsx', 'scripts/seed.ts', '--posts', String(posts), '--users', String(users), '--data', making])
    try {
      renameSync(making, template)
    } catch (error) {
      if (!existsSync(template)) throw error
      rmSync(making, { recursive: true, force: true })
    }
  }
  const dataDir = join(mkdtempSync(join(tmpdir(), 'magpie-e2e-')), 'data')
  execFileSync('cp', ['-a', template, dataDir])
  return dataDir
}

let counter = 0
/** A fresh, valid account for a test. */
export function newAccount(prefix = 'user') {
  counter += 1
  const id = `${prefix}${Date.now().toString(36)}${counter}`
  return { email: `${id}@example.com`, nickname: `${prefix}${counter}`, password: 'magpie-pass-1' }
}

export async function signUp(page: Page, account: { email: string; nickname: string; password: string }) {
  await page.getByRole('link', { name: '회원가입' }).first().click()
  await page.getByLabel('아이디(이메일)').fill(account.email)
  await page.getByLabel('닉네임').fill(account.nickname)
  await page.getByLabel('비밀번호', { exact: true }).fill(account.password)
  await page.getByLabel('비밀번호 확인').fill(account.password)
  await page.getByRole('button', { name: '회원가입' }).click()
  await expect(page.getByText(`${account.nickname}님, 안녕하세요`)).toBeVisible()
}

export async function logIn(page: Page, account: { email: string; password: string }) {
  await page.getByRole('link', { name: '로그인' }).first().click()
  await page.getByLabel('아이디(이메일)').fill(account.email)
  await page.getByLabel('비밀번호').fill(account.password)
  await page.getByRole('button', { name: '로그인' }).click()
}

/** Writes a post from the feed: 글쓰기, the photo (waiting for main's processed preview), the text, 올리기. */
export async function composePost(page: Page, text: string, photo: string) {
  await page.getByRole('button', { name: '글쓰기' }).click()
  await page.getByTestId('post-image-input').setInputFiles(photo)
  await expect(page.getByTestId('editor-preview').locator('img[srcset]')).toBeVisible()
  await page.getByLabel('글 내용').fill(text)
  await page.getByRole('button', { name: '올리기' }).click()
}
