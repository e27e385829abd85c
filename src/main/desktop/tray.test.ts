import { beforeEach, describe, expect, it, vi } from 'vitest'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { electronRecording, FakeNativeImage, resetElectron, type FakeTray } from '../../../tests/support/electron-double'
import { createTray } from './tray'

const icon = readFileSync(fileURLToPath(new URL('../../../resources/tray.png', import.meta.url)))

function setup() {
  const actions = { open: vi.fn(), alerts: vi.fn(), quit: vi.fn() }
  const returned = createTray(icon, actions)
  expect(electronRecording.trays).toHaveLength(1)
  const tray = electronRecording.trays[0]!
  expect(returned).toBe(tray as unknown)
  return { actions, tray: tray as FakeTray }
}

beforeEach(() => resetElectron())

describe('createTray', () => {
  it('shows the app icon at 32px with the tooltip 까치', () => {
    const { tray } = setup()
    const image = tray.image as FakeNativeImage
    expect(image).toBeInstanceOf(FakeNativeImage)
    expect(image.toPNG()).toEqual(icon)
    expect(image.resizedTo).toEqual({ width: 32, height: 32 })
    expect(tray.toolTip).toBe('까치')
  })

  it('has the menu 열기 · 알림 보기 · (separator) · 종료', () => {
    const { tray } = setup()
    const menu = tray.contextMenu!
    expect(menu.map((item) => item.type === 'separator' ? '---' : item.label)).toEqual(['열기', '알림 보기', '---', '종료'])
  })

  it('each menu item does its own action, and only that', () => {
    const { tray, actions } = setup()
    const menu = tray.contextMenu!
    const byLabel = (label: string) => menu.find((item) => item.label === label)!
    byLabel('열기').click!()
    expect(actions.open).toHaveBeenCalledTimes(1)
    expect(actions.alerts).not.toHaveBeenCalled()
    byLabel('알림 보기').click!()
    expect(actions.alerts).toHaveBeenCalledTimes(1)
    expect(actions.quit).not.toHaveBeenCalled()
    byLabel('종료').click!()
    expect(actions.quit).toHaveBeenCalledTimes(1)
    expect(actions.open).toHaveBeenCalledTimes(1)
  })

  it('a click on the icon opens the window', () => {
    const { tray, actions } = setup()
    tray.emit('click')
    expect(actions.open).toHaveBeenCalledTimes(1)
    expect(actions.quit).not.toHaveBeenCalled()
  })
})
