import { describe, expect, it } from 'vitest'
import type { FirebaseWebConfig } from './types'
import { kkachiCommunity } from '../../tests/support/community-config'
import {
  checkApiKey,
  checkAppId,
  checkAuthDomain,
  checkConfigField,
  checkDatabaseUrl,
  checkFirebaseConfig,
  checkProjectId,
  checkStorageBucket,
  normalizeFirebaseConfig,
  parseFirebaseSnippet
} from './firebase-config'

const real = kkachiCommunity

describe('Firebase web config rules', () => {
  it('accepts real-looking configs, old and new console styles', () => {
    expect(checkFirebaseConfig(real)).toEqual({})
    expect(
      checkFirebaseConfig({
        apiKey: 'AIzaSyA-1b2C3d4E5f6G7h8I9j0KlMnOpQrStUv',
        authDomain: 'magpie-7f3a2.firebaseapp.com',
        projectId: 'magpie-7f3a2',
        storageBucket: 'magpie-7f3a2.firebasestorage.app',
        databaseURL: 'https://magpie-7f3a2-default-rtdb.asia-southeast1.firebasedatabase.app/',
        appId: '1:1029384756:web:0a1b2c3d4e5f60718293a4'
      })
    ).toEqual({})
    // A community on its own domain.
    expect(checkAuthDomain('login.kkachi.kr')).toBeNull()
    expect(checkStorageBucket('photos_kkachi-2024')).toBeNull()
  })

  it('accepts the emulators on this computer as the database', () => {
    for (const url of ['http://127.0.0.1:9000?ns=demo-magpie', 'http://localhost:9000', 'http://127.0.0.1:9000/', 'http://[::1]:9000?ns=demo-magpie']) {
      expect(checkDatabaseUrl(url), url).toBeNull()
    }
  })

  it('apiKey: AIza and 35 URL-safe characters, each rule named when it is the one broken', () => {
    const cases: Record<string, string> = {
      '': 'configFieldRequired',
      AIzaFAKEFAKE: 'configApiKeyLength',
      AIza: 'configApiKeyLength',
      AIzaSyDx3vQ9_kK2mQe7_TbUq0WZpL4nR8sYc1: 'configApiKeyLength',
      [real.apiKey + 'x']: 'configApiKeyLength',
      BIzaSyDx3vQ9_kK2mQe7_TbUq0WZpL4nR8sYc1E: 'configApiKeyPrefix',
      aizaSyDx3vQ9_kK2mQe7_TbUq0WZpL4nR8sYc1E: 'configApiKeyPrefix',
      'AIzaSyDx3vQ9 kK2mQe7-TbUq0WZpL4nR8sYc1E': 'configApiKeyCharacters',
      'AIzaSyDx3vQ9+kK2mQe7/TbUq0WZpL4nR8sYc1E': 'configApiKeyCharacters'
    }
    for (const [bad, rule] of Object.entries(cases)) expect(checkApiKey(bad), bad).toBe(rule)
  })

  it('authDomain: a host name, nothing more', () => {
    for (const bad of ['', 'kkachi', 'https://kkachi.firebaseapp.com', 'kkachi.firebaseapp.com/', 'kkachi.firebaseapp.com:443', '-kkachi.firebaseapp.com', 'kk achi.firebaseapp.com', 'kkachi..firebaseapp.com', 'user@kkachi.firebaseapp.com', `${'a'.repeat(64)}.com`, '까치.firebaseapp.com']) {
      expect(checkAuthDomain(bad), bad).toBe('configAuthDomainInvalid')
    }
  })

  it('projectId: Firebase’s id rules, each rule named when it is the one broken', () => {
    expect(checkProjectId('demo-magpie')).toBeNull()
    expect(checkProjectId('a'.repeat(30))).toBeNull()
    const cases: Record<string, string> = {
      '': 'configFieldRequired',
      nope: 'configProjectIdLength',
      short: 'configProjectIdLength',
      ['a'.repeat(31)]: 'configProjectIdLength',
      'Kkachi-community': 'configProjectIdCharacters',
      kkachi_community: 'configProjectIdCharacters',
      'kkachi.community': 'configProjectIdCharacters',
      'kkachi community': 'configProjectIdCharacters',
      '../etc/passwd': 'configProjectIdCharacters',
      '1kkachi': 'configProjectIdStart',
      '-kkachi': 'configProjectIdStart',
      'kkachi-': 'configProjectIdEnd'
    }
    for (const [bad, rule] of Object.entries(cases)) expect(checkProjectId(bad), bad).toBe(rule)
  })

  it('storageBucket: a Cloud Storage bucket name', () => {
    for (const bad of ['', 'ab', 'gs://kkachi.appspot.com', 'Kkachi.appspot.com', 'kkachi..appspot.com', 'kkachi.appspot.com.', '-kkachi.appspot.com', 'kkachi-.appspot.com', '192.168.1.10', 'kkachi/photos', `${'a'.repeat(64)}.appspot.com`]) {
      expect(checkStorageBucket(bad), bad).toBe('configStorageBucketInvalid')
    }
  })

  it('databaseURL: https on Firebase’s database hosts only', () => {
    for (const bad of [
      '',
      'kkachi.firebaseio.com',
      'http://kkachi.firebaseio.com',
      'https://firebaseio.com',
      'https://.firebaseio.com',
      'https://kkachi.firebaseio.com.evil.example',
      'https://evil.example/?kkachi.firebaseio.com',
      'https://kkachi.firebaseio.com/users',
      'https://kkachi.firebaseio.com:8443',
      'https://user:pw@kkachi.firebaseio.com',
      'https://kkachi.firebaseio.com#x',
      'https://kkachi.firebaseio.com?ns=other',
      'javascript:alert(1)',
      'http://10.0.0.5:9000',
      'http://localhost',
      'http://127.0.0.1:9000?token=x',
      'ftp://127.0.0.1:9000'
    ]) {
      expect(checkDatabaseUrl(bad), bad).toBe('configDatabaseUrlInvalid')
    }
  })

  it('appId: 1:<number>:web:<hex>', () => {
    for (const bad of ['', '1:482913570264:android:9c1f2e7a4b3d5c6e', '1:482913570264:ios:9c1f2e7a', '2:482913570264:web:9c1f', '1:abc:web:9c1f', '1:482913570264:web:', '1:482913570264:web:XYZ', ' 1:2:web:a b']) {
      expect(checkAppId(bad), bad).toBe('configAppIdInvalid')
    }
  })

  it('reports every broken field at once, each with its own message', () => {
    expect(checkFirebaseConfig({ apiKey: 'x', authDomain: 'x', projectId: 'x', storageBucket: 'x', databaseURL: 'x', appId: 'x' })).toEqual({
      apiKey: 'configApiKeyPrefix',
      authDomain: 'configAuthDomainInvalid',
      projectId: 'configProjectIdLength',
      storageBucket: 'configStorageBucketInvalid',
      databaseURL: 'configDatabaseUrlInvalid',
      appId: 'configAppIdInvalid'
    })
    expect(checkFirebaseConfig({ ...real, appId: '  ' })).toEqual({ appId: 'configFieldRequired' })
  })

  it('ignores the spaces around a pasted value, and saves it trimmed', () => {
    expect(checkConfigField('apiKey', `  ${real.apiKey}\n`)).toBeNull()
    const padded = Object.fromEntries(Object.entries(real).map(([k, v]) => [k, ` ${v} `])) as unknown as FirebaseWebConfig
    expect(checkFirebaseConfig(padded)).toEqual({})
    expect(normalizeFirebaseConfig({ ...padded, authDomain: ' Kkachi-Community.FirebaseApp.com ' })).toEqual(real)
  })

  it('keeps only the six fields when normalizing', () => {
    const extra = { ...real, measurementId: 'G-XXXX', __proto__: { polluted: true } } as unknown as FirebaseWebConfig
    expect(Object.keys(normalizeFirebaseConfig(extra)).sort()).toEqual(Object.keys(real).sort())
  })
})

describe('reading a pasted config', () => {
  it('reads the whole console snippet, imports and comments included', () => {
    const snippet = `// Import the functions you need from the SDKs you need
import { initializeApp } from "firebase/app";
import { getAnalytics } from "firebase/analytics";
// TODO: Add SDKs for Firebase products that you want to use
// https://firebase.google.com/docs/web/setup#available-libraries

// Your web app's Firebase configuration
// For Firebase JS SDK v7.20.0 and later, measurementId is optional
const firebaseConfig = {
  apiKey: "${real.apiKey}",
  authDomain: "${real.authDomain}",
  databaseURL: "${real.databaseURL}",
  projectId: "${real.projectId}",
  storageBucket: "${real.storageBucket}",
  messagingSenderId: "482913570264",
  appId: "${real.appId}",
  measurementId: "G-7XK2M9QZ3P"
};

// Initialize Firebase
const app = initializeApp(firebaseConfig);
const analytics = getAnalytics(app);`
    expect(parseFirebaseSnippet(snippet)).toEqual(real)
  })

  it('reads plain JSON', () => {
    expect(parseFirebaseSnippet(JSON.stringify(real, null, 2))).toEqual(real)
    expect(parseFirebaseSnippet(JSON.stringify({ ...real, measurementId: null, port: 443 }))).toEqual(real)
  })

  it('reads single quotes, unquoted and quoted keys, trailing commas, block comments, escapes', () => {
    const text = `firebase.initializeApp({
      /* from the console */ 'apiKey': '${real.apiKey}', // the key
      authDomain: \`${real.authDomain}\`,
      "projectId": "kkachi\\u002dcommunity",
      storageBucket: '${real.storageBucket}',
      databaseURL: "${real.databaseURL}",
      appId: "${real.appId}",
    })`
    expect(parseFirebaseSnippet(text)).toEqual(real)
  })

  it('finds a config nested in something larger', () => {
    expect(parseFirebaseSnippet(`{ "community": { "projectId": "${real.projectId}" } }`)).toEqual({ projectId: real.projectId })
  })

  it('returns only the fields it found, so the rest stay as typed', () => {
    expect(parseFirebaseSnippet(`{ apiKey: "${real.apiKey}", projectId: " ${real.projectId} " }`)).toEqual({
      apiKey: real.apiKey,
      projectId: real.projectId
    })
  })

  it('never runs what it reads', () => {
    const globals = globalThis as Record<string, unknown>
    const text = `{ apiKey: (globalThis.pwned = "${real.apiKey}"), projectId: "${real.projectId}" }`
    expect(parseFirebaseSnippet(text)).toBeNull()
    expect(globals.pwned).toBeUndefined()
    expect(parseFirebaseSnippet('{ apiKey: `${globalThis.pwned = 1}` }')).toBeNull()
    expect(globals.pwned).toBeUndefined()
    // Read as data: the inner object is a config like any other, and no prototype changes.
    const found = parseFirebaseSnippet('{ "__proto__": { "apiKey": "x", "__proto__": "y" }, "constructor": "z" }')
    expect(found).toEqual({ apiKey: 'x' })
    expect(Object.getPrototypeOf(found)).toBe(Object.prototype)
    expect(({} as Record<string, unknown>).apiKey).toBeUndefined()
  })

  it('says it cannot read everything else', () => {
    for (const bad of [
      '',
      '   ',
      'hello',
      real.apiKey,
      '{}',
      '{ foo: "bar" }',
      '{ apiKey: "unterminated }',
      '{ apiKey: "a" projectId: "b" }',
      '{ apiKey "a" }',
      '{ apiKey: "a"',
      '/* { apiKey: "a" } ',
      '[{ "apiKey": 5 }]',
      '{ initializeApp }',
      `{ apiKey: "${real.apiKey}", x: { y: "z" } }`,
      `{"apiKey": "${'a'.repeat(20_001)}"}`
    ]) {
      expect(parseFirebaseSnippet(bad), bad.slice(0, 40)).toBeNull()
    }
  })
})
