import { personKey } from '../../store/person-key'
import type { CommunityContext } from './context'

/** People asked about in one round: one registry read each. */
const roundMax = 20
/** An email the registry had no entry for is asked about again after this long (its holder may claim it with Magpie since). */
const askAgainMs = 7 * 24 * 60 * 60 * 1000

/**
 * Which account each person the mirror shows is (decision 048). A block or mute names the
 * person's uid as well as their email's key, so that a changed email sheds neither; a post
 * carries its author's uid (posted_uid, bound by the rules), but a comment or a like names only
 * an email. For those, the registry of emails (emails/{key}, decision 043) tells the uid: asked
 * once per email the mirror first sees, and only while some block or mute names an account —
 * a member who hides nobody pays nothing. An email without an entry (a web-app member who never
 * signed in with Magpie) stays matched by its key alone, and is asked about again a week later.
 */
export function createAccountLookups(ctx: CommunityContext, learned: () => Promise<void>) {
  const { store, mirror, ports } = ctx
  let running: Promise<void> | null = null
  let again = false

  async function round(): Promise<boolean> {
    const people = mirror.peopleWithoutUid(roundMax, ctx.now() - askAgainMs)
    let found = false
    for (const person of people) {
      const uid = await ports.docs.emailHolder(personKey(person.email))
      await store.transaction(() => mirror.learnedUid(person.id, uid, ctx.now()))
      found ||= uid !== null
    }
    if (found) await learned()
    return people.length === roundMax
  }

  async function run(): Promise<void> {
    do {
      again = false
      while (store.controls.namesAccounts() && (await round()));
    } while (again)
  }

  return {
    /** Asks about the people the mirror does not know the uid of, in the background; one run at a time. */
    learn(): void {
      if (running) {
        again = true
        return
      }
      const task = run().finally(() => (running = null))
      running = task
      ctx.background('account lookups', () => task)
    }
  }
}
