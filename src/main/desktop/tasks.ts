import { app, Menu, type MenuItemConstructorOptions, type Task } from 'electron'
import { messages } from '@shared/messages'

/**
 * What Magpie offers from outside its window: the tray menu, the macOS Dock menu and the
 * Windows Jump List (docs/decisions/041-tray-dock-jump-list.md).
 */
export const shellTasks = ['newPost', 'alerts', 'settings'] as const
export type ShellTask = (typeof shellTasks)[number]

/** The Jump List starts Magpie with this switch; a running copy gets it through 'second-instance'. */
const taskSwitch = '--magpie-task='
const switchValue: Record<ShellTask, string> = { newPost: 'new-post', alerts: 'alerts', settings: 'settings' }
const label: Record<ShellTask, string> = { newPost: messages.taskNewPost, alerts: messages.taskAlerts, settings: messages.taskSettings }
const hint: Record<ShellTask, string> = { newPost: messages.taskNewPostHint, alerts: messages.taskAlertsHint, settings: messages.taskSettingsHint }

/**
 * The task a command line asks for. Any program can start Magpie with any arguments: only the
 * three exact switches count, and a task only opens a page.
 */
export function taskFromArgv(argv: readonly string[]): ShellTask | null {
  for (const arg of argv) {
    if (!arg.startsWith(taskSwitch)) continue
    const value = arg.slice(taskSwitch.length)
    const task = shellTasks.find((candidate) => switchValue[candidate] === value)
    if (task) return task
  }
  return null
}

export function taskMenuItems(run: (task: ShellTask) => void): MenuItemConstructorOptions[] {
  return shellTasks.map((task) => ({ label: label[task], click: () => run(task) }))
}

/**
 * The Jump List's Tasks: each starts this executable with its switch. Windows keeps the list
 * for the app's AppUserModelID across runs (browser_win.cc:402-425, a JumpList committed
 * under GetAppUserModelID()).
 */
export function jumpListTasks(executable: string): Task[] {
  return shellTasks.map((task) => ({
    program: executable,
    arguments: `${taskSwitch}${switchValue[task]}`,
    title: label[task],
    description: hint[task],
    iconPath: executable,
    iconIndex: 0
  }))
}

/**
 * The Dock menu on macOS (app.dock exists only there: electron_api_app.cc:2021-2023) and the
 * Jump List on Windows (app.setUserTasks exists only there: electron_api_app.cc:1971-1975).
 * Development sets no Jump List: its tasks would start a bare electron.exe, not this app.
 */
export function installShellTasks(platform: NodeJS.Platform, packaged: boolean, run: (task: ShellTask) => void, log: (error: unknown) => void): void {
  if (platform === 'darwin') app.dock?.setMenu(Menu.buildFromTemplate(taskMenuItems(run)))
  if (platform === 'win32' && packaged && !app.setUserTasks(jumpListTasks(process.execPath))) log(new Error('the Jump List was not set'))
}
