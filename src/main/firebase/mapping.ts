import { defaultLayout, limits, type AlertType, type Layout } from '@shared/limits'
import { isLayout, normalPhotoAlt } from '@shared/validation'
import type { AlertEntry, CommentDoc, PostDoc, Snapshot, UserDoc } from './ports'
import { localeDateCandidates } from './web-locales'

/**
 * Pure mapping between the original web app's Firebase documents (docs/specification.md §3.3) and the rows
 * the mirror store keeps (docs/decisions/008-community-mode.md). Documents come from other
 * programs (the web app, older versions, people with the console open), so reading never
 * throws: a missing or odd field falls back to something sensible, and only a document
 * that cannot be shown at all (an alert without a post) maps to null.
 */

// ---------------------------------------------------------------- the web app's dates

const hourMinute = /(?:(오전|오후|am|pm|a\.m\.|p\.m\.)\s*)?(\d{1,2})\s*[:시]\s*(\d{1,2})(?:\s*[:분]\s*\d{1,2}(?:\.\d+)?)?\s*(?:분)?\s*(오전|오후|am|pm|a\.m\.|p\.m\.)?/i

/** Day-month-year orders the web app may have written, tried in turn. Each returns [y, m, d]. */
const datePatterns: { pattern: RegExp; order: (a: number, b: number, c: number) => [number, number, number] }[] = [
  // ko-KR "2024. 3. 9.", ISO "2024-03-09", ja/zh "2024/3/9", "2024년 3월 9일"
  { pattern: /(\d{4})\s*(?:[./-]|년)\s*(\d{1,2})\s*(?:[./-]|월)\s*(\d{1,2})/, order: (y, m, d) => [y, m, d] },
  // en-US "3/9/2024" (month first unless the first number cannot be a month: en-GB "19/03/2024")
  { pattern: /(\d{1,2})\s*\/\s*(\d{1,2})\s*\/\s*(\d{4})/, order: (a, b, y) => (a > 12 ? [y, b, a] : [y, a, b]) },
  // de-DE, ru-RU "9.3.2024", nl "9-3-2024"
  { pattern: /(\d{1,2})\s*[.-]\s*(\d{1,2})\s*[.-]\s*(\d{4})/, order: (d, m, y) => [y, m, d] }
]

/** How far a writer's wall clock may run ahead of this computer's: UTC+14 against UTC−12. */
const zonesAheadMs = 26 * 60 * 60 * 1000
const dayMs = 24 * 60 * 60 * 1000
const koKrDate = /^\d{4}\. \d{1,2}\. \d{1,2}\. (?:오전|오후) \d{2}:\d{2}$/

/**
 * Reads a date the web app wrote with `toLocaleDateString()` + " " + hours:minutes, in whatever
 * locale its browser ran (web-locales.ts: ko-KR "2024. 3. 9. 오후 02:05", en-US "3/9/2024 02:05 PM",
 * ar-EG's Arabic digits, th-TH's Buddhist years, fa-IR's Persian calendar…), or Magpie's older
 * 24-hour "2024. 3. 9. 14:05", as a local time in milliseconds. Where forms collide ("5/3/2026":
 * 3 May in en-US, 5 March in es-ES) the reading within two days of `near` (when the date was first
 * seen: a post found as it is written) wins, else the first form's that its writer could have
 * written by then (month first), else the first form's.
 * Null when it holds no recognisable date. A date without a time is midnight.
 */
export function parseWebDate(value: unknown, near?: number): number | null {
  if (typeof value !== 'string' || value.length > 200) return null
  // ko-KR's own form, which both apps write: no other locale writes 오전/오후 after such a day.
  if (koKrDate.test(value)) return parseOtherDate(value)
  const candidates = localeDateCandidates(value)
  if (candidates.length > 1 && near !== undefined) {
    const distance = (at: number) => Math.abs(at - near)
    const closest = candidates.reduce((best, at) => (distance(at) < distance(best) ? at : best))
    if (distance(closest) <= 2 * dayMs) return closest
    return candidates.find((at) => at <= near + zonesAheadMs) ?? candidates[0]!
  }
  if (candidates.length > 0) return candidates[0]!
  return parseOtherDate(value)
}

/** ko-KR's form, and dates no browser's locale writes but people and older programs did ("2024년 3월 9일 14시 5분", "9-3-2024 2:05 pm"). */
function parseOtherDate(value: string): number | null {
  for (const { pattern, order } of datePatterns) {
    const match = pattern.exec(value)
    if (!match) continue
    const [year, month, day] = order(Number(match[1]), Number(match[2]), Number(match[3]))
    const rest = value.slice(0, match.index) + ' ' + value.slice(match.index + match[0].length)
    const time = parseTime(rest)
    if (!time) return null
    const date = new Date(year, month - 1, day, time.hours, time.minutes)
    // new Date rolls 2024-02-31 over into March: such a date is junk, not a day in March.
    if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) return null
    if (year < 1970 || year > 9999) return null
    return date.getTime()
  }
  return null
}

function parseTime(text: string): { hours: number; minutes: number } | null {
  const match = hourMinute.exec(text)
  if (!match) return text.trim() === '' || !/\d/.test(text) ? { hours: 0, minutes: 0 } : null
  let hours = Number(match[2])
  const minutes = Number(match[3])
  const meridiem = (match[1] ?? match[4])?.toLowerCase()
  if (meridiem) {
    if (hours < 1 || hours > 12) return null
    const afternoon = meridiem === '오후' || meridiem.startsWith('p')
    hours = (hours % 12) + (afternoon ? 12 : 0)
  }
  if (hours > 23 || minutes > 59) return null
  return { hours, minutes }
}

const twoDigits = (n: number): string => String(n).padStart(2, '0')

/**
 * What the web app writes for "now" in `postDate`, `comment_time` and the alert `date`, exactly
 * as a Korean browser running it does (docs/specification.md §9, date format; issue 21):
 * `toLocaleDateString()` + ' ' + `toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })`,
 * which Chromium in ko-KR writes as "2026. 11. 26. 오후 01:53" (12-hour, 오전 12:05 just after
 * midnight, 오후 12:05 just after noon; no trailing space). Built from the local wall clock rather
 * than Intl, whose 오전/오후 depends on the runtime's locale data (Node's ICU may say "PM").
 */
export function webDate(epochMs: number): string {
  const at = new Date(epochMs)
  const hours = at.getHours()
  const meridiem = hours < 12 ? '오전' : '오후'
  return `${at.getFullYear()}. ${at.getMonth() + 1}. ${at.getDate()}. ${meridiem} ${twoDigits(hours % 12 || 12)}:${twoDigits(at.getMinutes())}`
}

// ---------------------------------------------------------------- tolerant field readers

/** A document's string field (lone surrogates were mended as the ports handed the document over: well-formed-ports.ts). */
const text = (value: unknown): string => (typeof value === 'string' ? value : '')

const email = (value: unknown): string => text(value).trim().toLowerCase()

/** A millisecond time from a number, or from a Firestore Timestamp the adapter did not convert. */
export function readMillis(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? Math.floor(value) : null
  if (typeof value !== 'object' || value === null) return null
  const stamp = value as { toMillis?: unknown; seconds?: unknown; nanoseconds?: unknown }
  if (typeof stamp.toMillis === 'function') return readMillis((stamp.toMillis as () => unknown).call(value))
  if (typeof stamp.seconds === 'number') return readMillis(stamp.seconds * 1000 + Math.floor(Number(stamp.nanoseconds ?? 0) / 1e6))
  return null
}

/** Emails as the web app keeps them in likedBy: strings only, each person once (emails ignore case). */
function emailList(value: unknown): string[] {
  if (!Array.isArray(value)) return []
  return [...new Set(value.map(email).filter((e) => e.includes('@')))]
}

/**
 * The Storage path behind a download URL (…/o/postImg%2F1700000000000?alt=media&token=…),
 * so Magpie can remove the file of a post it deletes or edits; null for any other URL.
 */
export function storagePathOf(url: string): string | null {
  const match = /\/o\/([^?#]+)/.exec(url)
  if (!match) return null
  try {
    const path = decodeURIComponent(match[1]!)
    return /^(postImg|profileImg)\/[0-9A-Za-z_-]{1,64}$/.test(path) ? path : null
  } catch {
    return null
  }
}

// ---------------------------------------------------------------- documents → mirror rows

/** Someone as the documents name them: by login email, and by uid where the document says. */
export interface RemotePerson {
  email: string
  uid: string | null
  nickname: string
  /** profileImg / profile_img: a URL or empty. */
  avatarUrl: string
}

/** A photo of a post document: its download URL and 사진 설명 ('' for none). */
export interface RemotePhoto {
  url: string
  alt: string
}

/**
 * A post's photos as its document has them: postImg, then morePhotos (Storage URLs of post
 * photos only, at most limits.photosMax in all), each with its photoAlts entry, normalised and
 * cut to limits.photoAltMax (the rules bound them; a document written by hand is not trusted).
 */
function photosOf(imageUrl: string, more: unknown, alts: unknown): RemotePhoto[] {
  const urls = [imageUrl, ...(Array.isArray(more) ? more.map(text).filter((url) => storagePathOf(url)?.startsWith('postImg/')) : [])]
  const altList = Array.isArray(alts) ? alts : []
  return urls.slice(0, limits.photosMax).map((url, i) => ({ url, alt: [...normalPhotoAlt(text(altList[i]))].slice(0, limits.photoAltMax).join('') }))
}

export interface MirrorPost {
  id: string
  author: RemotePerson
  text: string
  layout: Layout
  imageUrl: string
  imagePath: string | null
  /** Every photo in order, postImg first, with its 사진 설명 (decision 031); the web app's posts have postImg only. */
  photos: RemotePhoto[]
  /** createdAt where Magpie wrote it, else the parsed postDate, else `fallbackTime`. */
  createdAt: number
  /** True when the document has createdAt, i.e. the server's ordered feed query returns it. */
  ordered: boolean
  /** The web app's postDate as written. */
  postDate: string
  likedBy: string[]
}

/**
 * A post document as the mirror keeps it. `fallbackTime` orders a post whose date cannot be
 * read (the time it was first mirrored, so it neither jumps to the top nor sinks forever).
 */
export function postFromDoc(snapshot: Snapshot<PostDoc>, fallbackTime: number): MirrorPost {
  const doc = (snapshot.data ?? {}) as Partial<Record<keyof PostDoc, unknown>>
  const stamped = readMillis(doc.createdAt)
  const imageUrl = text(doc.postImg)
  const declaredPath = text(doc.postImgPath)
  return {
    id: snapshot.id,
    author: {
      email: email(doc.postedBy),
      uid: text(doc.posted_uid) || null,
      nickname: text(doc.nickname).trim(),
      avatarUrl: text(doc.profileImg)
    },
    text: text(doc.postTxt),
    layout: isLayout(doc.layout) ? doc.layout : defaultLayout,
    imageUrl,
    imagePath: /^postImg\/[0-9A-Za-z_-]{1,64}$/.test(declaredPath) ? declaredPath : storagePathOf(imageUrl),
    photos: photosOf(imageUrl, doc.morePhotos, doc.photoAlts),
    createdAt: stamped ?? parseWebDate(doc.postDate, fallbackTime) ?? fallbackTime,
    ordered: stamped !== null,
    postDate: text(doc.postDate),
    likedBy: emailList(doc.likedBy)
  }
}

export interface MirrorComment {
  id: string
  postId: string
  author: RemotePerson
  text: string
  /** createdAt if present, else the parsed comment_time (minute precision), else null. */
  createdAt: number | null
  commentTime: string
}

/** `near`: when it is first seen, which picks the reading of a date whose locale's form collides with another's (parseWebDate). */
export function commentFromDoc(snapshot: Snapshot<CommentDoc>, near?: number): MirrorComment {
  const doc = (snapshot.data ?? {}) as Partial<Record<keyof CommentDoc, unknown>>
  return {
    id: snapshot.id,
    postId: text(doc.post_id),
    author: { email: email(doc.comment_by), uid: null, nickname: text(doc.comment_nick).trim(), avatarUrl: '' },
    text: text(doc.comment),
    createdAt: readMillis(doc.createdAt) ?? parseWebDate(doc.comment_time, near),
    commentTime: text(doc.comment_time)
  }
}

export function userFromDoc(snapshot: Snapshot<UserDoc>): RemotePerson & { uid: string } {
  const doc = (snapshot.data ?? {}) as Partial<Record<keyof UserDoc, unknown>>
  return {
    // The web app added users with automatic ids: the uid field, not the id, is the account.
    uid: text(doc.uid) || snapshot.id,
    email: email(doc.user_id),
    nickname: text(doc.nickname).trim(),
    avatarUrl: text(doc.profile_img)
  }
}

export interface MirrorAlert {
  id: string
  type: AlertType
  postId: string
  /** The actor's nickname: the only identity the web app's alerts carry. */
  actorNickname: string
  actorUid: string | null
  createdAt: number | null
}

/** One RTDB alert entry; null when it names no post or no known type (nothing to show). */
export function alertFromEntry(key: string, entry: unknown): MirrorAlert | null {
  if (typeof entry !== 'object' || entry === null) return null
  const data = entry as Partial<Record<keyof AlertEntry, unknown>>
  const type = data.alert_type
  if (type !== 'like' && type !== 'comment') return null
  const postId = text(data.post_id)
  if (!postId) return null
  return {
    id: key,
    type,
    postId,
    actorNickname: text(data.committed_by).trim(),
    actorUid: text(data.committed_uid) || null,
    createdAt: readMillis(data.createdAt) ?? parseWebDate(data.date)
  }
}

/** Every readable alert of users/{uid}/alerts (null: none), in key order — RTDB push keys sort by time. */
export function alertsFromTree(tree: unknown): MirrorAlert[] {
  if (typeof tree !== 'object' || tree === null) return []
  return Object.keys(tree)
    .sort()
    .map((key) => alertFromEntry(key, (tree as Record<string, unknown>)[key]))
    .filter((alert): alert is MirrorAlert => alert !== null)
}

// ---------------------------------------------------------------- Magpie → documents

export interface Author {
  uid: string
  email: string
  nickname: string
  avatarUrl: string
}

/**
 * A new post in the web app's shape (docs/specification.md §3.3) plus createdAt, which the adapter writes as
 * the server's time (the shipped rules accept no other). The image's Storage path is not a
 * field: the rules allow only the web app's keys, and storagePathOf reads it back from the URL.
 */
export function newPostDoc(author: Author, post: { text: string; layout: Layout; photos: RemotePhoto[] }, now: number): PostDoc {
  return {
    ...photoFields(post.photos),
    postedBy: author.email,
    posted_uid: author.uid,
    nickname: author.nickname,
    profileImg: author.avatarUrl,
    postTxt: post.text,
    postDate: webDate(now),
    likedBy: [],
    layout: post.layout,
    createdAt: now
  }
}

/**
 * A post's photos as document fields (decision 031): postImg is the first (what the web app
 * shows); morePhotos the others and photoAlts one 사진 설명 each, only when there are others or
 * a 설명 was written — one photo without one is exactly the web app's document.
 */
function photoFields(photos: readonly RemotePhoto[]): Pick<PostDoc, 'postImg' | 'morePhotos' | 'photoAlts'> {
  const more = photos.slice(1).map((photo) => photo.url)
  const described = photos.some((photo) => photo.alt !== '')
  return {
    postImg: photos[0]!.url,
    ...(more.length > 0 ? { morePhotos: more } : {}),
    ...(more.length > 0 || described ? { photoAlts: photos.map((photo) => photo.alt) } : {})
  }
}

/**
 * An edit: the web app's edit fields (docs/specification.md §3.4) and Magpie's photo fields, only
 * those that change (the rules check each one that does). When the photos after postImg or any
 * 사진 설명 change, morePhotos and photoAlts go together, so the rules see one 설명 per photo.
 */
export function postEditPatch(before: { text: string; layout: Layout; photos: RemotePhoto[] }, after: { text: string; layout: Layout; photos: RemotePhoto[] }): Partial<PostDoc> {
  const patch: Partial<PostDoc> = {}
  if (after.text !== before.text) patch.postTxt = after.text
  if (after.layout !== before.layout) patch.layout = after.layout
  if (after.photos[0]!.url !== before.photos[0]!.url) patch.postImg = after.photos[0]!.url
  const more = after.photos.slice(1).map((photo) => photo.url)
  const alts = after.photos.map((photo) => photo.alt)
  const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((value, i) => value === b[i])
  if (!same(more, before.photos.slice(1).map((photo) => photo.url)) || !same(alts, before.photos.map((photo) => photo.alt))) {
    patch.morePhotos = more
    patch.photoAlts = alts
  }
  return patch
}

/** A comment as the web app writes it; no createdAt, which the shipped rules do not accept on comments. */
export function newCommentDoc(author: Author, postId: string, comment: string, now: number): CommentDoc {
  return { post_id: postId, comment, comment_by: author.email, comment_nick: author.nickname, comment_time: webDate(now) }
}

export function newUserDoc(uid: string, email: string, nickname: string, avatarUrl: string): UserDoc {
  return { uid, user_id: email, nickname, profile_img: avatarUrl, alerts: [] }
}

/** An alert with exactly the web app's four fields: the shipped database rules refuse any other. */
export function newAlertEntry(type: AlertType, postId: string, actorNickname: string, now: number): AlertEntry {
  return { date: webDate(now), post_id: postId, committed_by: actorNickname, alert_type: type }
}
