/** The catalog's part for 저장한 글 (docs/decisions/038-bookmarks.md); messages.ts joins it in. */
export const savedMessages = {
  savePost: '저장',
  unsavePost: '저장 취소',
  savedPage: '저장한 글',
  savedHint: '저장한 글은 회원님만 볼 수 있어요.',
  savedNone: '아직 저장한 글이 없어요. 글의 ⋯ 메뉴에서 저장하거나, 글에서 B 키를 눌러 보세요.',
  savedMore: '저장한 글 더 보기',
  postSaved: '글을 저장했어요',
  postUnsaved: '저장을 취소했어요',
  loginFirstSave: '글을 저장하려면 먼저 로그인해 주세요',
  savedTooMany: '저장한 글은 1,000개까지예요. 다 읽은 글의 저장을 취소해 주세요',
} as const
