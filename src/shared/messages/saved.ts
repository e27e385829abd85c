/** The catalog's part for 저장한 글 (docs/decisions/038-bookmarks.md); messages.ts joins it in. */
export const savedMessages = {
  loginFirstSave: '글을 저장하려면 먼저 로그인해 주세요',
  savedTooMany: '저장한 글은 1,000개까지예요. 다 읽은 글의 저장을 취소해 주세요',
  savePost: '저장',
  unsavePost: '저장 취소',
  saveAgain: '다시 저장',
  postSaved: '글을 저장했어요. 저장한 글에서 다시 볼 수 있어요',
  postUnsaved: '저장을 취소했어요',
  savedPage: '저장한 글',
  savedKicker: '나의 스크랩북',
  savedLede: '다시 읽고 싶은 글을 모아 두는 곳이에요. 회원님만 볼 수 있어요.',
  savedNone: '아직 저장한 글이 없어요',
  savedNoneHint: '글의 ⋯ 메뉴에서 저장을 누르면 여기에 모여요. 최근에 저장한 글이 맨 위에 와요.',
  savedBackToFeed: '피드 둘러보기',
  savedMore: '저장한 글 더 보기',
  savedPhotoOnly: '사진만 있는 글',
  /** After when the person saved a post on 저장한 글: "3일 전 저장". */
  savedWhen: '저장'
} as const

