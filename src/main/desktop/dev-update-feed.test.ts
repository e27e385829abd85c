import { afterEach, describe, expect, it, vi } from 'vitest'
import electronUpdater from 'electron-updater'
import { devUpdateFeed } from './dev-update-feed'
import { loadDevUpdater } from './updater'

const fake = electronUpdater.autoUpdater as unknown as { forceDevUpdateConfig: boolean; feeds: unknown[] }

afterEach(() => {
  fake.forceDevUpdateConfig = false
  fake.feeds.length = 0
})

describe('development update feed (npm run smoke:desktop)', () => {
  it('takes only plain HTTP on this computer', () => {
    expect(devUpdateFeed('http://127.0.0.1:4555/feed/')).toBe('http://127.0.0.1:4555/feed/')
    expect(devUpdateFeed('http://localhost:4555')).toBe('http://localhost:4555/')
    expect(devUpdateFeed('http://[::1]:4555/')).toBe('http://[::1]:4555/')
    for (const refused of ['https://127.0.0.1/', 'http://example.com/', 'http://127.0.0.1.example.com/', 'http://me:pw@127.0.0.1/', 'file:///tmp/feed', 'not a url', '', undefined]) {
      expect(devUpdateFeed(refused), String(refused)).toBeNull()
    }
  })

  it('without the variable development has no updater, and electron-updater is left as packaged apps get it', async () => {
    expect(await loadDevUpdater({}, { warn: vi.fn() })).toBeNull()
    expect(fake.forceDevUpdateConfig).toBe(false)
    expect(fake.feeds).toEqual([])
  })

  it('a local feed is set as a generic provider and the unpackaged app is allowed to check it', async () => {
    const updater = await loadDevUpdater({ MAGPIE_DEV_UPDATE_FEED: 'http://127.0.0.1:4555/' }, { warn: vi.fn() })
    expect(updater).toBe(electronUpdater.autoUpdater)
    expect(fake.forceDevUpdateConfig).toBe(true)
    expect(fake.feeds).toEqual([{ provider: 'generic', url: 'http://127.0.0.1:4555/' }])
  })

  it('another server is refused with a line in the log, and nothing is pointed anywhere', async () => {
    const warn = vi.fn()
    expect(await loadDevUpdater({ MAGPIE_DEV_UPDATE_FEED: 'https://updates.example.com/' }, { warn })).toBeNull()
    expect(warn).toHaveBeenCalledOnce()
    expect(fake.feeds).toEqual([])
    expect(fake.forceDevUpdateConfig).toBe(false)
  })
})
