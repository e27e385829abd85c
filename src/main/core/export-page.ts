import { formatDateTime } from '@shared/format'
import { format, messages } from '@shared/messages'
import { reasonLabel } from '@shared/report-reasons'
import type { ExportedData } from './exported-data'

const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/** Every piece of user text goes through this: the page is markup Magpie wrote, with their words as text only. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => entities[c]!)

/** A photo's name in the archive, as an attribute: only the names Magpie gave them (photos/…). */
const photoSrc = (file: string): string => escapeHtml(encodeURI(file))

/** A post's photos in order, each with its 사진 설명 as alt, or "사진 2/4" where none was written (as the app shows them). */
function postPhotos(photos: ExportedData['posts'][number]['photos']): string {
  const shown = photos
    .map((photo, i) => (photo.file ? `<img src="${photoSrc(photo.file)}" alt="${escapeHtml(photo.alt || format.photoDefaultAlt(i + 1, photos.length))}">` : ''))
    .join('')
  return photos.length > 1 ? `<div class="photos">${shown}</div>` : shown
}

const when = (ms: number | null) => (ms === null ? '' : `<time datetime="${new Date(ms).toISOString()}">${escapeHtml(formatDateTime(ms))}</time>`)

const section = (title: string, count: number, items: string[], empty: string) =>
  `<section><h2>${escapeHtml(title)} <span class="count">${count.toLocaleString('ko-KR')}</span></h2>${
    items.length ? `<ul>${items.join('')}</ul>` : `<p class="empty">${escapeHtml(empty)}</p>`
  }</section>`

/**
 * index.html of 내 데이터 내려받기: a page to read in any browser, offline. No script at all,
 * and a policy that allows none: styles of its own and the archive's photos only.
 */
export function exportPage(data: ExportedData, exportedAt: number): string {
  const { account } = data
  const posts = data.posts.map(
    (p) =>
      `<li class="post">${postPhotos(p.photos)}<p class="text">${escapeHtml(p.text)}</p>` +
      `<p class="meta">${when(p.createdAt)} · ${escapeHtml(format.likeCount(p.likeCount))} · ${escapeHtml(format.commentCount(p.commentCount))}</p></li>`
  )
  const comments = data.comments.map((c) => `<li><p class="text">${escapeHtml(c.text)}</p><p class="meta">${when(c.createdAt)}</p></li>`)
  const likes = data.likes.map(
    (l) => `<li><p class="text">${escapeHtml(format.postHeading(l.authorNickname))}: ${escapeHtml(l.postText)}</p><p class="meta">${when(l.likedAt)}</p></li>`
  )
  const alerts = data.alerts.map(
    (a) =>
      `<li><p class="text">${escapeHtml(a.type === 'like' ? format.alertLike(a.actorNickname) : format.alertComment(a.actorNickname))}</p><p class="meta">${when(a.createdAt)}</p></li>`
  )
  const kindWord = (kind: 'post' | 'comment') => (kind === 'post' ? messages.reportedPost : messages.reportedComment) as '게시글' | '댓글'
  const reports = data.reports.map(
    (r) =>
      `<li><p class="text">${escapeHtml(`${kindWord(r.kind)} · ${reasonLabel[r.reason]}`)}</p>${r.note ? `<p class="text">${escapeHtml(r.note)}</p>` : ''}<p class="meta">${when(r.createdAt)}</p></li>`
  )
  const notices = data.notices.map(
    (n) =>
      `<li><p class="text">${escapeHtml(format.noticeRemoved(kindWord(n.kind)))}${n.excerpt ? ` “${escapeHtml(n.excerpt)}”` : ''}</p>` +
      `<p class="text">${escapeHtml(format.removalReason(n.reason))}</p><p class="meta">${when(n.createdAt)}</p></li>`
  )
  return `<!doctype html>
<html lang="ko">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src 'self' file: data:; style-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(format.pageTitle(format.exportTitle(account.nickname)))}</title>
<style>
body { max-width: 760px; margin: 0 auto; padding: 32px 20px; font-family: system-ui, sans-serif; line-height: 1.6; color: #1d1a16; background: #faf7f2; }
h1 { font-size: 1.8rem; margin: 0 0 4px; } h2 { font-size: 1.2rem; margin: 32px 0 12px; border-bottom: 1px solid #ddd5c8; padding-bottom: 6px; }
.count { color: #6b6258; font-weight: 400; } ul { list-style: none; padding: 0; margin: 0; }
li { padding: 12px 0; border-bottom: 1px solid #ece6dc; } .text { white-space: pre-wrap; overflow-wrap: anywhere; margin: 0; }
.meta, .empty, .about { color: #6b6258; font-size: 0.9rem; margin: 4px 0 0; } img { display: block; max-width: 100%; border-radius: 12px; margin-bottom: 8px; }
.photos { display: grid; grid-template-columns: repeat(auto-fill, minmax(160px, 1fr)); gap: 8px; margin-bottom: 8px; } .photos img { margin: 0; width: 100%; aspect-ratio: 1; object-fit: cover; }
</style>
</head>
<body>
<header>
<h1>${escapeHtml(format.exportTitle(account.nickname))}</h1>
<p class="about">${escapeHtml(account.email)}${account.community ? ` · ${escapeHtml(account.community)}` : ''} · ${escapeHtml(format.exportedAt(formatDateTime(exportedAt)))}</p>
${account.photo ? `<img src="${photoSrc(account.photo)}" alt="${escapeHtml(messages.exportProfilePhoto)}" width="96" height="96">` : ''}
</header>
<main>
${section(messages.exportPosts, posts.length, posts, messages.exportNoPosts)}
${section(messages.exportComments, comments.length, comments, messages.exportNoComments)}
${section(messages.exportLikes, likes.length, likes, messages.exportNoLikes)}
${section(messages.exportAlerts, alerts.length, alerts, messages.exportNoAlerts)}
${section(messages.exportReports, reports.length, reports, messages.exportNoReports)}
${section(messages.noticesHeading, notices.length, notices, messages.exportNoNotices)}
</main>
</body>
</html>
`
}
