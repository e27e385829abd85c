import type { SignUpInput } from '@shared/ipc/contract'
import { checkEmail, checkNickname, checkPassword, checkPasswordConfirm } from '@shared/validation'
import { enforce } from '../errors'

/** The sign-up form's rules, checked in main whichever backend runs; the email and nickname as stored (trimmed). */
export function checkSignUp(input: SignUpInput): { email: string; nickname: string } {
  const email = input.email.trim()
  const nickname = input.nickname.trim()
  enforce(checkEmail(email), 'email')
  enforce(checkNickname(nickname), 'nickname')
  enforce(checkPassword(input.password), 'password')
  enforce(checkPasswordConfirm(input.password, input.passwordConfirm), 'passwordConfirm')
  return { email, nickname }
}
