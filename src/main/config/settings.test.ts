import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { loadSettings, profileDirFromEnv, SettingsError } from './settings'
import { communityFile, readSavedCommunity, removeSavedCommunity, saveCommunity, startingCommunity } from './settings-file'
import { kkachiCommunity } from '../../../tests/support/community-config'
import { tempDirs } from '../../../tests/support/temp-dirs'

const config = kkachiCommunity

const dirs = tempDirs('magpie-settings-')
const dir = dirs.make

afterEach(() => {
  vi.restoreAllMocks()
  dirs.removeAll()
})

/** The start-up refusal's text, or a failure if the settings were accepted. */
function refusal(env: NodeJS.ProcessEnv): string {
  try {
    loadSettings(env, '/default')
  } catch (error) {
    expect(error).toBeInstanceOf(SettingsError)
    return (error as Error).message
  }
  throw new Error('settings were accepted')
}

describe('loadSettings', () => {
  it('defaults to local mode with no emulators', () => {
    expect(loadSettings({}, '/default')).toEqual({
      dataDir: '/default',
      profileDir: '/default',
      synchronous: 'FULL',
      managedCommunity: null,
      emulators: null
    })
  })

  it('takes MAGPIE_FIREBASE_CONFIG as JSON text, console extras and padding allowed', () => {
    const env = { MAGPIE_FIREBASE_CONFIG: JSON.stringify({ ...config, projectId: ' kkachi-community ', measurementId: 'G-1' }) }
    expect(loadSettings(env, '/default').managedCommunity).toEqual(config)
  })

  it('takes MAGPIE_FIREBASE_CONFIG as the absolute path of a JSON file', () => {
    const file = join(dir(), 'firebase.json')
    writeFileSync(file, JSON.stringify(config))
    expect(loadSettings({ MAGPIE_FIREBASE_CONFIG: file }, '/default').managedCommunity).toEqual(config)
  })

  it('refuses a bad MAGPIE_FIREBASE_CONFIG with the variable and what is wrong', () => {
    expect(refusal({ MAGPIE_FIREBASE_CONFIG: '  ' })).toContain('MAGPIE_FIREBASE_CONFIG: MAGPIE_FIREBASE_CONFIG is empty')
    expect(refusal({ MAGPIE_FIREBASE_CONFIG: 'firebase.json' })).toContain(
      'MAGPIE_FIREBASE_CONFIG: must be the config as JSON text or the absolute path of a JSON file'
    )
    expect(refusal({ MAGPIE_FIREBASE_CONFIG: join(dir(), 'missing.json') })).toMatch(/MAGPIE_FIREBASE_CONFIG: cannot read .*missing\.json \(ENOENT\)/)
    expect(refusal({ MAGPIE_FIREBASE_CONFIG: '{ apiKey: "x" }' })).toContain('MAGPIE_FIREBASE_CONFIG: is not valid JSON')
    expect(refusal({ MAGPIE_FIREBASE_CONFIG: '{}' })).toContain(
      'MAGPIE_FIREBASE_CONFIG: needs apiKey, authDomain, databaseURL, projectId, storageBucket, appId (text values)'
    )
    expect(refusal({ MAGPIE_FIREBASE_CONFIG: JSON.stringify({ ...config, appId: 42 }) })).toContain('needs appId')
  })

  it('names every invalid field of MAGPIE_FIREBASE_CONFIG', () => {
    const message = refusal({ MAGPIE_FIREBASE_CONFIG: JSON.stringify({ ...config, apiKey: 'key', databaseURL: 'http://kkachi.firebaseio.com' }) })
    expect(message).toContain('Magpie cannot start: invalid settings')
    expect(message).toContain('- MAGPIE_FIREBASE_CONFIG: apiKey is invalid: expected the web API key')
    expect(message).toContain('- MAGPIE_FIREBASE_CONFIG: databaseURL is invalid: expected https://')
    expect(message).not.toContain('projectId is invalid')
  })

  it('reads MAGPIE_FIREBASE_EMULATORS', () => {
    const env = { MAGPIE_FIREBASE_EMULATORS: 'auth=127.0.0.1:9099, firestore=localhost:8080,database=[::1]:9000,storage=127.0.0.1:9199' }
    expect(loadSettings(env, '/default').emulators).toEqual({
      auth: '127.0.0.1:9099',
      firestore: 'localhost:8080',
      database: '[::1]:9000',
      storage: '127.0.0.1:9199'
    })
  })

  it('refuses a bad MAGPIE_FIREBASE_EMULATORS entry by entry', () => {
    for (const bad of ['auth', 'auth=127.0.0.1', 'auth=127.0.0.1:0', 'auth=127.0.0.1:70000', 'functions=127.0.0.1:5001', 'auth=http://127.0.0.1:9099', 'auth=a=b:1']) {
      expect(refusal({ MAGPIE_FIREBASE_EMULATORS: bad }), bad).toContain(`- MAGPIE_FIREBASE_EMULATORS: "${bad}" must be <emulator>=<host>:<port>`)
    }
    expect(refusal({ MAGPIE_FIREBASE_EMULATORS: 'auth=127.0.0.1:9099,auth=127.0.0.1:9098' })).toContain('auth is given twice')
  })
})

describe('the saved community file', () => {
  it('round-trips through <profileDir>/community.json, leaving no temp files', async () => {
    const profile = join(dir(), 'not-yet-made')
    expect(readSavedCommunity(profile)).toBeNull()
    await saveCommunity(profile, { ...config, apiKey: ` ${config.apiKey} ` })
    expect(readSavedCommunity(profile)).toEqual(config)
    expect(JSON.parse(readFileSync(communityFile(profile), 'utf8'))).toEqual(config)
    await saveCommunity(profile, { ...config, projectId: 'another-project' })
    expect(readSavedCommunity(profile)?.projectId).toBe('another-project')
    expect(readdirSync(profile)).toEqual(['community.json'])
    await removeSavedCommunity(profile)
    expect(readSavedCommunity(profile)).toBeNull()
    await removeSavedCommunity(profile)
  })

  it('treats a damaged or tampered file as local mode, with a warning and no crash', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const profile = dir()
    for (const text of ['', '{"apiKey": "AIza', 'null', '[]', '"text"', JSON.stringify({ ...config, appId: null }), JSON.stringify({ ...config, databaseURL: 'https://evil.example' })]) {
      writeFileSync(communityFile(profile), text)
      expect(readSavedCommunity(profile), text).toBeNull()
    }
    expect(warn).toHaveBeenCalledTimes(7)
    expect(String(warn.mock.calls[6]![0])).toContain('invalid databaseURL')
  })

  it('a folder where the file should be is local mode too', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const profile = dir()
    // A folder named community.json: reading it fails with EISDIR.
    mkdirSync(communityFile(profile))
    expect(readSavedCommunity(profile)).toBeNull()
    expect(warn).toHaveBeenCalledOnce()
  })

  it('starts with the installation’s community (locked) over the saved one', async () => {
    const profile = dir()
    expect(startingCommunity({ profileDir: profile, managedCommunity: null })).toEqual({ community: null, managed: false })
    await saveCommunity(profile, config)
    expect(startingCommunity({ profileDir: profile, managedCommunity: null })).toEqual({ community: config, managed: false })
    const managed = { ...config, projectId: 'managed-project' }
    expect(startingCommunity({ profileDir: profile, managedCommunity: managed })).toEqual({ community: managed, managed: true })
  })
})

describe('profileDirFromEnv (read before Electron is ready)', () => {
  it('gives the absolute profile folder, or null when unset', () => {
    const profile = dir()
    expect(profileDirFromEnv({ MAGPIE_PROFILE_DIR: profile })).toBe(profile)
    expect(profileDirFromEnv({ MAGPIE_PROFILE_DIR: ` ${profile} ` })).toBe(profile)
    expect(profileDirFromEnv({ MAGPIE_PROFILE_DIR: 'relative/profile' })).toBe(resolve('relative/profile'))
    expect(profileDirFromEnv({})).toBeNull()
  })

  it('leaves an invalid value to loadSettings, which reports it', () => {
    expect(profileDirFromEnv({ MAGPIE_PROFILE_DIR: '   ' })).toBeNull()
    expect(() => loadSettings({ MAGPIE_PROFILE_DIR: '   ' }, dir())).toThrow(SettingsError)
  })

  it('agrees with loadSettings on the folder', () => {
    const profile = dir()
    expect(profileDirFromEnv({ MAGPIE_PROFILE_DIR: profile })).toBe(loadSettings({ MAGPIE_PROFILE_DIR: profile }, dir()).profileDir)
  })
})
