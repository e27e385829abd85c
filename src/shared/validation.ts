import { limits, layouts, type Layout } from './limits'
import type { MessageKey } from './messages'
import { emailHasHidden, nicknameCharacterProblem, normalEmail, normalNickname } from './identity'

/**
 * The rules of docs/specification.md §5 as plain functions: the renderer runs them as the user types,
 * main runs them again on every call, so both sides give the same message.
 * Each returns the message key of the first broken rule, or null.
 */
export type Rule<T> = (value: T) => MessageKey | null

// '@' followed by a domain part containing '.', with something on each side of it.
const emailPattern = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/

export const checkEmail: Rule<string> = (email) => {
  const value = normalEmail(email)
  if (value.length > limits.emailMax) return 'emailTooLong'
  if (emailHasHidden(value)) return 'emailHidden'
  return emailPattern.test(value) ? null : 'emailInvalid'
}

/** Checked in its stored form (shared/identity.ts): NFC, trimmed. */
export const checkNickname: Rule<string> = (nickname) => {
  const value = normalNickname(nickname)
  if (value.length === 0) return 'nicknameRequired'
  if ([...value].length > limits.nicknameMax) return 'nicknameTooLong'
  return nicknameCharacterProblem(value)
}

export const checkPassword: Rule<string> = (password) => {
  if (password.length < limits.passwordMin) return 'passwordShort'
  return password.length > limits.passwordMax ? 'passwordTooLong' : null
}

/** Any mismatch is flagged (the web app flagged it only under 6 characters: docs/specification.md §10). */
export const checkPasswordConfirm = (password: string, confirm: string): MessageKey | null =>
  password === confirm ? null : 'passwordMismatch'

export const checkPostText: Rule<string> = (text) => {
  const value = text.trim()
  if (value.length === 0) return 'postTextRequired'
  return [...value].length > limits.postTextMax ? 'postTextTooLong' : null
}

// Controls, format characters (zero-width, bidi embeddings, overrides, isolates) and line breaks:
// a 사진 설명 is one line a screen reader reads, and someone else's text must not reorder the page.
const altFormat = /\p{Cf}/gu
const altBreaks = /[\p{Cc}\p{Zl}\p{Zp}\s]+/gu

/** A 사진 설명 as stored: NFC, format characters dropped, controls and white space runs made one space, trimmed. */
export const normalPhotoAlt = (alt: string): string => alt.normalize('NFC').replace(altFormat, '').replace(altBreaks, ' ').trim()

export const checkPhotoAlt: Rule<string> = (alt) => ([...normalPhotoAlt(alt)].length > limits.photoAltMax ? 'photoAltTooLong' : null)

export const checkComment: Rule<string> = (text) => {
  const value = text.trim()
  if (value.length === 0) return 'commentRequired'
  return [...value].length > limits.commentMax ? 'commentTooLong' : null
}

/** A report's optional words (decision 030): at most reportNoteMax characters once trimmed. */
export const checkReportNote: Rule<string> = (note) => ([...note.trim()].length > limits.reportNoteMax ? 'reportNoteTooLong' : null)

/** A moderator's reason for a removal, which its author reads: required, bounded. */
export const checkRemovalReason: Rule<string> = (reason) => {
  const value = reason.trim()
  if (value.length === 0) return 'removalReasonRequired'
  return [...value].length > limits.removalReasonMax ? 'removalReasonTooLong' : null
}

export const isLayout = (value: unknown): value is Layout =>
  typeof value === 'string' && (layouts as readonly string[]).includes(value)

export interface SignUpFields {
  email: string
  nickname: string
  password: string
  passwordConfirm: string
}

/** Every sign-up field's first problem, keyed by field; empty when the form is valid. */
export function checkSignUp(fields: SignUpFields): Partial<Record<keyof SignUpFields, MessageKey>> {
  const problems: Partial<Record<keyof SignUpFields, MessageKey>> = {}
  const email = checkEmail(fields.email)
  if (email) problems.email = email
  const nickname = checkNickname(fields.nickname)
  if (nickname) problems.nickname = nickname
  const password = checkPassword(fields.password)
  if (password) problems.password = password
  const confirm = checkPasswordConfirm(fields.password, fields.passwordConfirm)
  if (confirm) problems.passwordConfirm = confirm
  return problems
}

export interface PasswordChangeFields {
  currentPassword: string
  newPassword: string
  newPasswordConfirm: string
}

/** 비밀번호 바꾸기's rules: the new password follows the sign-up's, and must differ from the current one. */
export function checkPasswordChange(values: PasswordChangeFields): Partial<Record<keyof PasswordChangeFields, MessageKey>> {
  const problems: Partial<Record<keyof PasswordChangeFields, MessageKey>> = {}
  if (values.currentPassword.length === 0) problems.currentPassword = 'currentPasswordRequired'
  const next = checkPassword(values.newPassword) ?? (values.newPassword === values.currentPassword ? 'newPasswordSame' : null)
  if (next) problems.newPassword = next
  const confirm = checkPasswordConfirm(values.newPassword, values.newPasswordConfirm)
  if (confirm) problems.newPasswordConfirm = confirm
  return problems
}
