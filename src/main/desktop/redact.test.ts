import { describe, expect, it } from 'vitest'
import { redact, redactLog } from './redact'

const linux = { home: '/home/kim', user: 'kim' }
const windows = { home: 'C:\\Users\\Kim', user: 'Kim' }

describe('redact', () => {
  it('takes out emails, tokens, queries, Korean text, the home folder and the account name', () => {
    const hostile = [
      '01:02:03 › [community] sign in failed for alice.park+magpie@example.co.kr: auth/wrong-password',
      'token eyJhbGciOiJSUzI1NiIsImtpZCI6IjEifQ.eyJzdWIiOiJhYmMiLCJlbWFpbCI6ImFAYi5jIn0.c2lnbmF0dXJlLXNpZ25hdHVyZQ',
      'apiKey AIzaSyA1234567890abcdefghijklmnopqrstuv and refresh AMf-vBx_9q8w7e6r5t4y3u2i1o0pASDFGHJKL',
      'GET https://firestore.googleapis.com/v1/projects/x/documents?key=AIzaSecret&q=오늘의%20사진#frag',
      '[ipc] posts:create failed: 오늘은 비밀 이야기를 써요 (nickname 까치맘)',
      'ENOENT: /home/kim/.config/Magpie/images/p1.webp and /home/KIM/x',
      'user kim started; kimchi stays'
    ].join('\n')
    const out = redact(hostile, linux)
    for (const secret of ['alice.park', 'example.co.kr', 'eyJhbGci', 'AIzaSyA', 'AMf-vBx', 'AIzaSecret', '오늘', '까치맘', 'kim/', 'KIM', ' kim ']) {
      expect(out, secret).not.toContain(secret)
    }
    expect(out).toContain('[email]: auth/wrong-password')
    expect(out).toContain('https://firestore.googleapis.com/v1/projects/x/documents?[query]')
    expect(out).toContain('[ipc] posts:create failed: [text] (nickname [text])')
    expect(out).toContain('~/.config/Magpie/images/p1.webp and ~/x')
    expect(out).toContain('user [user] started; kimchi stays')
    expect(out.match(/\[token\]/g)).toHaveLength(3)
  })

  it('on Windows, the home folder in either separator and any case', () => {
    const out = redact('Error at C:\\Users\\Kim\\AppData\\Roaming\\Magpie\\logs and c:/users/kim/AppData; D:\\Kim\\photos', windows)
    expect(out).toBe('Error at ~\\AppData\\Roaming\\Magpie\\logs and ~/AppData; D:\\[user]\\photos')
  })

  it('also percent-encoded: a file URL with the home folder or the account name, an email in a URL’s path', () => {
    const kimLee = { home: 'C:\\Users\\Kim Lee', user: 'Kim Lee' }
    const out = redact(
      'load file:///C:/Users/Kim%20Lee/AppData/Roaming/Magpie/a.png failed; D:/Kim%20Lee/b; GET https://x.example/v1/accounts/alice%40example.com/profile',
      kimLee
    )
    for (const secret of ['Kim%20Lee', 'Kim Lee', 'alice', 'example.com']) expect(out, secret).not.toContain(secret)
    expect(out).toBe('load file:///~/AppData/Roaming/Magpie/a.png failed; D:/[user]/b; GET https://x.example/v1/accounts/[email]/profile')
  })

  it('credentials by name, however short: an Authorization header and JSON fields holding a token or password', () => {
    const out = redact(
      'Authorization: Basic dXNlcjpwdw== and Bearer ya29.a0Short; {"idToken":"abc","refreshToken":"r1","password":"hunter2","apiKey":"k\\"q","postId":"p1"}',
      linux
    )
    for (const secret of ['dXNlcjpwdw', 'ya29', '"abc"', '"r1"', 'hunter2', 'k\\"q']) expect(out, secret).not.toContain(secret)
    expect(out).toBe('Authorization: Basic [token] and Bearer [token]; {"idToken":"[secret]","refreshToken":"[secret]","password":"[secret]","apiKey":"[secret]","postId":"p1"}')
    expect(redact('Basic checks passed', linux)).toBe('Basic checks passed')
  })

  it('keeps what a developer needs: levels, times, English errors, short ids and stack paths', () => {
    const line = '[2026-11-29 01:02:03.456] [warn] [firebase] feed listener failed FirebaseError: [code=permission-denied] at /opt/Magpie/resources/app.asar/out/main/index.js:12:3 post p1Xy9'
    expect(redact(line, linux)).toBe(line)
  })

  it('over a whole log, a slice of lines at a time, gives what redact gives and lets the event loop turn', async () => {
    const log = Array.from({ length: 400 }, (_, i) => `[warn] ${i} alice@example.com at /home/kim/x 오늘의 사진`).join('\n') + '\n'
    let turns = 0
    const counting = setInterval(() => turns++, 0)
    const out = await redactLog(log, linux, 1024)
    clearInterval(counting)
    expect(out).toBe(redact(log, linux))
    expect(turns).toBeGreaterThan(0)
  })
})
