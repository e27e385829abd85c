/** The catalog's part for emails bound to accounts (docs/decisions/043-identities-bound-to-accounts.md); messages.ts joins it in. */
export const identitiesMessages = {
  emailHeldByAnother: '이 이메일은 이 커뮤니티에서 다른 계정이 먼저 쓴 이메일이라 쓸 수 없어요. 다른 이메일로 가입해 주세요'
} as const
