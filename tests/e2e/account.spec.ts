import type { Page } from '@playwright/test'
import { readZip } from '../support/zip'
import { composePost, expect, logIn, newAccount, sameStore, signUp, test } from './fixtures'
import { makePhoto } from './photos'

/**
 * 설정 → 계정: the person's own account and data (decision 027) through the harness, in local mode
 * (community mode's are main's unit tests against the fake Firebase and the Auth emulator).
 */

async function openAccount(page: Page) {
  await page.getByRole('button', { name: '설정' }).click()
  const section = page.getByRole('dialog', { name: '설정' }).getByTestId('settings-account')
  await expect(section.getByRole('heading', { name: '계정' })).toBeVisible()
  return section
}

test('비밀번호 바꾸기: a wrong current password on its field, then the change signs the other copy out', async ({ openCopy }) => {
  const here = await openCopy()
  const laptop = await openCopy(sameStore(here.copy, 'laptop'))
  const account = newAccount('pw')
  await here.page.goto(here.copy.url)
  await signUp(here.page, account)
  await laptop.page.goto(laptop.copy.url)
  await logIn(laptop.page, account)
  await expect(laptop.page.getByText(`${account.nickname}님, 안녕하세요`)).toBeVisible()

  const section = await openAccount(here.page)
  const toggle = section.getByRole('button', { name: '비밀번호 바꾸기' })
  await toggle.click()
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  const form = section.getByRole('form', { name: '비밀번호 바꾸기' })
  const current = form.getByLabel('현재 비밀번호', { exact: true })
  await current.fill('not-my-password')
  await form.getByLabel('새 비밀번호', { exact: true }).fill('short')
  await expect(form.getByText('비밀번호를 6자 이상 입력해 주세요')).toBeVisible()
  await form.getByLabel('새 비밀번호', { exact: true }).fill('magpie-pass-2')
  await form.getByLabel('새 비밀번호 확인', { exact: true }).fill('magpie-pass-2')
  await form.getByRole('button', { name: '새 비밀번호로 바꾸기' }).click()
  await expect(form.getByText('현재 비밀번호가 맞지 않아요. 다시 입력해 주세요')).toBeVisible()
  await expect(current).toBeFocused()
  await expect(current).toHaveAttribute('aria-invalid', 'true')

  await current.fill(account.password)
  await form.getByRole('button', { name: '새 비밀번호로 바꾸기' }).click()
  await expect(here.page.getByText('비밀번호를 바꿨어요. 다른 곳에서는 모두 로그아웃했어요')).toBeVisible()
  await expect(form).toHaveCount(0)
  await expect(toggle).toBeFocused()
  await expect(laptop.page.getByRole('link', { name: '로그인' }).first()).toBeVisible()
  await logIn(laptop.page, { email: account.email, password: 'magpie-pass-2' })
  await expect(laptop.page.getByText(`${account.nickname}님, 안녕하세요`)).toBeVisible()
})

test('내 데이터 내려받기: the browser receives the ZIP with my post, its photo and the page', async ({ page, harness, consoleErrors }) => {
  const account = newAccount('zip')
  await page.goto(harness.url)
  await signUp(page, account)
  await composePost(page, '<b>내려받을</b> 글', await makePhoto('zip'))
  await expect(page.getByText('게시글을 올렸어요')).toBeVisible()

  const section = await openAccount(page)
  const downloading = page.waitForEvent('download')
  await section.getByRole('button', { name: '내 데이터 내려받기' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^magpie-data-\d{4}-\d{2}-\d{2}\.zip$/)
  await expect(page.getByText('내 데이터를 내려받았어요')).toBeVisible()
  await expect(section.getByRole('button', { name: '내 데이터 내려받기' })).toBeFocused()

  const entries = await readZip(await download.path())
  const posts = JSON.parse(entries.get('data/posts.json')!.bytes.toString('utf8')) as { text: string; photos: { file: string }[] }[]
  expect(posts.map((p) => p.text)).toEqual(['<b>내려받을</b> 글'])
  expect(entries.get(posts[0]!.photos[0]!.file)!.bytes.length).toBeGreaterThan(100)
  expect(entries.get('index.html')!.bytes.toString('utf8')).toContain('&lt;b&gt;내려받을&lt;/b&gt; 글')
  expect(consoleErrors).toEqual([])
})

test('회원 탈퇴: a wrong password on its field, then my post and account are gone; the focus goes back to 설정', async ({ page, harness, consoleErrors }) => {
  const account = newAccount('bye')
  await page.goto(harness.url)
  await signUp(page, account)
  await composePost(page, '떠나기 전 마지막 글', await makePhoto('bye'))
  await expect(page.getByText('게시글을 올렸어요')).toBeVisible()

  const section = await openAccount(page)
  await section.getByRole('button', { name: '회원 탈퇴' }).click()
  const form = section.getByRole('form', { name: '탈퇴하기' })
  const password = form.getByLabel('비밀번호 확인', { exact: true })
  await password.fill('not-my-password')
  await form.getByRole('button', { name: '탈퇴하기' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: '탈퇴하기' }).click()
  await expect(form.getByText('현재 비밀번호가 맞지 않아요. 다시 입력해 주세요')).toBeVisible()
  await expect(password).toBeFocused()

  await password.fill(account.password)
  await form.getByRole('button', { name: '탈퇴하기' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: '탈퇴하기' }).click()
  await expect(page.getByText('탈퇴했어요. 그동안 까치와 함께해 주셔서 고마워요')).toBeVisible()
  await expect(page.getByRole('dialog', { name: '설정' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: '설정' })).toBeFocused()
  await expect(page.getByRole('link', { name: '로그인' }).first()).toBeVisible()
  await expect(page.getByText('떠나기 전 마지막 글')).toHaveCount(0)
  await logIn(page, account)
  await expect(page.getByText('아이디와 비밀번호를 확인해 주세요')).toBeVisible()
  expect(consoleErrors).toEqual([])
})
