import type { Db } from './database'

/** One account being deleted (회원 탈퇴), as its journal row says. */
export interface DeletionRecord {
  userId: string
  /** The Firebase uid in a community; null in local mode. */
  remoteUid: string | null
  email: string
  /** The next step to run (backends/local/account.ts, backends/community/deletion.ts). */
  step: string
  /** Photo files in the images folder still to remove. */
  files: string[]
  startedAt: number
}

/** The journal of 회원 탈퇴 (decision 027): written before the first step, gone after the last. */
export function createDeletionsStore(db: Db) {
  const insert = db.prepare(
    `INSERT OR REPLACE INTO account_deletions (user_id, remote_uid, email, step, files, started_at, updated_at)
     VALUES (@userId, @remoteUid, @email, @step, @files, @at, @at)`
  )
  const all = db.prepare('SELECT * FROM account_deletions ORDER BY started_at')
  const byUser = db.prepare('SELECT * FROM account_deletions WHERE user_id = ?')
  const setStep = db.prepare('UPDATE account_deletions SET step = ?, updated_at = ? WHERE user_id = ?')
  const remove = db.prepare('DELETE FROM account_deletions WHERE user_id = ?')
  const toRecord = (row: Record<string, unknown>): DeletionRecord => ({
    userId: row.user_id as string,
    remoteUid: (row.remote_uid as string | null) ?? null,
    email: row.email as string,
    step: row.step as string,
    files: JSON.parse(row.files as string) as string[],
    startedAt: row.started_at as number
  })

  return {
    start(row: { userId: string; remoteUid: string | null; email: string; step: string; files: string[]; at: number }): void {
      insert.run({ ...row, files: JSON.stringify(row.files) })
    },
    pending(): DeletionRecord[] {
      return (all.all() as Record<string, unknown>[]).map(toRecord)
    },
    get(userId: string): DeletionRecord | null {
      const row = byUser.get(userId) as Record<string, unknown> | undefined
      return row ? toRecord(row) : null
    },
    setStep(userId: string, step: string, at: number): void {
      setStep.run(step, at, userId)
    },
    finish(userId: string): void {
      remove.run(userId)
    }
  }
}

export type DeletionsStore = ReturnType<typeof createDeletionsStore>
