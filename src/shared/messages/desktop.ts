/**
 * The catalog's part for what Magpie offers on the desktop around the page: answering from a
 * notification (docs/decisions/036-answer-from-notifications.md), spelling suggestions, the tray,
 * Dock and Jump List (041), and 문제 보고 (040).
 * messages.ts joins it in.
 */
export const desktopMessages = {
  // A comment's notification: its buttons and its reply field
  notificationLike: '좋아요',
  notificationReply: '답글',
  notificationReplyPlaceholder: '답글을 입력해 주세요',
  /** The notification was for a person who is no longer the one signed in: nothing is sent. */
  answerOtherAccount: '알림을 받은 계정으로 로그인되어 있지 않아서 보내지 않았어요',
  /** A reply that failed is kept: opening the post shows it in the comment box. */
  answerReplyKept: '쓴 답글은 게시글의 댓글 입력란에 남겨 두었어요',
  // The right-click menu in a text field: spelling
  menuNoSpellingSuggestions: '추천 단어 없음',
  menuAddToDictionary: '사전에 추가',
  // The tray menu, the macOS Dock menu and the Windows Jump List
  taskNewPost: '새 글',
  taskAlerts: '알림',
  taskSettings: '설정',
  taskNewPostHint: '새 게시글을 써요',
  taskAlertsHint: '받은 알림을 봐요',
  taskSettingsHint: '까치 설정을 열어요',
  // 도움말 → 문제 보고
  menuReportProblem: '문제 보고…',
  reportProblemTitle: '문제 보고',
  reportProblemQuestion: '문제 보고 파일을 만들까요?',
  reportProblemDetail:
    '까치의 기록과 마지막 오류 정보를 ZIP 파일 하나에 담아요. 이메일, 글과 댓글 내용, 로그인 정보는 지우고 담아요. 만든 뒤 폴더에서 열어 확인하고 보내 주세요',
  reportProblemCreate: '만들기',
  reportProblemFailed: '문제 보고 파일을 만들지 못했어요. 저장 공간을 확인하고 다시 시도해 주세요'
} as const
