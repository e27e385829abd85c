/**
 * [tray] The macOS Dock menu and the Windows Jump List as Electron 42 has them (electron/electron
 * at 42-x-y), for the double's app (electron-double.ts).
 */

/** Electron's Task (electron.d.ts, docs/api/structures/task.md). */
export interface JumpListTask {
  program: string
  arguments: string
  title: string
  description: string
  iconPath: string
  iconIndex: number
  workingDirectory?: string
}

export interface ShellTasksState {
  /** What the Dock menu holds (app.dock.getMenu answers it: lib/browser/api/app.ts:65-72). */
  dockMenu: unknown
  /** Windows: the Jump List's Tasks as last committed, kept by the OS across runs. */
  userTasks: JumpListTask[] | null
}

export const emptyShellTasks = (): ShellTasksState => ({ dockMenu: null, userTasks: null })

/**
 * app.dock exists only on macOS (electron_api_app.cc:2021-2023, `#if BUILDFLAG(IS_MAC)`
 * .SetProperty("dock")): elsewhere it is undefined. Only what Magpie uses is here.
 */
export function fakeDock(state: () => ShellTasksState, record: (api: string, ...args: unknown[]) => void) {
  return {
    setMenu(menu: unknown): void {
      record('app.dock.setMenu', menu)
      state().dockMenu = menu
    },
    getMenu(): unknown {
      return state().dockMenu
    }
  }
}

/**
 * app.setUserTasks exists only on Windows (electron_api_app.cc:1971-1975); elsewhere calling it
 * throws a TypeError. On Windows it replaces the Tasks category of the app's Jump List and
 * answers whether the commit succeeded (browser_win.cc:402-425).
 */
export function fakeSetUserTasks(state: () => ShellTasksState, record: (api: string, ...args: unknown[]) => void) {
  return (tasks: JumpListTask[]): boolean => {
    record('app.setUserTasks', tasks)
    state().userTasks = tasks.map((task) => ({ ...task }))
    return true
  }
}
