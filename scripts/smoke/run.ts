import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Driver } from './driver'
import { steps as allSteps, type Finding, type Run, type Step } from './steps'
import { serveUpdateFeed } from './update-feed'

export interface StepReport extends Finding {
  id: string
  title: string
  /** The PNG's file name in the report's folder, or null when the window could not be captured. */
  screenshot: string | null
}

export interface SmokeReport {
  dir: string
  /** report.md in `dir`. */
  file: string
  steps: StepReport[]
}

const firstLine = (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n')[0]!

/**
 * Walks the steps in order with one driver and writes report.md and a PNG per step into `dir`.
 * A step that throws has failed (its first line is the note); a step whose needs failed is
 * not tried and says which. Whatever happens, the driver is closed and the feed stopped.
 */
export async function runSmoke(driver: Driver, dir: string, work: string, steps: Step[] = allSteps): Promise<SmokeReport> {
  mkdirSync(dir, { recursive: true })
  mkdirSync(work, { recursive: true })
  const stamp = Date.now().toString(36)
  const feed = await serveUpdateFeed()
  const run: Run = {
    driver,
    dir,
    work,
    feed,
    ann: { email: `ann-${stamp}@smoke.test`, nickname: '스모크앤', password: 'smoke-pass-1' },
    bo: { email: `bo-${stamp}@smoke.test`, nickname: '스모크보', password: 'smoke-pass-1' },
    copies: {}
  }
  const reports: StepReport[] = []
  const shoot = async (step: Step, number: number): Promise<string | null> => {
    const page = run.copies[step.shot.copy]?.page
    if (!page) return null
    const name = `${String(number).padStart(2, '0')}-${step.id}.png`
    try {
      await page.screenshot({ path: join(dir, name) })
      return name
    } catch {
      return null
    }
  }
  try {
    for (const [index, step] of steps.entries()) {
      const blocked = step.needs.find((need) => reports.find((done) => done.id === need)?.outcome === 'failed')
      if (blocked) {
        reports.push({ id: step.id, title: step.title, outcome: 'failed', note: `Not tried: step “${blocked}” failed.`, screenshot: null })
        continue
      }
      let screenshot = step.shot.when === 'before' ? await shoot(step, index + 1) : null
      let finding: Finding
      try {
        finding = await step.run(run)
      } catch (error) {
        finding = { outcome: 'failed', note: firstLine(error) }
      }
      if (step.shot.when === 'after') screenshot = await shoot(step, index + 1)
      reports.push({ id: step.id, title: step.title, ...finding, screenshot })
      console.log(`${finding.outcome.padEnd(20)} ${step.title}`)
    }
  } finally {
    await driver.close().catch((error: unknown) => console.error(`closing: ${firstLine(error)}`))
    await feed.close()
  }
  const file = join(dir, 'report.md')
  writeFileSync(file, reportText(driver.describe(), reports))
  return { dir, file, steps: reports }
}

/** The report a person reads: one line per step, then what to look at for the steps that need an eye. */
export function reportText(what: string, steps: StepReport[]): string {
  const count = (outcome: Finding['outcome']) => steps.filter((step) => step.outcome === outcome).length
  const lines = [
    `# Magpie smoke run — ${what}`,
    '',
    `${new Date().toISOString()}: ${count('passed')} passed, ${count('failed')} failed, ${count('needs a person’s eye')} need a person’s eye.`,
    '',
    '| # | Step | Result | Screenshot |',
    '| - | ---- | ------ | ---------- |',
    ...steps.map((step, index) => `| ${index + 1} | ${step.title} | ${step.outcome} | ${step.screenshot ?? '—'} |`),
    ''
  ]
  for (const [index, step] of steps.entries()) lines.push(`## ${index + 1}. ${step.title} — ${step.outcome}`, '', step.note, '')
  return lines.join('\n')
}
