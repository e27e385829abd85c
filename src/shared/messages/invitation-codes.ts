/** The catalog's part for invitations with a join code (docs/decisions/047-invitation-codes.md); messages.ts joins it in. */
export const invitationCodesMessages = {
  // The link and the code as given
  joinCodeMalformed: '초대 링크의 가입 코드가 올바르지 않아요. 받은 링크를 잘리거나 바뀌지 않게 그대로 열어 주세요',
  joinCodeRequired: '초대 코드를 붙여 넣어 주세요',
  // Redeeming: each failure its own words
  joinCodeUnknown: '맞지 않는 초대 코드예요. 받은 코드를 다시 확인해 주세요',
  joinCodeExpired: '기한이 지난 초대 코드예요. 커뮤니티 관리자에게 새 초대 링크를 받아 주세요',
  joinCodeUsedUp: '사용 횟수를 다 쓴 초대 코드예요. 커뮤니티 관리자에게 새 초대 링크를 받아 주세요',
  joinCodeRevoked: '관리자가 취소한 초대 코드예요. 커뮤니티 관리자에게 새 초대 링크를 받아 주세요',
  joinCodeAlreadyMember: '이미 이 커뮤니티의 회원이에요',
  joinCodeLoginFirst: '초대 코드로 가입하려면 먼저 로그인해 주세요',
  joinCodeCommunityOnly: '초대 코드는 커뮤니티에서만 쓸 수 있어요',
  joinCodeOtherCommunity: '이 초대 링크는 다른 커뮤니티의 링크예요. 먼저 그 커뮤니티에 연결해 주세요',
  joinCodeJoined: '초대 코드로 가입했어요. 이제 커뮤니티의 글을 볼 수 있어요',
  joinCodeAskDetail: '가입하면 이 커뮤니티 회원들의 글, 사진, 댓글을 볼 수 있어요',
  joinCodeJoin: '가입',
  joinCodeFormTitle: '초대 코드로 가입',
  joinCodeFormLabel: '초대 코드',
  joinCodeFormHint: '관리자에게 받은 초대 링크를 그대로 붙여 넣거나, 링크에 든 가입 코드만 붙여 넣어 주세요',
  // Moderators' side
  invitationsCommunityOnly: '초대 링크 관리는 커뮤니티에서만 할 수 있어요. 이 컴퓨터에만 저장하는 모드에는 회원 제한이 없어요',
  invitationsSection: '초대 링크',
  invitationsLede: '초대 링크를 받은 사람은 링크를 열어 이 커뮤니티의 회원이 돼요. 링크는 만들 때 한 번만 보여요',
  invitationExpiryLabel: '사용 기한',
  invitationExpiry1: '1일',
  invitationExpiry7: '7일',
  invitationExpiry30: '30일',
  invitationExpiryInvalid: '사용 기한을 1일, 7일, 30일 중에서 골라 주세요',
  invitationMaxUsesLabel: '사용 횟수',
  invitationMaxUsesInvalid: '사용 횟수는 1번부터 100번까지 정할 수 있어요',
  invitationNoteLabel: '메모(선택)',
  invitationNoteHint: '누구에게 보낸 링크인지 적어 두면 나중에 알아보기 쉬워요. 링크를 가진 사람도 읽을 수 있으니 비밀은 적지 말아 주세요',
  invitationNoteTooLong: '메모는 100자까지 쓸 수 있어요',
  invitationNoteHidden: '메모에는 보이지 않는 문자나 제어 문자를 쓸 수 없어요',
  invitationCreate: '초대 링크 만들기',
  invitationCreated: '초대 링크를 만들었어요. 이 화면을 떠나면 다시 볼 수 없으니 지금 복사해 주세요',
  invitationCopy: '복사',
  invitationCodeCopied: '초대 링크를 복사했어요. 초대할 사람에게만 보내 주세요',
  invitationCopyFailed: '복사하지 못했어요. 링크를 직접 선택해서 복사해 주세요',
  invitationNewLink: '새 초대 링크',
  invitationsNone: '아직 만든 초대 링크가 없어요',
  invitationRevoke: '취소',
  invitationRevokeConfirm: '이 초대 링크를 취소할까요? 취소하면 아무도 이 링크로 가입할 수 없어요',
  invitationRevoked: '초대 링크를 취소했어요',
  invitationStateRevoked: '취소됨',
  invitationStateExpired: '기한 지남',
  invitationStateUsedUp: '다 씀',
  invitationStateOpen: '사용 가능',
  invitationNoNote: '메모 없음',
  invitationGone: '이미 없어진 초대 링크예요'
} as const

/** Sentences with numbers in them, for the moderators' list. */
export const invitationFormat = {
  uses: (uses: number, maxUses: number) => `${uses}/${maxUses}번 사용`,
  until: (date: string) => `${date}까지`,
  usesOption: (n: number) => `${n}번`,
  joinAsk: (projectId: string) => `${projectId} 커뮤니티에 초대 코드로 가입할까요?`
}
