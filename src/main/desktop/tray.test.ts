import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { NativeImage } from 'electron'
import sharp from 'sharp'
import { electronRecording, FakeNativeImage, resetElectron, type FakeTray } from '../../../tests/support/electron-double'
import { createTray, trayImage } from './tray'

const resources = fileURLToPath(new URL('../../../resources', import.meta.url))
const icon = readFileSync(`${resources}/tray.png`)

let platform: PropertyDescriptor | undefined
beforeEach(() => {
  resetElectron()
  platform = Object.getOwnPropertyDescriptor(process, 'platform')
})
afterEach(() => {
  if (platform) Object.defineProperty(process, 'platform', platform)
})
const pretendPlatform = (value: NodeJS.Platform) => Object.defineProperty(process, 'platform', { ...platform, value })

function setup(image: NativeImage = trayImage(resources, 'linux')) {
  const actions = { open: vi.fn(), task: vi.fn(), quit: vi.fn() }
  const returned = createTray(image, actions)
  expect(electronRecording.trays).toHaveLength(1)
  const tray = electronRecording.trays[0]!
  expect(returned).toBe(tray as unknown)
  return { actions, tray: tray as FakeTray }
}

describe('trayImage', () => {
  it.each(['win32', 'linux'] as const)('on %s is the colour icon at 32px', (os) => {
    const image = trayImage(resources, os) as unknown as FakeNativeImage
    expect(image.toPNG()).toEqual(icon)
    expect(image.resizedTo).toEqual({ width: 32, height: 32 })
    expect(image.isTemplateImage()).toBe(false)
  })

  it('on macOS is the 16 pt template image, loaded by path so Electron takes its @2x twin too', async () => {
    pretendPlatform('darwin')
    const image = trayImage(resources, 'darwin') as unknown as FakeNativeImage
    expect(image.path).toBe(`${resources}/trayTemplate.png`)
    expect(image.isTemplateImage()).toBe(true)
    expect(image.isEmpty()).toBe(false)
    // The files exist at 16 and 32 px, black with alpha only (what a template image is).
    for (const [file, size] of [['trayTemplate.png', 16], ['trayTemplate@2x.png', 32]] as const) {
      const { width, height, channels } = await sharp(`${resources}/${file}`).metadata()
      expect({ file, width, height, channels }).toEqual({ file, width: size, height: size, channels: 4 })
      const stats = await sharp(`${resources}/${file}`).stats()
      expect(stats.channels.slice(0, 3).map((c) => c.max)).toEqual([0, 0, 0])
      expect(stats.channels[3]!.max).toBe(255)
    }
  })
})

describe('createTray', () => {
  it('shows the image it is given with the tooltip 까치', () => {
    const image = trayImage(resources, 'linux')
    const { tray } = setup(image)
    expect(tray.image).toBe(image)
    expect(tray.toolTip).toBe('까치')
  })

  it('has the menu 열기 · 새 글 · 알림 · 설정 · (separator) · 종료', () => {
    const { tray } = setup()
    const menu = tray.contextMenu!
    expect(menu.map((item) => item.type === 'separator' ? '---' : item.label)).toEqual(['열기', '새 글', '알림', '설정', '---', '종료'])
  })

  it('each menu item does its own action, and only that', () => {
    const { tray, actions } = setup()
    const menu = tray.contextMenu!
    const byLabel = (label: string) => menu.find((item) => item.label === label)!
    byLabel('열기').click!()
    expect(actions.open).toHaveBeenCalledTimes(1)
    expect(actions.task).not.toHaveBeenCalled()
    byLabel('새 글').click!()
    byLabel('알림').click!()
    byLabel('설정').click!()
    expect(actions.task.mock.calls).toEqual([['newPost'], ['alerts'], ['settings']])
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
