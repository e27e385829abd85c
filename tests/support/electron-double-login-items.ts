/**
 * app.setLoginItemSettings / getLoginItemSettings as Electron 42 does them on each OS, with the
 * OS's own switch (Task Manager and Windows Settings' StartupApproved value, macOS System
 * Settings → Login Items) that the person can turn off behind Magpie's back. Sources are
 * electron/electron at 42-x-y; the double's app delegates here (electron-double.ts).
 */

/** What a test sets up or reads of the OS's login items. */
export interface LoginItemsState {
  /** Windows: HKCU\Software\Microsoft\Windows\CurrentVersion\Run, value name → command line. */
  run: Map<string, string>
  /** Windows: …\Explorer\StartupApproved\Run, value name → 'disabled' (Task Manager's 0x03 binary). No value: enabled. */
  startupApproved: Map<string, 'disabled'>
  /** macOS 13+: SMAppService.mainApp's status. */
  macStatus: 'not-registered' | 'enabled' | 'requires-approval'
  /** macOS: the person turned Magpie off in System Settings → Login Items; register() then leaves it needing approval. */
  macTurnedOffByPerson: boolean
}

export function emptyLoginItems(): LoginItemsState {
  return { run: new Map(), startupApproved: new Map(), macStatus: 'not-registered', macTurnedOffByPerson: false }
}

export interface LoginItemSettingsInput {
  openAtLogin?: boolean
  path?: string
  args?: string[]
  enabled?: boolean
  name?: string
  type?: string
  serviceName?: string
}

/** AddQuoteForArg: quoted when it has a space, backslash or quote, as CommandLineToArgvW reads it (command_line_util_win.cc:11-50; a trailing backslash run, doubled there, is left out). */
const quote = (arg: string) => (/[ \\"]/.test(arg) ? `"${arg.replace(/"/g, '\\"')}"` : arg)
/** FormatCommandLineString: the exe (the running one when no path is given) and each argument quoted (browser_win.cc:157-178). */
const commandLine = (path: string | undefined, args: readonly string[] | undefined) => [path || process.execPath, ...(args ?? [])].map(quote).join(' ')
/** base::CommandLine::FromString(...).GetProgram(): the first, unquoted word. */
const programOf = (command: string) => (command.startsWith('"') ? command.slice(1, command.indexOf('"', 1)) : command.split(' ')[0]!)

export function setLoginItemSettings(state: LoginItemsState, settings: LoginItemSettingsInput, appUserModelId: string): void {
  if (process.platform === 'win32') {
    // The value's name is `name`, else the AppUserModelID (browser_win.cc:687-688).
    const name = settings.name || appUserModelId
    if (settings.openAtLogin) {
      state.run.set(name, commandLine(settings.path, settings.args))
      // `enabled` defaults to true (browser.h:74), and true deletes the StartupApproved value: a
      // switch the person turned off in Task Manager is on again (browser_win.cc:690-708).
      if (settings.enabled ?? true) state.startupApproved.delete(name)
      else state.startupApproved.set(name, 'disabled')
    } else {
      // Off deletes both values (browser_win.cc:710-714).
      state.startupApproved.delete(name)
      state.run.delete(name)
    }
  } else if (process.platform === 'darwin') {
    // type defaults to mainAppService, which needs no name (browser_mac.mm:447-452, browser.h:66).
    if (settings.type && settings.type !== 'mainAppService' && !settings.serviceName) throw new TypeError("'name' is required when type is not mainAppService")
    // SMAppService register/unregister (platform_util_mac.mm:247-270); a login item the person turned off stays off until they approve it.
    if (!settings.openAtLogin) state.macStatus = 'not-registered'
    else state.macStatus = state.macTurnedOffByPerson ? 'requires-approval' : 'enabled'
  }
  // Linux: a no-op (browser_linux.cc:264).
}

export function getLoginItemSettings(state: LoginItemsState, options: LoginItemSettingsInput, appUserModelId: string, wasOpenedAtLogin: boolean) {
  // Every OS: the same keys, executableWillLaunchAtLogin always there (login_item_settings_converter.cc:66-87).
  const settings = { openAtLogin: false, openAsHidden: false, restoreState: false, wasOpenedAtLogin: false, wasOpenedAsHidden: false, executableWillLaunchAtLogin: false }
  if (process.platform === 'win32') {
    // openAtLogin: the AppUserModelID's value is exactly this path and args, whatever StartupApproved says (browser_win.cc:721-731).
    const command = commandLine(options.path, options.args)
    settings.openAtLogin = state.run.get(appUserModelId) === command
    // executableWillLaunchAtLogin: some Run value starts this program (case-insensitive) and
    // StartupApproved does not disable it (browser_win.cc:185-262, 733-748).
    const program = (options.path || process.execPath).toLowerCase()
    const launchItems = [...state.run].filter(([, value]) => programOf(value).toLowerCase() === program)
    const items = launchItems.map(([name, value]) => ({ name, path: programOf(value), args: value.slice(programOf(value).length).trim(), scope: 'user', enabled: !state.startupApproved.has(name) }))
    settings.executableWillLaunchAtLogin = items.some((item) => item.enabled)
    return { ...settings, launchItems: items }
  }
  if (process.platform === 'darwin') {
    // macOS 13+: open_at_login is status == "enabled"; was_launched_at_login_ from the launch (browser_mac.mm:408-440).
    return { ...settings, openAtLogin: state.macStatus === 'enabled', status: state.macStatus, wasOpenedAtLogin }
  }
  // Linux: nothing is known (browser_linux.cc:266-270).
  return settings
}

/** The person turns Magpie off in the OS's own list: Task Manager's Startup tab, or macOS System Settings. */
export function turnOffInOs(state: LoginItemsState, appUserModelId: string): void {
  if (process.platform === 'win32') state.startupApproved.set(appUserModelId, 'disabled')
  if (process.platform === 'darwin') {
    state.macTurnedOffByPerson = true
    if (state.macStatus === 'enabled') state.macStatus = 'requires-approval'
  }
}
