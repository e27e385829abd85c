/** The catalog's part for 임시 저장 글 (docs/decisions/039-drafts.md); messages.ts joins it in. */
export const draftsMessages = {
  saveDraft: '임시 저장',
  draftsPage: '임시 저장한 글',
  draftsHint: '임시 저장한 글은 이 컴퓨터에만 있고, 회원님만 볼 수 있어요. 게시하면 목록에서 사라져요.',
  draftsNone: '임시 저장한 글이 없어요',
  draftSaved: '임시 저장했어요. 임시 저장한 글에서 이어 쓸 수 있어요',
  draftDeleted: '임시 저장한 글을 삭제했어요',
  draftContinue: '이어 쓰기',
  draftNoText: '(글 없음)',
  draftEmpty: '임시 저장할 내용이 없어요. 사진이나 글을 넣어 주세요',
  draftNotFound: '임시 저장한 글을 찾을 수 없어요',
  draftsTooMany: '임시 저장한 글은 20개까지예요. 다 쓴 글은 게시하거나 삭제해 주세요',
  confirmDeleteDraft: '이 임시 저장한 글을 삭제할까요? 되돌릴 수 없어요',
  /** Leaving a new post's editor with unsaved writing (decision 039): its three answers follow. */
  leaveNewPostQuestion: '쓰던 글을 임시 저장할까요?',
  leaveNewPostHint: '임시 저장하면 임시 저장한 글에서 언제든 이어 쓸 수 있어요.',
  leaveEditHint: '나가면 고친 내용은 사라져요.',
  leaveDiscard: '저장하지 않고 나가기',
  keepWriting: '계속 쓰기'
} as const
