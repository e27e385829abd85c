import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { BrowserWindow, ContextMenuParams, MenuItemConstructorOptions } from 'electron'
import { messages } from '@shared/messages'
import { becomeReady, electronRecording, FakeBrowserWindow, fakeEvent, resetElectron } from '../../../tests/support/electron-double'
import { spellingParams } from '../../../tests/support/electron-double-spellcheck'
import { applicationMenuTemplate, attachContextMenu, contextMenuTemplate, linkToCopy } from './menus'

beforeEach(() => resetElectron())

const actions = () => ({ settings: vi.fn(), newPost: vi.fn(), checkForUpdates: vi.fn(), zoom: vi.fn(), reportProblem: vi.fn() })
type Item = MenuItemConstructorOptions
const flatten = (items: Item[]): Item[] => items.flatMap((item) => [item, ...(Array.isArray(item.submenu) ? flatten(item.submenu) : [])])
const roles = (items: Item[]) => flatten(items).map((item) => item.role).filter(Boolean)

describe('the application menu', () => {
  it('is Korean on every OS, keeps the edit roles (copy/paste shortcuts) and has no reload or DevTools when installed', () => {
    for (const os of ['win32', 'linux', 'darwin'] as const) {
      const menu = applicationMenuTemplate(os, false, actions())
      const labels = flatten(menu).map((item) => item.label).filter(Boolean)
      expect(labels.every((label) => /[가-힣]/.test(label!)), os).toBe(true)
      expect(roles(menu)).toEqual(expect.arrayContaining(['undo', 'redo', 'cut', 'copy', 'paste', 'selectAll', 'quit']))
      expect(roles(menu)).not.toEqual(expect.arrayContaining(['reload']))
      expect(roles(menu)).not.toContain('forceReload')
      expect(roles(menu)).not.toContain('toggleDevTools')
    }
  })

  it('on macOS starts with the app menu: 까치 정보, 설정…, 까치 종료', () => {
    const [app] = applicationMenuTemplate('darwin', false, actions())
    const items = (app!.submenu as Item[]).map((item) => item.label ?? item.type)
    expect(app!.label).toBe(messages.appName)
    expect(items[0]).toBe(messages.menuAbout)
    expect(items).toContain(messages.menuSettings)
    expect(items.at(-1)).toBe(messages.menuQuit)
  })

  it('in development adds reload and DevTools', () => {
    expect(roles(applicationMenuTemplate('linux', true, actions()))).toEqual(expect.arrayContaining(['reload', 'toggleDevTools']))
  })

  it('도움말 ends with 문제 보고 on every OS', () => {
    for (const os of ['win32', 'linux', 'darwin'] as const) {
      const a = actions()
      const help = applicationMenuTemplate(os, false, a).find((item) => item.role === 'help')!
      const last = (help.submenu as Item[]).at(-1)!
      expect(last.label, os).toBe(messages.menuReportProblem)
      ;(last.click as () => void)()
      expect(a.reportProblem, os).toHaveBeenCalledOnce()
    }
  })

  it('each item does its own action: settings, new post, updates, zoom in (both keys), out and reset', () => {
    const a = actions()
    const items = flatten(applicationMenuTemplate('win32', false, a))
    const click = (label: string, accelerator?: string) =>
      (items.find((item) => item.label === label && (!accelerator || item.accelerator === accelerator))!.click as () => void)()
    click(messages.menuSettings)
    click(messages.menuNewPost)
    click(messages.menuCheckForUpdates)
    click(messages.menuZoomIn, 'CmdOrCtrl+Plus')
    click(messages.menuZoomIn, 'CmdOrCtrl+=')
    click(messages.menuZoomOut)
    click(messages.menuZoomReset)
    expect(a.settings).toHaveBeenCalledOnce()
    expect(a.newPost).toHaveBeenCalledOnce()
    expect(a.checkForUpdates).toHaveBeenCalledOnce()
    expect(a.zoom.mock.calls).toEqual([['in'], ['in'], ['out'], ['reset']])
    expect(items.find((item) => item.accelerator === 'CmdOrCtrl+=')!.visible).toBe(false)
  })
})

const params = (extra: Partial<ContextMenuParams>): ContextMenuParams =>
  ({
    x: 10,
    y: 20,
    isEditable: false,
    editFlags: { canUndo: false, canRedo: false, canCut: true, canCopy: true, canPaste: true, canSelectAll: true, canDelete: true, canEditRichly: false },
    selectionText: '',
    mediaType: 'none',
    hasImageContents: false,
    linkURL: '',
    pageURL: 'app://magpie/index.html#/',
    ...spellingParams(),
    ...extra
  }) as ContextMenuParams

const menuActions = (extra: Partial<Parameters<typeof contextMenuTemplate>[1]> = {}) => ({
  copyImage: vi.fn(),
  copyLink: vi.fn(),
  replaceMisspelling: vi.fn(),
  learnSpelling: vi.fn(),
  ...extra
})

describe('the right-click menu', () => {
  it('in a text field: 잘라내기 · 복사 · 붙여넣기 · 모두 선택, as the field allows', () => {
    const items = contextMenuTemplate(params({ isEditable: true }), menuActions())
    expect(items.filter((item) => item.role).map((item) => [item.label, item.enabled])).toEqual([
      [messages.menuUndo, false],
      [messages.menuRedo, false],
      [messages.menuCut, true],
      [messages.menuCopy, true],
      [messages.menuPaste, true],
      [messages.menuSelectAll, true]
    ])
  })

  it('on a post’s photo: 사진 복사 copies the photo under the pointer, 링크 복사 the post’s magpie:// link', () => {
    const copyImage = vi.fn()
    const copyLink = vi.fn()
    const items = contextMenuTemplate(
      params({ mediaType: 'image', hasImageContents: true, linkURL: 'app://magpie/index.html#/detail/p1' }),
      menuActions({ copyImage, copyLink })
    )
    expect(items.map((item) => item.label)).toEqual([messages.menuCopyImage, messages.menuCopyLink])
    ;(items[0]!.click as () => void)()
    ;(items[1]!.click as () => void)()
    expect(copyImage).toHaveBeenCalledOnce()
    expect(copyLink).toHaveBeenCalledWith('magpie://detail/p1')
  })

  it('a photo on a post page links to that post; selected text offers 복사; nothing else offers anything', () => {
    expect(linkToCopy({ linkURL: '', pageURL: 'app://magpie/index.html#/detail/p2', mediaType: 'image' })).toBe('magpie://detail/p2')
    expect(contextMenuTemplate(params({ selectionText: '안녕' }), menuActions()).map((i) => i.role)).toEqual(['copy'])
    expect(contextMenuTemplate(params({}), menuActions())).toEqual([])
  })

  it('copies only our post links and plain https links', () => {
    expect(linkToCopy({ linkURL: 'app://magpie/index.html#/myalert', pageURL: '', mediaType: 'none' })).toBeNull()
    expect(linkToCopy({ linkURL: 'app://evil/index.html#/detail/p1', pageURL: '', mediaType: 'none' })).toBeNull()
    expect(linkToCopy({ linkURL: 'javascript:alert(1)', pageURL: '', mediaType: 'none' })).toBeNull()
    expect(linkToCopy({ linkURL: 'https://magpie.app/help', pageURL: '', mediaType: 'none' })).toBe('https://magpie.app/help')
  })

  it('pops up over the window on right-click, and writes the link to the clipboard', () => {
    const window = new FakeBrowserWindow()
    attachContextMenu(window as unknown as BrowserWindow)
    window.webContents.emit('context-menu', fakeEvent(), params({ mediaType: 'image', hasImageContents: true, linkURL: 'app://magpie/index.html#/detail/p3' }))
    const [popup] = electronRecording.popups
    expect(popup!.options).toEqual({ window })
    ;(popup!.menu[0]!.click as () => void)()
    ;(popup!.menu[1]!.click as () => void)()
    expect(window.webContents.copiedImagesAt).toEqual([{ x: 10, y: 20 }])
    expect(electronRecording.clipboard.text).toEqual(['magpie://detail/p3'])
    window.webContents.emit('context-menu', fakeEvent(), params({}))
    expect(electronRecording.popups).toHaveLength(1)
  })

  it('on a misspelled word: the suggestions first, then 사전에 추가, then 잘라내기 · 복사 · 붙여넣기', () => {
    becomeReady()
    const window = new FakeBrowserWindow()
    attachContextMenu(window as unknown as BrowserWindow)
    window.webContents.emit('context-menu', fakeEvent(), params({ isEditable: true, ...spellingParams('helo', ['hello', 'help']) }))
    const menu = electronRecording.popups[0]!.menu
    expect(menu.map((item) => item.label ?? item.type)).toEqual([
      'hello',
      'help',
      'separator',
      messages.menuAddToDictionary,
      'separator',
      messages.menuUndo,
      messages.menuRedo,
      'separator',
      messages.menuCut,
      messages.menuCopy,
      messages.menuPaste,
      'separator',
      messages.menuSelectAll
    ])
    ;(menu[0]!.click as () => void)()
    ;(menu[3]!.click as () => void)()
    expect(window.webContents.misspellingsReplaced).toEqual(['hello'])
    expect(electronRecording.session.spellcheck.customWords).toEqual(['helo'])
  })
})
