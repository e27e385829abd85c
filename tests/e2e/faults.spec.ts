import type { Page } from '@playwright/test'
import { messages } from '../../src/shared/messages'
import { expect, newAccount, signUp, test } from './fixtures'
import { makePhoto } from './photos'

const bigPhoto = { name: 'big.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(26 * 1024 * 1024, 0xff) }

/** The size of every frame the page sends to the harness, to prove a refused photo never travels. */
function watchSentFrames(page: Page): number[] {
  const sizes: number[] = []
  page.on('websocket', (ws) => ws.on('framesent', (frame) => sizes.push(frame.payload.length)))
  return sizes
}

test('a 26 MB photo in the editor is refused at once, never sent, and the editor keeps working', async ({ page, harness, consoleErrors }) => {
  void consoleErrors
  const sent = watchSentFrames(page)
  await page.goto(harness.url)
  await signUp(page, newAccount('big'))
  await page.getByRole('button', { name: '글쓰기' }).click()
  await page.getByTestId('post-image-input').setInputFiles(bigPhoto)
  await expect(page.getByRole('alert')).toHaveText(messages.imageTooLarge)
  await expect(page.getByRole('progressbar')).toHaveCount(0)
  expect(Math.max(...sent)).toBeLessThan(1024 * 1024)

  // Same page, same connection: a photo within the limit goes through.
  await page.getByTestId('post-image-input').setInputFiles(await makePhoto('after-big'))
  await expect(page.getByTestId('editor-preview').locator('img[srcset]')).toBeVisible()
  await expect(page.getByRole('alert')).toHaveCount(0)
})

test('a 26 MB profile photo is refused at once and the sign-up goes on without it', async ({ page, harness, consoleErrors }) => {
  void consoleErrors
  const sent = watchSentFrames(page)
  const account = newAccount('avatar')
  await page.goto(harness.url)
  await page.getByRole('link', { name: '회원가입' }).first().click()
  await page.getByTestId('profile-image-input').setInputFiles(bigPhoto)
  await expect(page.getByRole('alert')).toHaveText(messages.imageTooLarge)
  await page.getByLabel('아이디(이메일)').fill(account.email)
  await page.getByLabel('닉네임').fill(account.nickname)
  await page.getByLabel('비밀번호', { exact: true }).fill(account.password)
  await page.getByLabel('비밀번호 확인').fill(account.password)
  await page.getByRole('button', { name: '회원가입' }).click()
  await expect(page.getByText(`${account.nickname}님, 안녕하세요`)).toBeVisible()
  expect(Math.max(...sent)).toBeLessThan(1024 * 1024)
})

test('a hostile connection cannot take the harness down: the open page keeps working', async ({ page, harness, consoleErrors }) => {
  void consoleErrors
  await page.goto(harness.url)
  await signUp(page, newAccount('calm'))

  // Another connection with the token sends what once ended the process: an oversized frame, then `null`.
  const closeCodes = await page.evaluate(async (token) => {
    const send = (frame: string) =>
      new Promise<number>((resolve) => {
        const ws = new WebSocket(`ws://${location.host}/ipc?token=${encodeURIComponent(token)}`)
        ws.onopen = () => ws.send(frame)
        ws.onclose = (event) => resolve(event.code)
      })
    return [await send('x'.repeat(33 * 1024 * 1024)), await send('null')]
  }, harness.token)
  expect(closeCodes).toEqual([1009, 1008])

  const photo = await makePhoto('after-attack')
  await page.getByRole('button', { name: '글쓰기' }).click()
  await page.getByTestId('post-image-input').setInputFiles(photo)
  await expect(page.getByTestId('editor-preview').locator('img[srcset]')).toBeVisible()
  await page.getByLabel('글 내용').fill('아직 살아 있어요')
  await page.getByRole('button', { name: messages.create }).click()
  await expect(page.getByText(messages.postCreated).first()).toBeVisible()
})
