/** The constants and limits of docs/specification.md §9, checked in the renderer and again in main. */
export const limits = {
  emailMax: 254,
  nicknameMax: 20,
  passwordMin: 6,
  passwordMax: 128,
  postTextMax: 2000,
  /** A post's photos (decision 031): at least one, at most this many. */
  photosMax: 10,
  /** A photo's 사진 설명 (alt text), counted in characters after normalising. */
  photoAltMax: 1000,
  /** A photo whose long side is under this (px) is warned about in the editor: it shows small or blurred. */
  smallPhotoSide: 200,
  commentMax: 500,
  imageMaxBytes: 10 * 1024 * 1024,
  imageMaxPixels: 40_000_000,
  feedPageSize: 10,
  feedPageMax: 50,
  /** The longest text the feed's find bar looks for. */
  findQueryMax: 100,
  /** Search (the top bar): posts a page, and people on the first. */
  searchPageSize: 20,
  searchPeopleMax: 5,
  /** The longest web link main opens; a longer one is no link anyone typed. */
  linkMax: 2048,
  commentPageSize: 20,
  /** A person page's grid: posts per page (three rows of four, twice). */
  personPageSize: 24,
  alertPageMax: 200,
  likeAnimationMs: 2500,
  /** How many of a post's likers "좋아요 N개" lists (the newest); the count says how many more. */
  likersShown: 200,
  /** Quiet hours start and end on the hour or the half hour (minutes after local midnight). */
  quietHoursStep: 30,
  /** Quiet hours as first turned on: 23:00–08:00. */
  quietHoursDefault: { start: 23 * 60, end: 8 * 60 },
  /** 신고 (docs/decisions/030-reports-and-moderators.md): the optional words beside a report's reason. */
  reportNoteMax: 300,
  /** A moderator's reason for a removal, which the author reads. */
  removalReasonMax: 300,
  /** The most open reports the 신고 page reads at once (community: one query). */
  reportsMax: 200,
  /** The most moderation-log entries the 신고 page shows (the newest). */
  moderationLogMax: 100,
  /** 임시 저장 글 (docs/decisions/039-drafts.md): the most one person keeps in one place (this computer's store, per backend). */
  draftsMax: 20,
  /** 저장한 글 (decision 038): the most one person keeps in one place, and how many its page shows at a time. */
  savedMax: 1000,
  savedPageSize: 20
} as const

export const layouts = ['Top', 'Right', 'Left'] as const
export type Layout = (typeof layouts)[number]
export const defaultLayout: Layout = 'Top'

export const alertTypes = ['like', 'comment'] as const
export type AlertType = (typeof alertTypes)[number]

/** The colour scheme chosen in 설정: the renderer draws it, main hands it to Electron's nativeTheme. */
export const themeChoices = ['system', 'light', 'dark'] as const
export type ThemeChoice = (typeof themeChoices)[number]

export const imagePurposes = ['post', 'profile'] as const
export type ImagePurpose = (typeof imagePurposes)[number]

/** What a report or a removal is about (docs/decisions/030-reports-and-moderators.md). */
export const reportTargets = ['post', 'comment'] as const
export type ReportTarget = (typeof reportTargets)[number]

/** The short fixed list a report's reason comes from (their words: messages.reportReason…). */
export const reportReasons = ['spam', 'abuse', 'danger', 'sexual', 'privacy', 'other'] as const
export type ReportReason = (typeof reportReasons)[number]
