import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { harnessDriver } from '../../scripts/smoke/harness-driver'
import { runSmoke, type SmokeReport } from '../../scripts/smoke/run'
import { steps } from '../../scripts/smoke/steps'

/**
 * `npm run smoke:desktop` walked with the double (browser harness + Chromium) instead of Electron:
 * the same steps and report, so the script a maintainer runs before a release is itself proven.
 * Needs the built renderer (`npx electron-vite build`; npm test builds first) and Chromium.
 */
describe('the desktop smoke run, on the double', () => {
  const root = mkdtempSync(join(tmpdir(), 'magpie-smoke-test-'))
  let report: SmokeReport

  beforeAll(async () => {
    report = await runSmoke(harnessDriver(), join(root, 'report'), join(root, 'work'))
  }, 240_000)

  afterAll(() => rmSync(root, { recursive: true, force: true }))

  it('walks every step; only the OS’s own notification click is left to a person', () => {
    expect(report.steps.map((step) => [step.id, step.outcome, step.outcome === 'failed' ? step.note : ''])).toEqual(
      steps.map((step) => [step.id, step.id === 'notification-click' ? 'needs a person’s eye' : 'passed', ''])
    )
  })

  it('says what each step saw: the notification’s words, the badge, the login item both ways, the feed’s version', () => {
    const note = (id: string) => report.steps.find((step) => step.id === id)!.note
    expect(note('like-notification')).toContain('스모크보님이 회원님의 게시글을 좋아해요')
    expect(note('badge')).toBe('The page and the OS’s badge both say 1.')
    expect(note('notification-click')).toMatch(/^Inside the app the notification’s click opens \/detail\/\S+\./)
    expect(note('link')).toMatch(/^magpie:\/\/detail\/\S+ opened the post in the running copy\. Handed over as the OS hands a link to main/)
    expect(note('login-item')).toBe('OS before: off, switch off; switch on → OS on; switch off → OS off')
    expect(note('update')).toContain('latest-linux.yml')
    expect(note('update')).toContain('새 버전 99.0.0 was downloaded and is ready')
    expect(note('quit')).toBe('bo: exit code 0; ann: exit code 0')
  })

  it('writes report.md and a PNG per step into the folder it names', () => {
    const text = readFileSync(report.file, 'utf8')
    expect(report.file).toBe(join(root, 'report', 'report.md'))
    expect(text).toContain(`${steps.length - 1} passed, 0 failed, 1 need a person’s eye.`)
    for (const [index, step] of report.steps.entries()) {
      expect(step.screenshot, step.id).toBe(`${String(index + 1).padStart(2, '0')}-${step.id}.png`)
      expect(readFileSync(join(report.dir, step.screenshot!)).subarray(1, 4).toString(), step.id).toBe('PNG')
      expect(text).toContain(`| ${index + 1} | ${step.title} | ${step.outcome} | ${step.screenshot} |`)
    }
    // The throwaway folders hold the copies' data; the report folder only the report.
    expect(existsSync(join(root, 'work', 'data'))).toBe(true)
    expect(existsSync(join(root, 'report', 'data'))).toBe(false)
  })
})
