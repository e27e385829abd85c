import { describe, expect, it } from 'vitest'
import { communityDownloadUrl, downloadScope } from './download'

/**
 * Issue 21, defect 6: photos come only from the community's own Storage bucket. A document may
 * name any URL; a post naming another project's bucket must not make every reader's Magpie
 * fetch from a server its author controls.
 */
describe('communityDownloadUrl: only the community bucket’s download URLs', () => {
  const bucket = 'kkachi-community.appspot.com'
  const google = downloadScope(bucket, undefined)
  const withEmulator = downloadScope(bucket, { storage: '127.0.0.1:9199' })
  const own = `https://firebasestorage.googleapis.com/v0/b/${bucket}/o/postImg%2F1700000000000?alt=media&token=abc`

  const allowed = (url: string, scope = google): boolean => communityDownloadUrl(url, scope) !== null

  it('allows the community bucket on firebasestorage.googleapis.com, profile photos and new-style bucket names too', () => {
    expect(allowed(own)).toBe(true)
    expect(allowed(`https://firebasestorage.googleapis.com/v0/b/${bucket}/o/profileImg%2F1700000000000?alt=media`)).toBe(true)
    expect(allowed('https://FIREBASESTORAGE.googleapis.com:443/v0/b/kkachi-community.appspot.com/o/postImg%2F1?alt=media')).toBe(true)
    const newStyle = downloadScope('kkachi-7f3a2.firebasestorage.app', undefined)
    expect(allowed('https://firebasestorage.googleapis.com/v0/b/kkachi-7f3a2.firebasestorage.app/o/postImg%2F1?alt=media', newStyle)).toBe(true)
    // What is fetched is the URL as parsed, the same one that was checked.
    expect(communityDownloadUrl(own, google)?.href).toBe(own)
  })

  it('refuses another project’s bucket on Google’s own host', () => {
    expect(allowed('https://firebasestorage.googleapis.com/v0/b/attacker-project.appspot.com/o/postImg%2F1?alt=media&token=t')).toBe(false)
    expect(allowed('https://firebasestorage.googleapis.com/v0/b/attacker.firebasestorage.app/o/postImg%2F1?alt=media')).toBe(false)
  })

  it.each([
    ['a longer name', `https://firebasestorage.googleapis.com/v0/b/${bucket}.evil.com/o/postImg%2F1`],
    ['a prefix', `https://firebasestorage.googleapis.com/v0/b/evil-${bucket}/o/postImg%2F1`],
    ['a shorter name', 'https://firebasestorage.googleapis.com/v0/b/kkachi-community.appspot/o/postImg%2F1'],
    ['the project id alone', 'https://firebasestorage.googleapis.com/v0/b/kkachi-community/o/postImg%2F1'],
    ['other letter case', 'https://firebasestorage.googleapis.com/v0/b/KKACHI-community.appspot.com/o/postImg%2F1'],
    ['a trailing dot', `https://firebasestorage.googleapis.com/v0/b/${bucket}./o/postImg%2F1`],
    ['a gs:// name', `https://firebasestorage.googleapis.com/v0/b/gs:%2F%2F${bucket}/o/postImg%2F1`]
  ])('refuses a look-alike bucket: %s', (_name, url) => {
    expect(allowed(url)).toBe(false)
  })

  it.each([
    ['an encoded slash in the bucket', `https://firebasestorage.googleapis.com/v0/b/attacker.appspot.com%2F..%2F${bucket}/o/postImg%2F1`],
    ['an encoded bucket name', 'https://firebasestorage.googleapis.com/v0/b/kkachi%2Dcommunity.appspot.com/o/postImg%2F1'],
    ['dot segments out of the own bucket', `https://firebasestorage.googleapis.com/v0/b/${bucket}/o/../../attacker.appspot.com/o/postImg%2F1`],
    ['encoded dot segments', `https://firebasestorage.googleapis.com/v0/b/${bucket}/o/%2e%2e/%2e%2e/attacker.appspot.com/o/postImg%2F1`],
    ['a path past the object', `https://firebasestorage.googleapis.com/v0/b/${bucket}/o/postImg%2F1/extra`],
    ['no object', `https://firebasestorage.googleapis.com/v0/b/${bucket}/o/`],
    ['the bucket twice', `https://firebasestorage.googleapis.com/v0/b/attacker.appspot.com/o/v0/b/${bucket}/o/postImg%2F1`],
    ['a backslash path', `https://firebasestorage.googleapis.com\\v0\\b\\attacker.appspot.com\\o\\postImg%2F1`],
    ['credentials in the URL', `https://${bucket}@firebasestorage.googleapis.com/v0/b/attacker.appspot.com/o/postImg%2F1`],
    ['credentials before the right bucket', `https://user:pw@firebasestorage.googleapis.com/v0/b/${bucket}/o/postImg%2F1`]
  ])('refuses an encoded trick: %s', (_name, url) => {
    expect(allowed(url)).toBe(false)
  })

  it.each([
    ['http', `http://firebasestorage.googleapis.com/v0/b/${bucket}/o/postImg%2F1?alt=media`],
    ['another port', `https://firebasestorage.googleapis.com:8443/v0/b/${bucket}/o/postImg%2F1?alt=media`],
    ['a look-alike host', `https://firebasestorage.googleapis.com.evil.com/v0/b/${bucket}/o/postImg%2F1`],
    ['a user-info host trick', `https://firebasestorage.googleapis.com@evil.com/v0/b/${bucket}/o/postImg%2F1`],
    ['Cloud Storage’s public host', `https://storage.googleapis.com/${bucket}/postImg/1`],
    ['the bucket as a host', `https://${bucket}/v0/b/${bucket}/o/postImg%2F1`],
    ['an address', `https://142.250.0.1/v0/b/${bucket}/o/postImg%2F1`],
    ['another host', `https://example.com/v0/b/${bucket}/o/postImg%2F1`],
    ['a file', 'file:///etc/passwd'],
    ['a data URL', 'data:image/png;base64,AAAA'],
    ['not a URL', 'not a url'],
    ['empty', '']
  ])('refuses another host or scheme: %s', (_name, url) => {
    expect(allowed(url)).toBe(false)
    expect(allowed(url, withEmulator)).toBe(false)
  })

  it('allows the Storage emulator’s origin only when one is configured, and only for the community bucket', () => {
    const emulated = `http://127.0.0.1:9199/v0/b/${bucket}/o/postImg%2F1?alt=media&token=t`
    expect(allowed(emulated, withEmulator)).toBe(true)
    expect(allowed(emulated)).toBe(false)
    expect(allowed('http://127.0.0.1:9199/v0/b/attacker.appspot.com/o/postImg%2F1?alt=media', withEmulator)).toBe(false)
    expect(allowed(`http://127.0.0.1:9198/v0/b/${bucket}/o/postImg%2F1?alt=media`, withEmulator)).toBe(false)
    expect(allowed(`http://localhost:9199/v0/b/${bucket}/o/postImg%2F1?alt=media`, withEmulator)).toBe(false)
    // Google's host stays allowed beside the emulator.
    expect(allowed(own, withEmulator)).toBe(true)
  })

  it('allows nothing when the config names no bucket', () => {
    expect(allowed(own, downloadScope('', undefined))).toBe(false)
    expect(allowed('https://firebasestorage.googleapis.com/v0/b//o/postImg%2F1', downloadScope('', undefined))).toBe(false)
  })
})
