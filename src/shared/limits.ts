/** The constants and limits of docs/specification.md §9, checked in the renderer and again in main. */
export const limits = {
  emailMax: 254,
  nicknameMax: 20,
  passwordMin: 6,
  passwordMax: 128,
  postTextMax: 2000,
  commentMax: 500,
  imageMaxBytes: 10 * 1024 * 1024,
  imageMaxPixels: 40_000_000,
  feedPageSize: 10,
  feedPageMax: 50,
  /** The longest text the feed's find bar looks for. */
  findQueryMax: 100,
  commentPageSize: 20,
  /** A person page's grid: posts per page (three rows of four, twice). */
  personPageSize: 24,
  alertPageMax: 200,
  likeAnimationMs: 2500
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
