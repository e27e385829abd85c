import { app, clipboard, Menu, type BrowserWindow, type ContextMenuParams, type MenuItemConstructorOptions } from 'electron'
import { linkFromRoute } from '@shared/deep-link'
import { messages } from '@shared/messages'
import { appHost, appScheme } from './app-protocol'
import { safeExternalUrl } from './security'
import { spellingItems } from './spellcheck'

export interface MenuActions {
  settings(): void
  newPost(): void
  checkForUpdates(): void
  zoom(direction: 'in' | 'out' | 'reset'): void
  /** 도움말 → 문제 보고 (problem-report.ts). */
  reportProblem(): void
}

type Item = MenuItemConstructorOptions

/**
 * Magpie's own Korean menu instead of Electron's default English one, whose View menu
 * reloads the page (dropping what a person typed) and opens DevTools in an installed app.
 * The Edit roles stay everywhere: they are what makes Cmd/Ctrl+C, V, X, A and Z work in
 * text fields. Reload and DevTools exist only in development.
 */
export function applicationMenuTemplate(platform: NodeJS.Platform, development: boolean, actions: MenuActions): Item[] {
  const mac = platform === 'darwin'
  const settings: Item = { label: messages.menuSettings, accelerator: 'CmdOrCtrl+,', click: () => actions.settings() }
  const updates: Item = { label: messages.menuCheckForUpdates, click: () => actions.checkForUpdates() }
  const about: Item = { label: messages.menuAbout, role: 'about' }
  const appMenu: Item = {
    label: messages.appName,
    submenu: [
      about,
      { type: 'separator' },
      settings,
      updates,
      { type: 'separator' },
      { label: messages.menuHide, role: 'hide' },
      { label: messages.menuHideOthers, role: 'hideOthers' },
      { label: messages.menuShowAll, role: 'unhide' },
      { type: 'separator' },
      { label: messages.menuQuit, role: 'quit' }
    ]
  }
  const file: Item = {
    label: messages.menuFile,
    submenu: [
      { label: messages.menuNewPost, accelerator: 'CmdOrCtrl+N', click: () => actions.newPost() },
      { type: 'separator' },
      ...(mac ? [] : [settings, { type: 'separator' } as Item]),
      { label: messages.menuCloseWindow, role: 'close' },
      ...(mac ? [] : [{ label: messages.menuQuit, role: 'quit' } as Item])
    ]
  }
  const edit: Item = {
    label: messages.menuEdit,
    submenu: [
      { label: messages.menuUndo, role: 'undo' },
      { label: messages.menuRedo, role: 'redo' },
      { type: 'separator' },
      { label: messages.menuCut, role: 'cut' },
      { label: messages.menuCopy, role: 'copy' },
      { label: messages.menuPaste, role: 'paste' },
      { label: messages.menuSelectAll, role: 'selectAll' }
    ]
  }
  const view: Item = {
    label: messages.menuView,
    submenu: [
      // Not the zoom roles: Magpie keeps the level per copy (zoom.ts), so it must see each change.
      { label: messages.menuZoomReset, accelerator: 'CmdOrCtrl+0', click: () => actions.zoom('reset') },
      { label: messages.menuZoomIn, accelerator: 'CmdOrCtrl+Plus', click: () => actions.zoom('in') },
      // Ctrl+= is where + sits unshifted on most keyboards: the same action, not shown twice.
      { label: messages.menuZoomIn, accelerator: 'CmdOrCtrl+=', visible: false, acceleratorWorksWhenHidden: true, click: () => actions.zoom('in') },
      { label: messages.menuZoomOut, accelerator: 'CmdOrCtrl+-', click: () => actions.zoom('out') },
      { type: 'separator' },
      { label: messages.menuFullScreen, role: 'togglefullscreen' },
      ...(development
        ? [{ type: 'separator' } as Item, { label: messages.menuReload, role: 'reload' } as Item, { label: messages.menuDevTools, role: 'toggleDevTools' } as Item]
        : [])
    ]
  }
  const window: Item = {
    label: messages.menuWindow,
    submenu: [
      { label: messages.menuMinimize, role: 'minimize' },
      ...(mac ? [{ type: 'separator' } as Item, { label: messages.menuFront, role: 'front' } as Item] : [])
    ]
  }
  const report: Item = { label: messages.menuReportProblem, click: () => actions.reportProblem() }
  const help: Item = { label: messages.menuHelp, role: 'help', submenu: mac ? [updates, { type: 'separator' }, report] : [about, updates, { type: 'separator' }, report] }
  return [...(mac ? [appMenu] : []), file, edit, view, window, help]
}

export function installApplicationMenu(platform: NodeJS.Platform, development: boolean, actions: MenuActions): void {
  Menu.setApplicationMenu(Menu.buildFromTemplate(applicationMenuTemplate(platform, development, actions)))
}

/**
 * The magpie:// link of what was right-clicked: a post card's link, or the post page a photo
 * is on; an outside https link as it is. Anything else has no link to copy.
 */
export function linkToCopy(params: Pick<ContextMenuParams, 'linkURL' | 'pageURL' | 'mediaType'>): string | null {
  const ours = (raw: string) => {
    try {
      const url = new URL(raw)
      if (url.protocol !== `${appScheme}:` || url.host !== appHost || !url.hash.startsWith('#/')) return null
      return linkFromRoute(decodeURIComponent(url.hash.slice(1)))
    } catch {
      return null
    }
  }
  if (params.linkURL) return ours(params.linkURL) ?? safeExternalUrl(params.linkURL)
  return params.mediaType === 'image' ? ours(params.pageURL) : null
}

type MenuParams = Pick<
  ContextMenuParams,
  | 'x'
  | 'y'
  | 'isEditable'
  | 'editFlags'
  | 'selectionText'
  | 'mediaType'
  | 'hasImageContents'
  | 'linkURL'
  | 'pageURL'
  | 'misspelledWord'
  | 'dictionarySuggestions'
>

export interface ContextMenuActions {
  copyImage(): void
  copyLink(link: string): void
  /** Replaces the misspelled word under the pointer (webContents.replaceMisspelling). */
  replaceMisspelling(word: string): void
  /** 사전에 추가: the checker takes the word as spelt right from now on. */
  learnSpelling(word: string): void
}

/**
 * What a right-click offers: in text fields, spelling suggestions for a misspelled word, then
 * editing; elsewhere copying a selection, a photo or a link; nothing else.
 */
export function contextMenuTemplate(params: MenuParams, actions: ContextMenuActions): Item[] {
  const items: Item[] = []
  if (params.isEditable) {
    const flags = params.editFlags
    items.push(
      ...spellingItems(params, { replace: (word) => actions.replaceMisspelling(word), learn: (word) => actions.learnSpelling(word) })
    )
    items.push(
      { label: messages.menuUndo, role: 'undo', enabled: flags.canUndo },
      { label: messages.menuRedo, role: 'redo', enabled: flags.canRedo },
      { type: 'separator' },
      { label: messages.menuCut, role: 'cut', enabled: flags.canCut },
      { label: messages.menuCopy, role: 'copy', enabled: flags.canCopy },
      { label: messages.menuPaste, role: 'paste', enabled: flags.canPaste },
      { type: 'separator' },
      { label: messages.menuSelectAll, role: 'selectAll', enabled: flags.canSelectAll }
    )
    return items
  }
  if (params.selectionText.trim()) items.push({ label: messages.menuCopy, role: 'copy' })
  if (params.mediaType === 'image' && params.hasImageContents) items.push({ label: messages.menuCopyImage, click: () => actions.copyImage() })
  const link = linkToCopy(params)
  if (link) items.push({ label: messages.menuCopyLink, click: () => actions.copyLink(link) })
  return items
}

export function attachContextMenu(window: BrowserWindow): void {
  const contents = window.webContents
  contents.on('context-menu', (_event, params) => {
    const template = contextMenuTemplate(params, {
      copyImage: () => contents.copyImageAt(params.x, params.y),
      copyLink: (link) => clipboard.writeText(link),
      replaceMisspelling: (word) => contents.replaceMisspelling(word),
      learnSpelling: (word) => {
        // False for an in-memory session or without a checker (electron_api_session.cc:1628-1647): nothing to tell.
        contents.session.addWordToSpellCheckerDictionary(word)
      }
    })
    if (template.length > 0) Menu.buildFromTemplate(template).popup({ window })
  })
}

/** The about panel (macOS's 까치 정보, and Linux's): the app's name and version in Korean. */
export function setAboutPanel(iconPath: string): void {
  app.setAboutPanelOptions({
    applicationName: messages.appName,
    applicationVersion: app.getVersion(),
    version: '',
    copyright: 'Copyright © 2026 Magpie',
    website: 'https://magpie.app',
    iconPath
  })
}
