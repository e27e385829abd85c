import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { autostartEntry } from '../../src/main/desktop/login-item'
import { toastXml } from '../../src/main/desktop/electron-desktop'
import { autostartEnabled, seenNotification } from './electron-driver'

/** The real driver's reading of what Magpie hands the OS, checked against what Magpie writes. */
describe('the real driver reads what Magpie gives the OS', () => {
  const dir = mkdtempSync(join(tmpdir(), 'magpie-smoke-driver-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('a Windows toast’s two lines, from the XML electron-desktop.ts sends instead of title and body', () => {
    const xml = toastXml({ title: '까치', body: '보님이 <좋아요> & "하트"를 눌렀어요', route: '/detail/p1', iconFile: null })
    expect(seenNotification({ title: '', body: '', toastXml: xml })).toEqual({ title: '까치', body: '보님이 <좋아요> & "하트"를 눌렀어요' })
    expect(seenNotification({ title: '까치', body: '본문', toastXml: '' })).toEqual({ title: '까치', body: '본문' })
  })

  it('Linux’s login item: the entry login-item.ts writes is on; missing, Hidden or switched off in GNOME is off', () => {
    const file = join(dir, 'magpie-dev.desktop')
    expect(autostartEnabled(file)).toBe(false)
    writeFileSync(file, autostartEntry(['/opt/Magpie/magpie']))
    expect(autostartEnabled(file)).toBe(true)
    writeFileSync(file, `${autostartEntry(['/opt/Magpie/magpie'])}Hidden=true\n`)
    expect(autostartEnabled(file)).toBe(false)
    writeFileSync(file, autostartEntry(['/opt/Magpie/magpie']).replace('X-GNOME-Autostart-enabled=true', 'X-GNOME-Autostart-enabled=false'))
    expect(autostartEnabled(file)).toBe(false)
  })
})
