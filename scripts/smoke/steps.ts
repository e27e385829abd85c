import sharp from 'sharp'
import { join } from 'node:path'
import type { Locator, Page } from 'playwright'
import type { Copy, Driver } from './driver'
import { feedVersion, type UpdateFeed } from './update-feed'

export type Outcome = 'passed' | 'failed' | 'needs a person’s eye'

/** What a step found: its outcome and, for a person reading the report, what was seen or what to look at. */
export interface Finding {
  outcome: Outcome
  note: string
}

export interface Account {
  email: string
  nickname: string
  password: string
}

/** What the steps share: the driver, the run's folder and feed, and what earlier steps made. */
export interface Run {
  driver: Driver
  /** The report's folder (screenshots). */
  dir: string
  /** A throwaway folder for the copies' data and profiles. */
  work: string
  feed: UpdateFeed
  ann: Account
  bo: Account
  copies: { ann?: Copy; bo?: Copy }
  postId?: string
}

export interface Step {
  id: string
  title: string
  /** Steps whose copies or post this one uses: when one of them failed, this one is not tried. */
  needs: string[]
  /** The copy whose window is captured after the step ('before' for a step that closes it). */
  shot: { copy: 'ann' | 'bo'; when: 'after' | 'before' }
  run(run: Run): Promise<Finding>
}

const passed = (note: string): Finding => ({ outcome: 'passed', note })
const eye = (note: string): Finding => ({ outcome: 'needs a person’s eye', note })
const failed = (note: string): Finding => ({ outcome: 'failed', note })

/**
 * Waits until `check` answers something other than undefined, asking again every 200 ms; the
 * limit only keeps a broken app from hanging the run (this is a script a person watches, not a test).
 */
export async function until<T>(what: string, check: () => Promise<T | undefined>, limitMs = 30_000): Promise<T> {
  const deadline = Date.now() + limitMs
  for (;;) {
    const value = await check()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`${what}: not seen within ${limitMs / 1000} s`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

const copy = (run: Run, name: 'ann' | 'bo'): Copy => {
  const found = run.copies[name]
  if (!found) throw new Error(`the ${name} copy is not running`)
  return found
}

async function signUp(page: Page, account: Account): Promise<void> {
  await page.getByRole('link', { name: '회원가입' }).first().click()
  await page.getByLabel('아이디(이메일)').fill(account.email)
  await page.getByLabel('닉네임').fill(account.nickname)
  await page.getByLabel('비밀번호', { exact: true }).fill(account.password)
  await page.getByLabel('비밀번호 확인').fill(account.password)
  await page.getByRole('button', { name: '회원가입' }).click()
  await page.getByText(`${account.nickname}님, 안녕하세요`).waitFor()
}

/** A photo made on the spot (sky and sun), so the script carries no binary file. */
async function makePhoto(dir: string): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">
    <rect width="100%" height="100%" fill="hsl(205 70% 70%)"/><circle cx="860" cy="240" r="90" fill="hsl(45 95% 70%)"/>
    <path d="M0 560 Q 300 400 600 545 T 1200 500 V 800 H 0 Z" fill="hsl(125 35% 38%)"/></svg>`
  const file = join(dir, 'smoke-photo.jpg')
  await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toFile(file)
  return file
}

const hashRoute = (page: Page) => decodeURIComponent(new URL(page.url()).hash.replace(/^#/, ''))

async function openAppSettings(page: Page) {
  await page.getByRole('button', { name: '설정' }).click()
  const section = page.getByRole('dialog', { name: '설정' }).getByRole('region', { name: '앱' })
  await section.getByText(/^버전 /).waitFor()
  return section
}

async function closeSettings(page: Page): Promise<void> {
  await page.keyboard.press('Escape')
  await page.getByRole('dialog', { name: '설정' }).waitFor({ state: 'hidden' })
}

const isChecked = (page: Page, name: string) => page.getByRole('dialog', { name: '설정' }).getByRole('switch', { name }).isChecked()

/** Runs `body` with 설정 open at its 앱 section, and closes it again whatever happens. */
async function inAppSettings<T>(page: Page, body: (section: Locator) => Promise<T>): Promise<T> {
  const section = await openAppSettings(page)
  try {
    return await body(section)
  } finally {
    await closeSettings(page)
  }
}

const osClickInstructions =
  'The OS’s own click cannot be scripted: in the second window press ♥ twice (unlike, like again), then click the notification ' +
  'the OS shows (on Windows also once from the Action Center after it timed out): the first window must come to the front on the post.'

/** The OS's part of each check, said per OS, for the steps a person must look at. */
const badgeWhere: Partial<Record<NodeJS.Platform, string>> = {
  win32: 'the taskbar button shows a red “1” overlay, and the tray icon’s tooltip says 1',
  darwin: 'the Dock icon shows 1 and the menu bar icon has 1 beside it',
  linux: 'the tray icon shows 1 (GNOME needs the AppIndicator extension; Unity also counts on the launcher)'
}

export const steps: Step[] = [
  {
    id: 'start',
    title: 'The app starts on a throwaway profile and shows its first page',
    needs: [],
    shot: { copy: 'ann', when: 'after' },
    async run(run) {
      run.copies.ann = await run.driver.start({
        name: 'ann',
        dataDir: join(run.work, 'data'),
        profileDir: join(run.work, 'profile-ann'),
        updateFeed: run.feed.url
      })
      await run.copies.ann.page.getByRole('link', { name: '회원가입' }).first().waitFor()
      return passed(`Data in ${join(run.work, 'data')}, profile in ${join(run.work, 'profile-ann')}.`)
    }
  },
  {
    id: 'sign-up',
    title: 'Sign-up',
    needs: ['start'],
    shot: { copy: 'ann', when: 'after' },
    async run(run) {
      await signUp(copy(run, 'ann').page, run.ann)
      return passed(`Signed up as ${run.ann.nickname} (${run.ann.email}).`)
    }
  },
  {
    id: 'post',
    title: 'A post with a photo',
    needs: ['sign-up'],
    shot: { copy: 'ann', when: 'after' },
    async run(run) {
      const { page } = copy(run, 'ann')
      await page.getByRole('button', { name: '글쓰기' }).click()
      await page.getByTestId('post-image-input').setInputFiles(await makePhoto(run.work))
      await page.getByTestId('editor-preview').locator('img[srcset]').waitFor()
      await page.getByLabel('글 내용').fill('스모크 테스트 글이에요 #까치')
      await page.getByRole('button', { name: '올리기' }).click()
      // The new post's card in the feed links to its page: the id is in that link.
      const card = page.getByTestId('post-card').filter({ hasText: '스모크 테스트 글이에요' })
      await card.locator('img[srcset]').first().waitFor()
      const href = await card.locator('a[href*="detail/"]').first().getAttribute('href')
      run.postId = /detail\/([^/?#]+)/.exec(href ?? '')?.[1]
      if (!run.postId) throw new Error(`the card links to “${href}”, not a post’s page`)
      return passed(`Post ${run.postId} is in the feed with its photo.`)
    }
  },
  {
    id: 'second-copy',
    title: 'A second copy on its own profile (same data folder), another person signed up',
    needs: ['post'],
    shot: { copy: 'bo', when: 'after' },
    async run(run) {
      run.copies.bo = await run.driver.start({
        name: 'bo',
        dataDir: join(run.work, 'data'),
        profileDir: join(run.work, 'profile-bo'),
        updateFeed: run.feed.url
      })
      await signUp(run.copies.bo.page, run.bo)
      await run.copies.bo.page.getByTestId('post-card').first().waitFor()
      return passed(`Signed up as ${run.bo.nickname} in the second copy; it shows the first copy’s post.`)
    }
  },
  {
    id: 'like-notification',
    title: 'A like from the second copy raises a native notification in the first',
    needs: ['second-copy'],
    shot: { copy: 'ann', when: 'after' },
    async run(run) {
      const bo = copy(run, 'bo').page
      await bo.getByTestId('like-button').first().click()
      await bo.getByTestId('like-button').first().and(bo.locator('[aria-pressed="true"]')).waitFor()
      const expected = `${run.bo.nickname}님이 회원님의 게시글을 좋아해요`
      if ((await copy(run, 'ann').notifications()) === null) {
        return eye(`The script cannot watch an installed app’s main process. Look: the OS showed a notification “까치 — ${expected}”.`)
      }
      const seen = await until('the notification', async () => {
        const all = await copy(run, 'ann').notifications()
        return all?.some((n) => n.body === expected) ? all : undefined
      })
      return passed(`Notification raised: “${seen.at(-1)!.title} — ${seen.at(-1)!.body}”.`)
    }
  },
  {
    id: 'badge',
    title: 'The unread count: in the page and on the app’s icon',
    needs: ['like-notification'],
    shot: { copy: 'ann', when: 'after' },
    async run(run) {
      const ann = copy(run, 'ann')
      const inPage = await until('the page’s alert badge', async () => {
        const text = (await ann.page.getByTestId('alert-badge').textContent().catch(() => null))?.trim()
        return text === '1' ? text : undefined
      })
      const os = await ann.badge()
      if (os === null) return eye(`The page shows ${inPage}. Look: ${badgeWhere[process.platform] ?? 'the app’s icon shows 1'}.`)
      if (os !== 1) return failed(`The page shows ${inPage}, the OS’s badge ${os}.`)
      return passed('The page and the OS’s badge both say 1.')
    }
  },
  {
    id: 'notification-click',
    title: 'Clicking the notification opens the post',
    needs: ['like-notification'],
    shot: { copy: 'ann', when: 'after' },
    async run(run) {
      const ann = copy(run, 'ann')
      await ann.page.evaluate(() => {
        location.hash = '#/'
      })
      const shown = await ann.notifications()
      if (shown === null) return eye(`${osClickInstructions} The post is /detail/${run.postId}.`)
      const { osClick } = await ann.clickNotification(shown.length - 1)
      const route = `/detail/${run.postId}`
      await until(`the post’s page (${route})`, async () => (hashRoute(ann.page) === route ? true : undefined))
      if (osClick) return passed(`The click opened ${route}.`)
      return eye(`Inside the app the notification’s click opens ${route}. ${osClickInstructions}`)
    }
  },
  {
    id: 'link',
    title: 'A magpie:// link opened from outside the app',
    needs: ['post'],
    shot: { copy: 'ann', when: 'after' },
    async run(run) {
      const ann = copy(run, 'ann')
      await ann.page.evaluate(() => {
        location.hash = '#/'
      })
      await until('the feed', async () => (hashRoute(ann.page) === '/' ? true : undefined))
      const link = `magpie://detail/${run.postId}`
      const how = await ann.openLink(link)
      await until(`the post’s page after ${link}`, async () => (hashRoute(ann.page) === `/detail/${run.postId}` ? true : undefined))
      return passed(`${link} opened the post in the running copy. ${how}`)
    }
  },
  {
    id: 'login-item',
    title: '컴퓨터를 켜면 까치 시작: the switch, read back from the OS',
    needs: ['start'],
    shot: { copy: 'ann', when: 'after' },
    async run(run) {
      const ann = copy(run, 'ann')
      const name = '컴퓨터를 켜면 까치 시작'
      return inAppSettings(ann.page, async (section) => {
        const toggle = section.getByRole('switch', { name })
        // Flipped both ways, ending where the OS was: a login item that was on before the run stays on.
        const before = await ann.loginItem()
        const seen = [`OS before: ${before === null ? 'unreadable' : before ? 'on' : 'off'}, switch ${(await isChecked(ann.page, name)) ? 'on' : 'off'}`]
        for (const want of before ? [false, true] : [true, false]) {
          if ((await isChecked(ann.page, name)) !== want) await toggle.click()
          await until(`the switch ${want ? 'on' : 'off'}`, async () => ((await isChecked(ann.page, name)) === want ? true : undefined))
          const os = await until(`the OS’s login item ${want ? 'on' : 'off'}`, async () => {
            const state = await ann.loginItem()
            return state === want || state === null ? state : undefined
          }).catch(async () => ann.loginItem())
          seen.push(`switch ${want ? 'on' : 'off'} → OS ${os === null ? 'unreadable' : os ? 'on' : 'off'}`)
          if (os === null) return eye(`The OS’s login items cannot be read here (${seen.join('; ')}). Look in the OS’s startup list while flipping the switch.`)
          if (os !== want) return failed(seen.join('; '))
        }
        return passed(seen.join('; '))
      })
    }
  },
  {
    id: 'update',
    title: '업데이트 확인 against a local feed served by the script',
    needs: ['start'],
    shot: { copy: 'ann', when: 'after' },
    async run(run) {
      if (!run.driver.usesLocalFeed) {
        return eye('An installed app checks only its own release feed. Press 설정 → 앱 → 업데이트 확인: it must say 최신 버전이에요 or offer the new release.')
      }
      const ann = copy(run, 'ann')
      const { end, states } = await inAppSettings(ann.page, async (section) => {
        // Off (the real driver starts it off): electron-updater then installs nothing at quit (autoInstallOnAppQuit follows it).
        if (await isChecked(ann.page, '자동으로 업데이트')) await section.getByRole('switch', { name: '자동으로 업데이트' }).click()
        await until('자동으로 업데이트 off', async () => ((await isChecked(ann.page, '자동으로 업데이트')) ? undefined : true))
        const status = section.getByTestId('update-status')
        // Every state the status line passes through, so a short-lived one (downloading) is not missed.
        // (No named function inside: tsx would wrap it in a helper the page does not have.)
        await status.evaluate((element) => {
          const seen = [`${element.getAttribute('data-state')}: ${element.textContent ?? ''}`]
          ;(window as unknown as { smokeUpdateStates: string[] }).smokeUpdateStates = seen
          new MutationObserver(() => seen.push(`${element.getAttribute('data-state')}: ${element.textContent ?? ''}`)).observe(element, {
            attributes: true,
            childList: true,
            subtree: true,
            characterData: true
          })
        })
        await ann.beforeUpdateCheck(run.feed.url)
        await section.getByRole('button', { name: '업데이트 확인' }).click()
        const statesSeen = () => ann.page.evaluate(() => (window as unknown as { smokeUpdateStates: string[] }).smokeUpdateStates)
        // The end: ready or failed, or back at rest (off) once the check has started.
        const settled = await until(
          'the check’s end',
          async () => {
            const state = await status.getAttribute('data-state')
            if (state === 'ready' || state === 'failed') return state
            const started = (await statesSeen()).some((line) => /^(checking|downloading):/.test(line))
            return started && (state === 'idle' || state === 'off') ? state : undefined
          },
          60_000
        )
        return { end: settled, states: await statesSeen() }
      })
      const asked = run.feed.requests.filter((path) => path.endsWith('.yml'))
      const found = states.some((state) => state.includes(`새 버전 ${feedVersion}`))
      if (asked.length === 0) return failed(`The feed was never asked (states: ${states.join(' → ')}).`)
      if (end === 'ready') return passed(`The feed was asked for ${asked.join(', ')}; 새 버전 ${feedVersion} was downloaded and is ready (다시 시작 was not pressed).`)
      if (found) {
        return eye(
          `The check found ${feedVersion} in ${asked.join(', ')}, and then the download ended as “${end}” (states: ${states.join(' → ')}). ` +
            'A development build can download only on Windows; on Linux electron-updater needs an AppImage, on macOS a signed app. See main.log in the profile folder.'
        )
      }
      return failed(`The feed was asked for ${asked.join(', ')} but the page never showed 새 버전 ${feedVersion} (states: ${states.join(' → ')}).`)
    }
  },
  {
    id: 'quit',
    title: 'Quit: both copies end by themselves',
    needs: ['start'],
    shot: { copy: 'ann', when: 'before' },
    async run(run) {
      const ends: string[] = []
      for (const name of ['bo', 'ann'] as const) {
        const running = run.copies[name]
        if (!running) continue
        const { exitCode, byPerson } = await running.quit()
        delete run.copies[name]
        ends.push(`${name}${byPerson ? ' (quit by you from the tray)' : ''}: exit code ${exitCode}`)
      }
      return ends.every((line) => line.endsWith('exit code 0')) ? passed(ends.join('; ')) : failed(ends.join('; '))
    }
  }
]
