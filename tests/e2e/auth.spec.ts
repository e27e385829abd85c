import { composePost, expect, logIn, newAccount, signUp, startHarness, test, watchConsole } from './fixtures'
import { makePhoto } from './photos'

test('sign-up shows every rule as the user types, and main checks them again', async ({ page, harness, consoleErrors }) => {
  await page.goto(harness.url)
  await page.getByRole('link', { name: '회원가입' }).first().click()
  await expect(page).toHaveURL(/#\/signup$/)

  const email = page.getByLabel('아이디(이메일)')
  const nickname = page.getByLabel('닉네임')
  const password = page.getByLabel('비밀번호', { exact: true })
  const confirm = page.getByLabel('비밀번호 확인')

  await email.fill('not-an-email')
  await expect(page.getByText('아이디(이메일)를 정확히 입력해 주세요')).toBeVisible()
  await email.fill('someone@example')
  await expect(page.getByText('아이디(이메일)를 정확히 입력해 주세요')).toBeVisible()
  await email.fill('someone@example.com')
  await expect(page.getByText('아이디(이메일)를 정확히 입력해 주세요')).toBeHidden()

  await password.fill('12345')
  await expect(page.getByText('비밀번호를 6자 이상 입력해 주세요')).toBeVisible()
  await password.fill('long-enough-password')
  await expect(page.getByText('비밀번호를 6자 이상 입력해 주세요')).toBeHidden()

  // Any mismatch is flagged, even with a long password (the web app flagged only short ones: docs/specification.md §10).
  await confirm.fill('long-enough-passworx')
  await expect(page.getByText('비밀번호가 서로 달라요')).toBeVisible()
  await confirm.fill('long-enough-password')
  await expect(page.getByText('비밀번호가 서로 달라요')).toBeHidden()

  // Each password field's 보기 shows it and hides it again: one name, aria-pressed, the focus stays.
  for (const [field, name] of [[password, '비밀번호 보기'], [confirm, '비밀번호 확인 보기']] as const) {
    const reveal = page.getByRole('button', { name, exact: true })
    await expect(reveal).toHaveAttribute('aria-pressed', 'false')
    await reveal.focus()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('button', { name, exact: true, pressed: true })).toBeFocused()
    await expect(field).toHaveAttribute('type', 'text')
    await page.keyboard.press('Space')
    await expect(page.getByRole('button', { name, exact: true, pressed: false })).toBeFocused()
    await expect(field).toHaveAttribute('type', 'password')
  }

  // Submitting with the nickname left empty shows its message and sends nothing.
  await page.getByRole('button', { name: '회원가입' }).click()
  await expect(page.getByText('닉네임을 입력해 주세요')).toBeVisible()
  await expect(page).toHaveURL(/#\/signup$/)

  await nickname.fill('까치')
  await page.getByRole('button', { name: '회원가입' }).click()
  await expect(page.getByText('까치님, 가입을 환영해요!')).toBeVisible()
  await expect(page.getByText('까치님, 안녕하세요')).toBeVisible()
  await expect(page).toHaveURL(/#\/$/)
  expect(consoleErrors).toEqual([])
})

test('a taken email is refused on the email field with emailTaken', async ({ page, harness }) => {
  const account = newAccount('taken')
  await page.goto(harness.url)
  await signUp(page, account)
  await page.getByRole('button', { name: '로그아웃' }).click()
  await page.getByRole('link', { name: '회원가입' }).first().click()
  await page.getByLabel('아이디(이메일)').fill(account.email.toUpperCase())
  await page.getByLabel('닉네임').fill('another')
  await page.getByLabel('비밀번호', { exact: true }).fill('another-pass')
  await page.getByLabel('비밀번호 확인').fill('another-pass')
  await page.getByRole('button', { name: '회원가입' }).click()
  const email = page.getByLabel('아이디(이메일)')
  await expect(email).toHaveAttribute('aria-invalid', 'true')
  await expect(email).toHaveAccessibleDescription('이미 가입된 이메일이에요. 로그인해 주세요')
  await expect(page.getByText('로그인해 주세요', { exact: true })).toBeVisible()
})

test('a nickname that looks like one taken, or hides a character, is refused on its field (issue 22, item 3)', async ({ page, harness }) => {
  const admin = { ...newAccount('admin'), nickname: '관리자' }
  await page.goto(harness.url)
  await signUp(page, admin)
  await page.getByRole('button', { name: '로그아웃' }).click()
  await page.getByRole('link', { name: '회원가입' }).first().click()
  const other = newAccount('imposter')
  await page.getByLabel('아이디(이메일)').fill(other.email)
  const nickname = page.getByLabel('닉네임')
  // A zero-width space: said as it is typed.
  await nickname.fill('관\u200b리자')
  await expect(nickname).toHaveAccessibleDescription('닉네임에는 보이지 않는 문자나 제어 문자를 쓸 수 없어요')
  // The same name typed decomposed (as some keyboards send it): main finds it taken.
  await nickname.fill('관리자'.normalize('NFD'))
  await page.getByLabel('비밀번호', { exact: true }).fill(other.password)
  await page.getByLabel('비밀번호 확인').fill(other.password)
  await page.getByRole('button', { name: '회원가입' }).click()
  await expect(nickname).toHaveAttribute('aria-invalid', 'true')
  await expect(nickname).toHaveAccessibleDescription('비슷해 보이는 닉네임을 다른 분이 쓰고 있어요. 다른 닉네임을 골라 주세요')
})

test('log out, fail a login, log in, and stay signed in across a restart', async ({ page, consoleErrors }) => {
  const account = newAccount('restart')
  const first = await startHarness()
  try {
    await page.goto(first.url)
    await signUp(page, account)

    await page.getByRole('button', { name: '로그아웃' }).click()
    await expect(page.getByText('로그인해 주세요', { exact: true })).toBeVisible()
    await expect(page.getByRole('link', { name: '로그인' })).toBeVisible()
    await expect(page.getByRole('button', { name: '로그아웃' })).toBeHidden()

    await logIn(page, { email: account.email, password: 'wrong-password' })
    await expect(page.getByText('아이디와 비밀번호를 확인해 주세요')).toBeVisible()
    await expect(page.getByText('로그인해 주세요', { exact: true })).toBeVisible()
    // The refusal puts the focus on the form's first field; 보기 shows the password typed.
    await expect(page.getByLabel('아이디(이메일)')).toBeFocused()
    await page.getByRole('button', { name: '비밀번호 보기' }).click()
    await expect(page.getByLabel('비밀번호')).toHaveAttribute('type', 'text')
    await expect(page.getByLabel('비밀번호')).toHaveValue('wrong-password')

    await page.getByLabel('비밀번호').fill(account.password)
    await page.getByRole('button', { name: '로그인' }).click()
    await expect(page.getByText(`${account.nickname}님, 안녕하세요`)).toBeVisible()
    await expect(page).toHaveURL(/#\/$/)
    // Close the page before its app copy quits, as a window closes with the app.
    await page.goto('about:blank')
  } finally {
    await first.stop()
  }

  // The same app copy starts again: its session token was kept by main.
  const second = await startHarness({ dataDir: first.dataDir, profileDir: first.profileDir })
  try {
    await page.goto(second.url)
    await expect(page.getByText(`${account.nickname}님, 안녕하세요`)).toBeVisible()
    await expect(page.getByRole('button', { name: '로그아웃' })).toBeVisible()
    // As above: a page left open on a stopped app copy tries to reconnect, and logs the refusal.
    await page.goto('about:blank')
  } finally {
    await second.stop()
  }
  expect(consoleErrors).toEqual([])
})

test('unknown routes show the Korean not-found screen', async ({ page, harness }) => {
  const errors = watchConsole(page)
  await page.goto(`${harness.url}#/no/such/page`)
  await expect(page.getByRole('heading', { name: '페이지를 찾을 수 없어요' })).toBeVisible()
  await page.getByRole('link', { name: '홈으로' }).click()
  await expect(page).toHaveURL(/#\/$/)
  expect(errors).toEqual([])
})

test('signed in, the login and sign-up pages give way to the feed', async ({ page, harness, consoleErrors }) => {
  await page.goto(harness.url)
  await signUp(page, newAccount('already'))
  await page.goto(`${harness.url}#/login`)
  await expect(page).toHaveURL(/#\/$/)
  await page.goto(`${harness.url}#/signup`)
  await expect(page).toHaveURL(/#\/$/)
  await expect(page.getByRole('button', { name: '로그아웃' })).toBeVisible()
  expect(consoleErrors).toEqual([])
})

test('asked to log in to comment, the reader logs in and is back on the post with the comment still typed', async ({ page, harness, consoleErrors }, testInfo) => {
  const writer = newAccount('writer')
  await page.goto(harness.url)
  await signUp(page, writer)
  await composePost(page, '댓글을 기다리는 글', await makePhoto('return'))
  await expect(page.getByTestId('post-card')).toHaveCount(1)
  await page.getByRole('button', { name: '로그아웃' }).click()
  await expect(page.getByText('로그인해 주세요', { exact: true })).toBeVisible()

  await page.getByTestId('post-card').locator('p').first().click()
  await expect(page).toHaveURL(/#\/detail\//)
  const postUrl = page.url()
  await page.getByLabel('댓글을 남겨 주세요').fill('로그인하고 남기는 댓글')
  await page.getByRole('button', { name: '등록' }).click()
  await expect(page.getByText('댓글을 남기려면 먼저 로그인해 주세요')).toBeVisible()
  await page.getByTestId('post-detail').locator('..').getByRole('link', { name: '로그인' }).click()
  await expect(page).toHaveURL(/#\/login$/)
  await page.getByLabel('아이디(이메일)').fill(writer.email)
  await page.getByLabel('비밀번호').fill(writer.password)
  await page.getByRole('button', { name: '로그인' }).click()

  await expect(page).toHaveURL(postUrl)
  await expect(page.getByText(`${writer.nickname}님, 안녕하세요`)).toBeVisible()
  await expect(page.getByLabel('댓글을 남겨 주세요')).toHaveValue('로그인하고 남기는 댓글')
  await page.getByLabel('댓글을 남겨 주세요').scrollIntoViewIfNeeded()
  await page.screenshot({ path: testInfo.outputPath('back-on-post.png') })
  await page.getByRole('button', { name: '등록' }).click()
  await expect(page.getByTestId('comment')).toHaveCount(1)
  await expect(page.getByTestId('comment')).toContainText('로그인하고 남기는 댓글')
  await expect(page.getByLabel('댓글을 남겨 주세요')).toHaveValue('')
  expect(consoleErrors).toEqual([])
})
