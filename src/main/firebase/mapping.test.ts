import { describe, expect, it } from 'vitest'
import webAlerts from '../../../tests/support/fake-firebase/fixtures/web-alerts.json'
import webComments from '../../../tests/support/fake-firebase/fixtures/web-comments.json'
import webPosts from '../../../tests/support/fake-firebase/fixtures/web-posts.json'
import webUsers from '../../../tests/support/fake-firebase/fixtures/web-users.json'
import {
  alertFromEntry,
  alertsFromTree,
  commentFromDoc,
  newAlertEntry,
  newCommentDoc,
  newPostDoc,
  newUserDoc,
  parseWebDate,
  postEditPatch,
  postFromDoc,
  readMillis,
  storagePathOf,
  userFromDoc,
  webDate
} from './mapping'
import type { CommentDoc, PostDoc, Snapshot, UserDoc } from './ports'

/** Local wall-clock time, as the web app's browser wrote it. */
const local = (y: number, m: number, d: number, h = 0, min = 0) => new Date(y, m - 1, d, h, min).getTime()

const posts = webPosts as unknown as Snapshot<PostDoc>[]
const comments = webComments as unknown as Snapshot<CommentDoc>[]
const users = webUsers as unknown as Snapshot<UserDoc>[]
const post = (id: string) => posts.find((p) => p.id === id)!
const fallback = local(2030, 1, 1)

describe('parseWebDate: the postDate / comment_time / date strings the web app wrote', () => {
  it.each([
    ['2024. 3. 9. 14:05', local(2024, 3, 9, 14, 5)],
    ['2024. 12. 31. 23:59', local(2024, 12, 31, 23, 59)],
    ['2024. 3. 11. 9:7', local(2024, 3, 11, 9, 7)], // getHours() + ":" + getMinutes(), unpadded
    ['2024. 3. 9. 오후 3:02:11', local(2024, 3, 9, 15, 2)], // toLocaleString in ko-KR
    ['2024. 3. 9. 오전 12:30', local(2024, 3, 9, 0, 30)],
    ['2024년 3월 9일 14시 5분', local(2024, 3, 9, 14, 5)],
    ['3/12/2024 16:45', local(2024, 3, 12, 16, 45)], // en-US
    ['3/12/2024, 5:01:00 PM', local(2024, 3, 12, 17, 1)],
    ['19/03/2024 08:15', local(2024, 3, 19, 8, 15)], // en-GB: the first number cannot be a month
    ['9.3.2024 14:05', local(2024, 3, 9, 14, 5)], // de-DE
    ['2024/3/9 14:05', local(2024, 3, 9, 14, 5)], // ja-JP, zh-CN
    ['2024-03-09 14:05', local(2024, 3, 9, 14, 5)],
    ['2024. 3. 9.', local(2024, 3, 9)] // a date alone is its midnight
  ])('%s', (value, expected) => {
    expect(parseWebDate(value)).toBe(expected)
  })

  it.each([['어제쯤'], [''], ['2024. 2. 31. 10:00'], ['2024. 13. 1. 10:00'], ['2024. 3. 9. 25:00'], ['2024. 3. 9. 오후 13:00']])(
    'junk %j is null, never an exception',
    (value) => {
      expect(parseWebDate(value)).toBeNull()
    }
  )

  it('is null for anything that is not a string', () => {
    for (const value of [null, undefined, 42, {}, ['2024. 3. 9. 14:05'], 'x'.repeat(500)]) expect(parseWebDate(value)).toBeNull()
  })

  it('reads the old 24-hour form Magpie wrote before (documents already stored)', () => {
    expect(parseWebDate('2026. 11. 22. 07:03')).toBe(local(2026, 11, 22, 7, 3))
    expect(parseWebDate('2026. 11. 26. 13:53')).toBe(local(2026, 11, 26, 13, 53))
    expect(parseWebDate('2026. 1. 5. 00:00')).toBe(local(2026, 1, 5, 0, 0))
  })

  it.each([
    // The web app's own form, 오전/오후 with the 12 o'clock edges; a trailing space is tolerated.
    ['2026. 11. 26. 오후 01:53', local(2026, 11, 26, 13, 53)],
    ['2026. 11. 26. 오후 01:53 ', local(2026, 11, 26, 13, 53)],
    ['2026. 1. 5. 오전 12:00', local(2026, 1, 5, 0, 0)],
    ['2026. 1. 5. 오전 12:07', local(2026, 1, 5, 0, 7)],
    ['2026. 3. 9. 오후 12:00', local(2026, 3, 9, 12, 0)],
    ['2026. 3. 9. 오후 12:30', local(2026, 3, 9, 12, 30)],
    ['2026. 3. 9. 오전 11:59', local(2026, 3, 9, 11, 59)],
    ['2026. 12. 31. 오후 11:59', local(2026, 12, 31, 23, 59)]
  ])('reads the web app\'s ko-KR form %j', (value, expected) => {
    expect(parseWebDate(value)).toBe(expected)
  })
})

/**
 * Issue 21, defect 5: what a Korean browser running the web app writes for "now" —
 * `toLocaleDateString()` + ' ' + `toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })`.
 * Each expected string is Chromium's output in ko-KR (checked with Playwright), byte for byte.
 */
describe('webDate: the web app\'s own date string', () => {
  it.each([
    ['midnight', local(2026, 1, 5, 0, 0), '2026. 1. 5. 오전 12:00'],
    ['just past midnight', local(2026, 1, 5, 0, 7) + 59_999, '2026. 1. 5. 오전 12:07'],
    ['a morning, single-digit month and day', local(2026, 3, 9, 9, 5), '2026. 3. 9. 오전 09:05'],
    ['a minute before noon', local(2026, 3, 9, 11, 59), '2026. 3. 9. 오전 11:59'],
    ['noon', local(2026, 3, 9, 12, 0), '2026. 3. 9. 오후 12:00'],
    ['half past noon', local(2026, 3, 9, 12, 30), '2026. 3. 9. 오후 12:30'],
    ['1 pm', local(2026, 11, 26, 13, 53) + 7_000, '2026. 11. 26. 오후 01:53'],
    ['the last minute of the year', local(2026, 12, 31, 23, 59), '2026. 12. 31. 오후 11:59']
  ])('%s', (_name, at, expected) => {
    expect(webDate(at)).toBe(expected)
    expect(Buffer.from(webDate(at), 'utf8')).toEqual(Buffer.from(expected, 'utf8'))
  })

  it('reads back to the minute, every minute of a day', () => {
    const day = local(2026, 11, 22)
    for (let minute = 0; minute < 24 * 60; minute++) {
      const at = day + minute * 60_000
      expect(parseWebDate(webDate(at + 42_123)), webDate(at)).toBe(at)
    }
  })
})

describe('readMillis', () => {
  it('takes numbers and Firestore Timestamps; refuses the rest', () => {
    expect(readMillis(1711006200000)).toBe(1711006200000)
    expect(readMillis({ toMillis: () => 1711006200123 })).toBe(1711006200123)
    expect(readMillis({ seconds: 1711006200, nanoseconds: 500_000_000 })).toBe(1711006200500)
    for (const value of [Number.NaN, -1, Infinity, '1711006200000', null, {}]) expect(readMillis(value)).toBeNull()
  })
})

describe('storagePathOf', () => {
  it('finds the Storage path inside a download URL', () => {
    expect(storagePathOf(post('3fKq9wLr2mXbT7vYpA1c').data.postImg)).toBe('postImg/1709960700000')
    expect(storagePathOf('https://firebasestorage.googleapis.com/v0/b/b/o/profileImg%2F1711000000000_ab12?alt=media')).toBe(
      'profileImg/1711000000000_ab12'
    )
    expect(storagePathOf('http://127.0.0.1:9199/v0/b/demo/o/postImg%2F17?alt=media')).toBe('postImg/17')
  })

  it('is null for other URLs and for paths outside the two folders', () => {
    expect(storagePathOf('not a url')).toBeNull()
    expect(storagePathOf('https://example.com/cat.jpg')).toBeNull()
    expect(storagePathOf('https://x/o/secrets%2Fkey?alt=media')).toBeNull()
    expect(storagePathOf('https://x/o/postImg%2F..%2Fx?alt=media')).toBeNull()
    expect(storagePathOf('https://x/o/%E0%A4%A?alt=media')).toBeNull()
  })
})

describe('postFromDoc: magazinePost documents → mirror rows', () => {
  it('maps every field of a post the web app wrote', () => {
    expect(postFromDoc(post('3fKq9wLr2mXbT7vYpA1c'), fallback)).toEqual({
      id: '3fKq9wLr2mXbT7vYpA1c',
      author: {
        email: 'minji@example.com',
        uid: 'Uk2m9XyQ0bPq1RtS3vWx4YzA5bC6',
        nickname: '민지',
        avatarUrl: 'https://firebasestorage.googleapis.com/v0/b/magazine-web.appspot.com/o/profileImg%2F1709950000000?alt=media&token=6a1f'
      },
      text: '벚꽃이 피기 시작했어요 🌸',
      layout: 'Left',
      imageUrl: 'https://firebasestorage.googleapis.com/v0/b/magazine-web.appspot.com/o/postImg%2F1709960700000?alt=media&token=9c2e',
      imagePath: 'postImg/1709960700000',
      photos: [{ url: 'https://firebasestorage.googleapis.com/v0/b/magazine-web.appspot.com/o/postImg%2F1709960700000?alt=media&token=9c2e', alt: '' }],
      createdAt: local(2024, 3, 9, 14, 5),
      ordered: false,
      postDate: '2024. 3. 9. 14:05',
      // emails ignore case, and a person who liked twice counts once
      likedBy: ['junho@example.com', 'seoyeon@example.com']
    })
  })

  it('orders the web app\'s posts by their postDate, whatever the locale', () => {
    const mapped = posts.slice(0, 3).map((p) => postFromDoc(p, fallback))
    expect(mapped.map((p) => p.createdAt)).toEqual([local(2024, 3, 9, 14, 5), local(2024, 3, 11, 9, 7), local(2024, 3, 12, 16, 45)])
    expect(mapped.every((p) => !p.ordered)).toBe(true)
  })

  it('prefers createdAt where Magpie wrote it, and marks the post as in the server\'s ordered feed', () => {
    const mapped = postFromDoc(post('Mg1PieWr1tTen0000001'), fallback)
    expect(mapped.createdAt).toBe(1711006200000)
    expect(mapped.ordered).toBe(true)
    expect(mapped.imagePath).toBe('postImg/1711000500000_cd34')
  })

  it('survives junk: defaults, the fallback time, no likes, Top layout', () => {
    expect(postFromDoc(post('Junk0000000000000001'), fallback)).toEqual({
      id: 'Junk0000000000000001',
      author: { email: '', uid: null, nickname: '', avatarUrl: '' },
      text: '',
      layout: 'Top',
      imageUrl: 'not a url',
      imagePath: null,
      photos: [{ url: 'not a url', alt: '' }],
      createdAt: fallback,
      ordered: false,
      postDate: '어제쯤',
      likedBy: []
    })
    expect(postFromDoc({ id: 'empty', data: undefined as unknown as PostDoc }, 5).createdAt).toBe(5)
  })

  it('reads a declared postImgPath only when it is a post image path', () => {
    const base = post('A9pLm2Qw7Er4Ty6Ui8Op')
    expect(postFromDoc({ id: 'x', data: { ...base.data, postImg: 'https://cdn/x.jpg', postImgPath: 'postImg/123' } }, 0).imagePath).toBe('postImg/123')
    expect(postFromDoc({ id: 'x', data: { ...base.data, postImg: 'https://cdn/x.jpg', postImgPath: '../../etc' } }, 0).imagePath).toBeNull()
  })
})

describe('commentFromDoc: magazineComments documents → mirror rows', () => {
  it('maps every field of a comment the web app wrote', () => {
    expect(commentFromDoc(comments[0]!)).toEqual({
      id: 'c1Xy2Zz3Aa4Bb5Cc6Dd7',
      postId: '3fKq9wLr2mXbT7vYpA1c',
      author: { email: 'junho@example.com', uid: null, nickname: '준호', avatarUrl: '' },
      text: '예쁘다!',
      createdAt: local(2024, 3, 9, 14, 20),
      commentTime: '2024. 3. 9. 14:20'
    })
    expect(commentFromDoc(comments[1]!)).toMatchObject({ author: { email: 'minji@example.com' }, createdAt: local(2024, 3, 9, 15, 2) })
  })

  it('survives junk: no post, no author, no time', () => {
    expect(commentFromDoc(comments[2]!)).toEqual({
      id: 'c3Junk00000000000000',
      postId: '',
      author: { email: '', uid: null, nickname: '', avatarUrl: '' },
      text: '',
      createdAt: null,
      commentTime: 'sometime'
    })
  })
})

describe('userFromDoc: users documents', () => {
  it('maps a web app user (automatic document id) by its uid field', () => {
    expect(userFromDoc(users[0]!)).toEqual({
      uid: 'Uk2m9XyQ0bPq1RtS3vWx4YzA5bC6',
      email: 'minji@example.com',
      nickname: '민지',
      avatarUrl: 'https://firebasestorage.googleapis.com/v0/b/magazine-web.appspot.com/o/profileImg%2F1709950000000?alt=media&token=6a1f'
    })
  })

  it('falls back to the document id when uid is missing, and ignores the alerts field', () => {
    expect(userFromDoc(users[1]!)).toEqual({ uid: 'Jh7Nn1Oo2Pp3Qq4Rr5Ss6Tt7Uu8', email: 'junho@example.com', nickname: '준호', avatarUrl: '' })
  })
})

describe('alerts: Realtime Database users/{uid}/alerts entries', () => {
  it('maps each readable entry, in push-key (time) order, and drops what cannot be shown', () => {
    expect(alertsFromTree(webAlerts)).toEqual([
      { id: '-NsQ0aaaaaaaaaaaaaa0', type: 'like', postId: '3fKq9wLr2mXbT7vYpA1c', actorNickname: '준호', actorUid: null, createdAt: local(2024, 3, 9, 14, 11) },
      { id: '-NsQ1aaaaaaaaaaaaaa1', type: 'comment', postId: '3fKq9wLr2mXbT7vYpA1c', actorNickname: '준호', actorUid: null, createdAt: local(2024, 3, 9, 14, 20) },
      { id: '-NsQ2aaaaaaaaaaaaaa2', type: 'like', postId: '3fKq9wLr2mXbT7vYpA1c', actorNickname: 'Jane', actorUid: null, createdAt: local(2024, 3, 12, 17, 1) }
    ])
  })

  it('is empty for a cleared list (null) and for junk', () => {
    expect(alertsFromTree(null)).toEqual([])
    expect(alertsFromTree('x')).toEqual([])
    expect(alertFromEntry('k', { post_id: 'p', alert_type: 'like', committed_by: 'a', date: 'junk' })).toMatchObject({ createdAt: null })
  })

  it('reads Magpie\'s optional committed_uid and createdAt when present', () => {
    expect(alertFromEntry('k', { post_id: 'p', alert_type: 'comment', committed_by: 'a', date: '', committed_uid: 'u1', createdAt: 5 })).toEqual({
      id: 'k',
      type: 'comment',
      postId: 'p',
      actorNickname: 'a',
      actorUid: 'u1',
      createdAt: 5
    })
  })
})

describe('Magpie → documents the web app reads', () => {
  const author = { uid: 'uid-1', email: 'me@example.com', nickname: '까치', avatarUrl: 'https://x/o/profileImg%2F1?alt=media' }
  const now = local(2026, 11, 22, 14, 5) + 30_000

  it('a new post: the web app\'s fields (docs/specification.md §3.3) in its format, plus createdAt', () => {
    const doc = newPostDoc(author, { text: '안녕', layout: 'Right', photos: [{ url: 'https://x/o/postImg%2F9?alt=media', alt: '' }] }, now)
    expect(doc).toEqual({
      postedBy: 'me@example.com',
      posted_uid: 'uid-1',
      nickname: '까치',
      profileImg: 'https://x/o/profileImg%2F1?alt=media',
      postImg: 'https://x/o/postImg%2F9?alt=media',
      postTxt: '안녕',
      postDate: '2026. 11. 22. 오후 02:05',
      likedBy: [],
      layout: 'Right',
      createdAt: now
    })
    // …and reads back as the same post.
    expect(postFromDoc({ id: 'p1', data: doc }, 0)).toEqual({
      id: 'p1',
      author: { email: 'me@example.com', uid: 'uid-1', nickname: '까치', avatarUrl: author.avatarUrl },
      text: '안녕',
      layout: 'Right',
      imageUrl: doc.postImg,
      imagePath: 'postImg/9',
      photos: [{ url: doc.postImg, alt: '' }],
      createdAt: now,
      ordered: true,
      postDate: '2026. 11. 22. 오후 02:05',
      likedBy: []
    })
  })

  it('an edit carries only the edit fields that change', () => {
    const before = { text: 'a', layout: 'Top' as const, photos: [{ url: 'u1', alt: '' }] }
    expect(postEditPatch(before, before)).toEqual({})
    expect(postEditPatch(before, { text: 'b', layout: 'Top', photos: [{ url: 'u1', alt: '' }] })).toEqual({ postTxt: 'b' })
    expect(postEditPatch(before, { text: 'a', layout: 'Left', photos: [{ url: 'u2', alt: '' }] })).toEqual({ layout: 'Left', postImg: 'u2' })
  })

  it('photos (decision 031): morePhotos and photoAlts go together, only when they change, and stay off a one-photo post without a 설명', () => {
    const one = { text: 'a', layout: 'Top' as const, photos: [{ url: 'u1', alt: '' }] }
    const two = { ...one, photos: [{ url: 'u1', alt: '바다' }, { url: 'u2', alt: '' }] }
    expect(newPostDoc(author, two, now)).toMatchObject({ postImg: 'u1', morePhotos: ['u2'], photoAlts: ['바다', ''] })
    expect(newPostDoc(author, { ...one, photos: [{ url: 'u1', alt: '바다' }] }, now)).toMatchObject({ postImg: 'u1', photoAlts: ['바다'] })
    expect(newPostDoc(author, { ...one, photos: [{ url: 'u1', alt: '바다' }] }, now)).not.toHaveProperty('morePhotos')
    expect(postEditPatch(one, two)).toEqual({ morePhotos: ['u2'], photoAlts: ['바다', ''] })
    expect(postEditPatch(two, { ...two, photos: [{ url: 'u2', alt: '' }, { url: 'u1', alt: '바다' }] })).toEqual({ postImg: 'u2', morePhotos: ['u1'], photoAlts: ['', '바다'] })
    // Back to one photo without a 설명: empty lists the rules accept (one 설명 for postImg).
    expect(postEditPatch(two, one)).toEqual({ morePhotos: [], photoAlts: [''] })
    // Only the cover replaced: the web app's one field.
    expect(postEditPatch(two, { ...two, photos: [{ url: 'u3', alt: '바다' }, { url: 'u2', alt: '' }] })).toEqual({ postImg: 'u3' })
  })

  it('reads morePhotos and photoAlts back, trusting neither: Storage post URLs only, at most 10 photos, alts normalised and cut', () => {
    const url = (n: number) => `https://x/o/postImg%2F${n}?alt=media`
    const data = { ...newPostDoc(author, { text: 't', layout: 'Top', photos: [{ url: url(0), alt: '' }] }, now) }
    const read = (extra: Partial<PostDoc>) => postFromDoc({ id: 'p', data: { ...data, ...extra } as PostDoc }, 0).photos
    expect(read({ morePhotos: [url(1), url(2)], photoAlts: [' 첫\n사진 ', '', '셋'] })).toEqual([
      { url: url(0), alt: '첫 사진' },
      { url: url(1), alt: '' },
      { url: url(2), alt: '셋' }
    ])
    expect(read({ morePhotos: ['https://example.com/x.jpg', url(1), 'https://x/o/profileImg%2F1?alt=media', 7 as unknown as string] }).map((p) => p.url)).toEqual([url(0), url(1)])
    expect(read({ morePhotos: Array.from({ length: 12 }, (_, i) => url(i + 1)) })).toHaveLength(10)
    expect(read({ photoAlts: ['가'.repeat(1200)] })[0]!.alt).toHaveLength(1000)
    expect(read({ morePhotos: 'junk' as unknown as string[], photoAlts: 'junk' as unknown as string[] })).toEqual([{ url: url(0), alt: '' }])
  })

  it('a comment: exactly the web app\'s fields (the rules refuse any other)', () => {
    const doc = newCommentDoc(author, 'p1', '좋아요', now)
    expect(doc).toEqual({ post_id: 'p1', comment: '좋아요', comment_by: 'me@example.com', comment_nick: '까치', comment_time: '2026. 11. 22. 오후 02:05' })
    expect(commentFromDoc({ id: 'c1', data: doc })).toEqual({
      id: 'c1',
      postId: 'p1',
      author: { email: 'me@example.com', uid: null, nickname: '까치', avatarUrl: '' },
      text: '좋아요',
      createdAt: local(2026, 11, 22, 14, 5),
      commentTime: '2026. 11. 22. 오후 02:05'
    })
  })

  it('a user: uid, user_id, nickname, profile_img and an empty alerts list', () => {
    const doc = newUserDoc('uid-1', 'me@example.com', '까치', '')
    expect(doc).toEqual({ uid: 'uid-1', user_id: 'me@example.com', nickname: '까치', profile_img: '', alerts: [] })
    expect(userFromDoc({ id: 'uid-1', data: doc })).toEqual({ uid: 'uid-1', email: 'me@example.com', nickname: '까치', avatarUrl: '' })
  })

  it('an alert: exactly date, post_id, committed_by, alert_type', () => {
    const entry = newAlertEntry('like', 'p1', '까치', now)
    expect(entry).toEqual({ date: '2026. 11. 22. 오후 02:05', post_id: 'p1', committed_by: '까치', alert_type: 'like' })
    expect(Object.keys(entry).sort()).toEqual(['alert_type', 'committed_by', 'date', 'post_id'])
    expect(alertFromEntry('-k', entry)).toEqual({
      id: '-k',
      type: 'like',
      postId: 'p1',
      actorNickname: '까치',
      actorUid: null,
      createdAt: local(2026, 11, 22, 14, 5)
    })
  })
})
