import type { Locator, Page } from '@playwright/test'
import sharp from 'sharp'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { animationsDone, composePost, expect, newAccount, signUp, test } from './fixtures'
import { makePhoto } from './photos'

/** A 120×80 PNG, transparent but for a red square in its top-left corner. */
async function smallTransparentPng(): Promise<string> {
  const file = join(mkdtempSync(join(tmpdir(), 'magpie-viewer-')), 'small.png')
  const square = await sharp({ create: { width: 24, height: 24, channels: 4, background: '#e02020' } }).png().toBuffer()
  await sharp({ create: { width: 120, height: 80, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([{ input: square, left: 0, top: 0 }])
    .png()
    .toFile(file)
  return file
}

/** The colour drawn at the middle of an element, as rgb(r, g, b). */
async function middleColour(element: Locator): Promise<string> {
  const { data, info } = await sharp(await element.screenshot()).raw().toBuffer({ resolveWithObject: true })
  const at = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * info.channels
  return `rgb(${data[at]}, ${data[at + 1]}, ${data[at + 2]})`
}

async function openPost(page: Page, text: string) {
  await page.getByRole('link', { name: new RegExp(text) }).click()
  await expect(page.getByTestId('post-detail')).toBeVisible()
}

test('photos: a panorama whole in its card and sharp in the viewer (keyboard zoom, pan, Escape back to the photo); a small transparent photo at most 2× on the page’s colour', async ({ page, harness, consoleErrors }) => {
  test.setTimeout(120_000)
  void consoleErrors
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.emulateMedia({ colorScheme: 'light' })
  await page.goto(harness.url)
  await signUp(page, newAccount('viewer'))
  await composePost(page, '바닷가 파노라마', await makePhoto('panorama', { width: 6000, height: 800 }))
  await expect(page).toHaveURL(/#\/$/)
  await composePost(page, '작은 투명 아이콘', await smallTransparentPng())
  await expect(page).toHaveURL(/#\/$/)

  // The feed's wide Top card draws its photo as a band: a panorama is shown whole in it, not cropped to a sliver or stretched.
  const card = page.getByTestId('post-card').filter({ hasText: '바닷가 파노라마' })
  await expect(card.locator('img[srcset]')).toHaveCSS('object-fit', 'contain')

  // The small transparent photo on its post page: never past twice its size, the page's colour through it in both schemes.
  await openPost(page, '작은 투명 아이콘')
  const frame = page.getByTestId('post-detail').locator('[data-image-frame]')
  await expect(frame.locator('[data-placeholder="gone"]')).toBeAttached()
  expect((await frame.boundingBox())!.width).toBeLessThanOrEqual(240)
  const well = page.getByTestId('post-detail').locator('[data-part="photo"]')
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme)
    await animationsDone(page)
    const background = await well.evaluate((node) => getComputedStyle(node).backgroundColor)
    expect(await middleColour(frame)).toBe(background)
  }
  await page.emulateMedia({ colorScheme: 'light' })
  await page.goBack()

  // The panorama's post: Enter on the photo opens the viewer with the focus inside.
  await openPost(page, '바닷가 파노라마')
  const opener = page.getByRole('button', { name: '사진 크게 보기' })
  await opener.focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: '사진 보기' })
  await expect(dialog).toBeVisible()
  const stage = page.getByTestId('photo-viewer-stage')
  await expect(stage).toBeFocused()
  const photo = dialog.getByRole('img', { name: '게시글 사진' })
  // Fitted to the window's width, its ratio kept.
  const fitted = (await photo.boundingBox())!
  expect(Math.abs(fitted.width / fitted.height - 6000 / 800)).toBeLessThan(0.05)
  // Zoomed in from the keyboard, the 4096 px variant is what is drawn; an arrow pans it.
  for (let i = 0; i < 3; i++) await page.keyboard.press('+')
  await expect(stage).toHaveAttribute('data-zoom', '3.375')
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThanOrEqual(4000)
  const before = await photo.evaluate((img) => img.style.transform)
  await page.keyboard.press('ArrowLeft')
  await expect.poll(() => photo.evaluate((img) => img.style.transform)).not.toBe(before)
  // Escape closes it, and the focus is back on the photo's button.
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(opener).toBeFocused()
})
