/**
 * [crash] Electron 42's crashReporter as far as Magpie uses it (electron/electron at 42-x-y), for the
 * double (electron-double.ts).
 */
export interface CrashReporterState {
  /** The options of the start() call that counted (the first). */
  starts: Record<string, unknown>[]
  /** Where app.getPath('crashDumps') pointed when start() ran: Crashpad's database stays there. */
  databases: string[]
}

export const emptyCrashReporter = (): CrashReporterState => ({ starts: [], databases: [] })

/**
 * start() throws without a submitURL while uploadToServer is true, its default
 * (lib/browser/api/crash-reporter.ts:8-21); it is the first call any other API needs
 * (docs/api/crash-reporter.md:100-104).
 */
export function fakeCrashReporter(state: () => CrashReporterState, crashDumps: () => string, record: (api: string, ...args: unknown[]) => void) {
  return {
    start(options: { submitURL?: string; uploadToServer?: boolean; [key: string]: unknown }): void {
      record('crashReporter.start', options)
      if ((options.uploadToServer ?? true) && !options.submitURL) throw new Error('submitURL must be specified when uploadToServer is true')
      // Only the first start counts: the binding returns at once after it (shell/browser/api/electron_api_crash_reporter.cc:139-141).
      if (state().starts.length > 0) return
      state().starts.push({ ...options })
      state().databases.push(crashDumps())
    }
  }
}
