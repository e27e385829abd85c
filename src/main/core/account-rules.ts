import type { ChangePasswordInput, SignUpInput } from '@shared/ipc/contract'
import { normalEmail, normalNickname } from '@shared/identity'
import { checkEmail, checkNickname, checkPassword, checkPasswordChange, checkPasswordConfirm } from '@shared/validation'
import { enforce } from '../errors'

/** The sign-up form's rules, checked in main whichever backend runs; the email and nickname as stored (shared/identity.ts). */
export function checkSignUp(input: SignUpInput): { email: string; nickname: string } {
  const email = normalEmail(input.email)
  const nickname = normalNickname(input.nickname)
  enforce(checkEmail(email), 'email')
  enforce(checkNickname(nickname), 'nickname')
  enforce(checkPassword(input.password), 'password')
  enforce(checkPasswordConfirm(input.password, input.passwordConfirm), 'passwordConfirm')
  return { email, nickname }
}

/** 비밀번호 바꾸기's rules, checked in main whichever backend runs; the first problem refused on its field. */
export function checkChangePassword(input: ChangePasswordInput): void {
  const problems = checkPasswordChange(input)
  for (const field of ['currentPassword', 'newPassword', 'newPasswordConfirm'] as const) enforce(problems[field] ?? null, field)
}
