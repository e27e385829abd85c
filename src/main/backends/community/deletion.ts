import { postFromDoc, storagePathOf, userFromDoc } from '../../firebase/mapping'
import { FirebasePortError, ownDocsMax, type Snapshot } from '../../firebase/ports'
import type { DeletionRecord } from '../../store/deletions-store'
import type { CommunityContext } from './context'
import { createNicknameClaims } from './nickname-claims'

/**
 * 회원 탈퇴 in a community (decision 027), in this order; the journal row names the next step, so
 * a run cut short (the app quit, the network lost) starts again there. Each step is safe to run
 * twice. Photos go before their document, so a cut never leaves a file nobody can find.
 * Other people's data is never touched: their comments on my posts stay (as after any post's
 * deletion), and the alerts I caused stay in their lists.
 */
export const deletionSteps = ['posts', 'comments', 'likes', 'alerts', 'reports', 'profile', 'nickname', 'account'] as const
export type DeletionStep = (typeof deletionSteps)[number]

/** How many times one step queries again for what is left (each query at most ownDocsMax documents). */
const roundsMax = 20

export type DeletionState = 'finishing' | 'needsPassword'

const ignoring = (reasons: FirebasePortError['reason'][]) => (error: unknown) => {
  if (!(error instanceof FirebasePortError) || !reasons.includes(error.reason)) throw error
}

export function createCommunityDeletion(ctx: CommunityContext, hooks: { finished(userId: string): Promise<void>; changed(): void }) {
  const { ports, store } = ctx
  let state: DeletionState | null = null
  let running: Promise<void> | null = null
  const names = createNicknameClaims(ctx)

  /** A Storage file of mine; one already gone, or one the web app uploaded (no owner mark: nobody may delete it), is skipped. */
  const removeFile = (path: string | null) => (path ? ports.files.remove(path).catch(ignoring(['not-found', 'permission-denied'])) : Promise.resolve())

  /** Deletes what `query` finds, again until nothing is left but what the rules refuse me. */
  async function drain<T>(query: () => Promise<Snapshot<T>[]>, remove: (doc: Snapshot<T>) => Promise<void>): Promise<void> {
    const refused = new Set<string>()
    for (let round = 0; round < roundsMax; round++) {
      const left = (await query()).filter((doc) => !refused.has(doc.id))
      if (left.length === 0) return
      for (const doc of left) {
        await remove(doc).catch((error: unknown) => {
          if (!(error instanceof FirebasePortError && error.reason === 'permission-denied')) throw error
          refused.add(doc.id)
        })
      }
    }
  }

  const steps: Record<DeletionStep, (row: DeletionRecord & { remoteUid: string }) => Promise<void>> = {
    posts: (row) =>
      drain(
        () => ports.docs.allPostsBy(row.remoteUid, ownDocsMax),
        async (doc) => {
          const post = postFromDoc(doc, ctx.now())
          await removeFile(post.imagePath)
          await ports.docs.deletePost(doc.id).catch(ignoring(['not-found']))
        }
      ),
    comments: (row) => drain(() => ports.docs.commentsBy(row.email, ownDocsMax), (doc) => ports.docs.deleteComment(doc.id).catch(ignoring(['not-found']))),
    likes: (row) => drain(() => ports.docs.postsLikedBy(row.email, ownDocsMax), (doc) => ports.docs.setLiked(doc.id, row.email, false).catch(ignoring(['not-found']))),
    alerts: (row) => ports.alerts.clear(row.remoteUid),
    // The 신고 I made (decision 030): who reported goes with them; what they reported stays others'.
    reports: (row) => drain(() => ports.docs.reportsBy(row.remoteUid, ownDocsMax), (doc) => ports.docs.deleteReport(doc.id)),
    async profile(row) {
      // The public face (decision 028) first, which anyone signed in may read; then the users document.
      await ports.docs.deleteProfile(row.remoteUid)
      const doc = await ports.docs.userByEmail(row.email)
      if (!doc) return
      await removeFile(storagePathOf(userFromDoc(doc).avatarUrl))
      await ports.docs.deleteUser(doc.id)
    },
    async nickname(row) {
      const nickname = store.users.get(row.userId)?.nickname
      if (nickname) await names.release(nickname, row.remoteUid)
    },
    account: () => ports.auth.deleteAccount()
  }

  function setState(next: DeletionState | null): void {
    if (state === next) return
    state = next
    hooks.changed()
  }

  /** Runs the journal's steps from the one it names; the network lost keeps the row for the next try. */
  async function runSteps(row: DeletionRecord): Promise<void> {
    if (!row.remoteUid) return
    const me = { ...row, remoteUid: row.remoteUid }
    setState('finishing')
    try {
      for (let i = Math.max(0, deletionSteps.indexOf(row.step as DeletionStep)); i < deletionSteps.length; i++) {
        await steps[deletionSteps[i]!](me)
        const next = deletionSteps[i + 1]
        await store.transaction(() => (next ? store.deletions.setStep(row.userId, next, ctx.now()) : store.deletions.finish(row.userId)))
      }
    } catch (error) {
      if (error instanceof FirebasePortError && error.reason === 'requires-recent-login') return setState('needsPassword')
      throw error
    }
    setState(null)
    await hooks.finished(row.userId)
  }

  /** One run at a time: a second caller waits for the first. */
  function run(row: DeletionRecord): Promise<void> {
    running ??= runSteps(row).finally(() => (running = null))
    return running
  }

  return {
    state: (): DeletionState | null => state,
    /** This project's deletion that is not finished, for the person `uid` (the vault's session). */
    pendingFor: (uid: string): DeletionRecord | null => store.deletions.pending().find((row) => row.remoteUid === uid) ?? null,
    start(row: { userId: string; uid: string; email: string }): Promise<void> {
      return store
        .transaction(() => store.deletions.start({ userId: row.userId, remoteUid: row.uid, email: row.email, step: deletionSteps[0], files: [], at: ctx.now() }))
        .then(() => run(store.deletions.get(row.userId)!))
    },
    /** Marks a deletion found at start: it shows as finishing before Firebase is asked anything. */
    adopt(): void {
      setState('finishing')
    },
    /** Goes on with this project's pending deletion, if any (at start once signed in, when the network is back, after the password again). */
    async resume(): Promise<void> {
      const row = store.deletions.pending().find((r) => r.remoteUid !== null)
      if (row) await run(row)
    }
  }
}

export type CommunityDeletion = ReturnType<typeof createCommunityDeletion>
