/** The catalog's part for 저장한 글 (docs/decisions/038-bookmarks.md); messages.ts joins it in. */
export const savedMessages = {
  loginFirstSave: '글을 저장하려면 먼저 로그인해 주세요',
  savedTooMany: '저장한 글은 1,000개까지예요. 다 읽은 글의 저장을 취소해 주세요'
} as const
