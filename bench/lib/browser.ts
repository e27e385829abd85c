import { chromium, type Browser, type BrowserContext } from '@playwright/test'
import { chromiumPath } from './machine'

/** Debian's Chromium with the flags the end-to-end tests use (playwright.config.ts). */
export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync'
]

export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, args: [...chromiumFlags, ...extraArgs], headless: true })
}

/** A fresh profile (empty cache) with the window size and locale of the end-to-end tests. */
export function freshContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width: 1200, height: 900 }, locale: 'ko-KR', timezoneId: 'Asia/Seoul' })
}
