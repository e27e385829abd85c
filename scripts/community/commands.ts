import { existsSync, readFileSync } from 'node:fs'
import { cert, deleteApp, initializeApp, type App } from 'firebase-admin/app'
import { getAuth } from 'firebase-admin/auth'
import { FieldValue, getFirestore } from 'firebase-admin/firestore'
import { setAccess } from './access'
import { fillIdentities } from './identities'

/**
 * `npm run community -- …` (scripts/community/cli.ts): what only a community's owner does, with
 * the Admin SDK and the project's service-account key (docs/decisions/030-reports-and-moderators.md).
 *
 *   moderator add <email>      the account's ID tokens carry moderator: true (the rules' only test)
 *   moderator remove <email>   the claim goes (other claims stay)
 *   moderator list             every account with the claim
 *   require-alt-text on|off    settings/community.requireAltText
 *   identities fill            emails/{key} = uid from every users document, once (decision 043)
 *   access members-only|open   settings/community.access; closing imports every users document as a member (decision 045)
 *
 * The key comes from --key <file> or GOOGLE_APPLICATION_CREDENTIALS. Against the emulators
 * (FIREBASE_AUTH_EMULATOR_HOST, FIRESTORE_EMULATOR_HOST) none is needed: --project names the project.
 */

export const usage = `사용법 (Usage):
  npm run community -- moderator add <email> [--key <service-account.json>]
  npm run community -- moderator remove <email> [--key <service-account.json>]
  npm run community -- moderator list [--key <service-account.json>]
  npm run community -- require-alt-text on|off [--key <service-account.json>]
  npm run community -- identities fill [--key <service-account.json>]
  npm run community -- access members-only|open [--key <service-account.json>]   (회원만 / 누구나: members only or open)
  npm run community -- rescan [--key <service-account.json>]   (글을 복원하거나 가져온 뒤: after restoring or importing posts)
서비스 계정 키는 --key 또는 GOOGLE_APPLICATION_CREDENTIALS로 알려 주세요.`

/** A failure the command explains in one line (Korean, then English) and exits 1 on. */
export class CommandError extends Error {}

export interface Parsed {
  words: string[]
  key: string | null
  project: string | null
}

export function parse(argv: string[]): Parsed {
  const words: string[] = []
  let key: string | null = null
  let project: string | null = null
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    if (arg === '--key' || arg === '--project') {
      const value = argv[++i]
      if (!value) throw new CommandError(`${arg} 뒤에 값을 적어 주세요 (${arg} needs a value).`)
      if (arg === '--key') key = value
      else project = value
    } else if (arg.startsWith('--')) throw new CommandError(`모르는 옵션이에요: ${arg} (unknown option).\n${usage}`)
    else words.push(arg)
  }
  return { words, key, project }
}

const onEmulators = (env: NodeJS.ProcessEnv) => Boolean(env.FIREBASE_AUTH_EMULATOR_HOST || env.FIRESTORE_EMULATOR_HOST)

/** The Admin SDK app: from the key file, or (emulators only) the project alone. */
export function openApp(parsed: Parsed, env: NodeJS.ProcessEnv = process.env): App {
  const keyFile = parsed.key ?? env.GOOGLE_APPLICATION_CREDENTIALS ?? null
  const name = `community-cli-${Date.now()}-${Math.random()}`
  if (!keyFile) {
    if (!onEmulators(env)) throw new CommandError('서비스 계정 키가 없어요. --key <파일> 또는 GOOGLE_APPLICATION_CREDENTIALS로 알려 주세요 (no service-account key).')
    return initializeApp({ projectId: parsed.project ?? env.GCLOUD_PROJECT ?? 'demo-magpie' }, name)
  }
  if (!existsSync(keyFile)) throw new CommandError(`서비스 계정 키 파일이 없어요: ${keyFile} (key file not found).`)
  let key: { project_id?: unknown; client_email?: unknown; private_key?: unknown }
  try {
    key = JSON.parse(readFileSync(keyFile, 'utf8')) as typeof key
  } catch {
    throw new CommandError(`서비스 계정 키 파일을 읽을 수 없어요: ${keyFile} (not a JSON key).`)
  }
  if (typeof key.project_id !== 'string' || typeof key.client_email !== 'string' || typeof key.private_key !== 'string') {
    throw new CommandError(`서비스 계정 키가 아니에요: ${keyFile} (project_id, client_email, private_key missing).`)
  }
  return initializeApp({ credential: cert(keyFile), projectId: parsed.project ?? key.project_id }, name)
}

async function userByEmail(app: App, email: string) {
  try {
    return await getAuth(app).getUserByEmail(email)
  } catch (error) {
    if ((error as { code?: string }).code === 'auth/user-not-found') throw new CommandError(`이 이메일의 계정이 없어요: ${email} (no such account).`)
    if ((error as { code?: string }).code === 'auth/invalid-email') throw new CommandError(`이메일 형식이 아니에요: ${email} (invalid email).`)
    throw error
  }
}

async function moderator(app: App, action: string | undefined, email: string | undefined): Promise<string> {
  const auth = getAuth(app)
  if (action === 'list') {
    const found: string[] = []
    let pageToken: string | undefined
    do {
      const page = await auth.listUsers(1000, pageToken)
      for (const user of page.users) if (user.customClaims?.moderator === true) found.push(user.email ?? user.uid)
      pageToken = page.pageToken
    } while (pageToken)
    return found.length ? found.sort().join('\n') : '관리자가 없어요 (no moderators).'
  }
  if (action !== 'add' && action !== 'remove') throw new CommandError(`moderator 다음에는 add, remove, list 중 하나를 적어 주세요.\n${usage}`)
  if (!email) throw new CommandError(`이메일을 적어 주세요 (an email is needed).\n${usage}`)
  const user = await userByEmail(app, email)
  const claims: Record<string, unknown> = { ...(user.customClaims ?? {}) }
  if (action === 'add') claims.moderator = true
  else delete claims.moderator
  await auth.setCustomUserClaims(user.uid, claims)
  // The rules cannot read another account's claims: this mark keeps moderators from removing one another (decision 045).
  const mark = getFirestore(app).doc(`moderators/${user.uid}`)
  if (action === 'add') await mark.set({ at: FieldValue.serverTimestamp() })
  else await mark.delete()
  // The person's copy of Magpie reads the claim from a new token: at their next sign-in (or within the hour).
  return action === 'add'
    ? `${email}님을 관리자로 지정했어요. 다음 로그인부터 적용돼요 (moderator added; effective at their next sign-in).`
    : `${email}님을 관리자에서 뺐어요 (moderator removed).`
}

async function requireAltText(app: App, value: string | undefined): Promise<string> {
  if (value !== 'on' && value !== 'off') throw new CommandError(`require-alt-text 다음에는 on 또는 off를 적어 주세요.\n${usage}`)
  await getFirestore(app).doc('settings/community').set({ requireAltText: value === 'on' }, { merge: true })
  return value === 'on' ? '사진 설명을 꼭 쓰도록 했어요 (alt text required).' : '사진 설명을 쓰지 않아도 돼요 (alt text optional).'
}

async function identities(app: App, action: string | undefined): Promise<string> {
  if (action !== 'fill') throw new CommandError(`identities 다음에는 fill을 적어 주세요.\n${usage}`)
  const { claimed, present, ambiguous } = await fillIdentities(app)
  const lines = [`이메일 ${claimed}개를 계정에 묶었어요. ${present}개는 이미 묶여 있었어요 (${claimed} claimed, ${present} already there).`]
  if (ambiguous.length) {
    lines.push(`이메일 ${ambiguous.length}개는 users 문서 여럿이 서로 다른 계정으로 써서 묶지 않았어요 (several uids; left unclaimed):`, ...ambiguous)
  }
  return lines.join('\n')
}

/**
 * After a restore or an import of posts without createdAt, dated before today: every copy of
 * Magpie scans the posts once more at its next start (decision 042), since no day's range finds them.
 */
async function rescan(app: App): Promise<string> {
  await getFirestore(app).doc('settings/community').set({ postsRescanAt: FieldValue.serverTimestamp() }, { merge: true })
  return '까치가 다음에 시작할 때 글을 모두 다시 찾아요 (every copy of Magpie scans the posts again at its next start).'
}

async function access(app: App, value: string | undefined): Promise<string> {
  if (value !== 'members-only' && value !== 'open') throw new CommandError(`access 다음에는 members-only 또는 open을 적어 주세요.\n${usage}`)
  const result = await setAccess(app, value)
  const lines: string[] = []
  if (value === 'members-only') {
    lines.push(`회원 ${result.imported}명을 가져왔어요. ${result.present}명은 이미 회원이었어요 (${result.imported} imported from users, ${result.present} already members).`)
    lines.push(`관리자 ${result.moderators}명을 표시했어요 (${result.moderators} moderators marked).`)
    lines.push(result.changed ? '이제 회원만 글을 보고 쓸 수 있어요 (the community is members-only now).' : '이미 회원만 보는 커뮤니티예요 (already members-only).')
  } else {
    lines.push(result.changed ? '이제 누구나 글을 볼 수 있어요. 회원 목록은 그대로 둬요 (the community is open now; members are kept).' : '이미 누구나 보는 커뮤니티예요 (already open).')
  }
  return lines.join('\n')
}

/** Runs one command; resolves to what to print. Throws CommandError for anything the person should fix. */
export async function run(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const parsed = parse(argv)
  const [command, action, argument] = parsed.words
  if (!['moderator', 'require-alt-text', 'identities', 'rescan', 'access'].includes(command ?? '')) throw new CommandError(usage)
  const app = openApp(parsed, env)
  try {
    if (command === 'identities') return await identities(app, action)
    if (command === 'rescan') return await rescan(app)
    if (command === 'access') return await access(app, action)
    return command === 'moderator' ? await moderator(app, action, argument) : await requireAltText(app, action)
  } finally {
    await deleteApp(app)
  }
}
