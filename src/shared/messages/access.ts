/** The catalog's part for members-only communities (docs/decisions/045-members-only.md); messages.ts joins it in. */
export const accessMessages = {
  joinKicker: '회원 전용 커뮤니티',
  joinTitle: '이 커뮤니티는 회원만 볼 수 있어요',
  joinLede: '가입 요청을 보내면 운영진이 확인해요. 승인되면 바로 글을 보고 쓸 수 있어요.',
  joinMessageLabel: '운영진에게 한마디 (선택)',
  joinMessageHint: '200자까지 쓸 수 있어요. 이메일은 보이지 않아요.',
  joinSend: '가입 요청 보내기',
  joinSent: '요청을 보냈어요 — 운영진이 승인하면 바로 열려요',
  joinWithdraw: '요청 취소',
  joinWithdrawn: '가입 요청을 취소했어요',
  joinRemoved: '운영진이 회원에서 내보냈어요. 다시 함께하려면 가입 요청을 보내 주세요',
  joinMessageTooLong: '한마디는 200자까지 쓸 수 있어요',
  joinAlreadyMember: '이미 이 커뮤니티의 회원이에요',
  joinNotNeeded: '이 커뮤니티는 누구나 볼 수 있어서 가입 요청이 필요 없어요',
  joinNoRequest: '보낸 가입 요청이 없어요',
  joinLocalOnly: '가입 요청은 커뮤니티에 연결했을 때만 쓸 수 있어요',
  membersOnlyWrite: '회원만 글을 쓰고 좋아요를 누를 수 있어요. 먼저 가입 요청을 보내 주세요',
  joinRequestsTitle: '가입 요청',
  joinRequestsNone: '기다리는 가입 요청이 없어요',
  joinApprove: '승인',
  joinReject: '거절',
  joinRequestGone: '이미 처리된 가입 요청이에요',
  joinNoMessage: '남긴 말이 없어요'
} as const

/** This part's sentences made with a value. */
export const accessFormat = {
  joinRequestsCount: (n: number) => `기다리는 가입 요청 ${n.toLocaleString('ko-KR')}건`,
  joinApprovedOne: (nickname: string) => `${nickname}님의 가입을 승인했어요`,
  joinRejectedOne: (nickname: string) => `${nickname}님의 가입 요청을 거절했어요`
}
