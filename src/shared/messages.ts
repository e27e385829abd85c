import { communityAndShellMessages } from './messages/community-and-shell'
import { desktopMessages } from './messages/desktop'
import { crashReportMessages } from './messages/crash-report'
import { draftsMessages } from './messages/drafts'
import { savedMessages } from './messages/saved'
import { identitiesMessages } from './messages/identities'
import { accessMessages } from './messages/access'
import { invitationCodesMessages } from './messages/invitation-codes'
import { coreMessages } from './messages/core'

export { format } from './messages/formatters'

/**
 * The one Korean catalog (docs/specification.md §8). Main's errors and notifications
 * and the renderer's screens all read from here, so a message is never written twice.
 * Its parts live in messages/.
 */
const catalog = {
  // Validation and permission
  loginFirstWrite: '글을 쓰려면 먼저 로그인해 주세요',
  loginFirstLike: '좋아요를 누르려면 먼저 로그인해 주세요',
  loginFirstComment: '댓글을 남기려면 먼저 로그인해 주세요',
  emailInvalid: '아이디(이메일)를 정확히 입력해 주세요',
  nicknameRequired: '닉네임을 입력해 주세요',
  passwordShort: '비밀번호를 6자 이상 입력해 주세요',
  passwordMismatch: '비밀번호가 서로 달라요',
  postTextRequired: '내용을 입력해 주세요',
  postImageRequired: '사진을 올려 주세요',
  onlyAuthorEdit: '작성자만 수정할 수 있어요',
  onlyCommentAuthorDelete: '댓글 작성자만 삭제할 수 있어요',
  commentRequired: '댓글 내용을 입력해 주세요',
  // Limits Magpie adds (docs/specification.md §5, §9)
  // docs/specification.md §8.2 "too long", one key per field so main's refusal names the limit it checked
  emailTooLong: '254자까지 쓸 수 있어요',
  nicknameTooLong: '20자까지 쓸 수 있어요',
  passwordTooLong: '128자까지 쓸 수 있어요',
  postTextTooLong: '2,000자까지 쓸 수 있어요',
  commentTooLong: '500자까지 쓸 수 있어요',
  layoutInvalid: '레이아웃을 다시 골라 주세요',
  // Names that could pass for someone else's (docs/SECURITY.md, "Look-alike names")
  nicknameHidden: '닉네임에는 보이지 않는 문자나 제어 문자를 쓸 수 없어요',
  nicknameSpaces: '닉네임에는 띄어쓰기를 한 칸씩만 쓸 수 있어요',
  nicknameMark: '닉네임에는 #을 쓸 수 없어요',
  nicknameTaken: '비슷해 보이는 닉네임을 다른 분이 쓰고 있어요. 다른 닉네임을 골라 주세요',
  emailHidden: '이메일에 보이지 않는 문자가 들어 있어요. 다시 입력해 주세요',
  // 설정 → 계정 (docs/SECURITY.md, "Sessions")
  accountSection: '계정',
  signOutOthers: '다른 곳에서 모두 로그아웃',
  signOutOthersHint: '다른 컴퓨터나 이 컴퓨터의 다른 까치에 로그인된 이 계정을 모두 로그아웃해요. 지금 쓰는 이 까치는 그대로예요.',
  confirmSignOutOthers: '지금 쓰는 이 까치만 남기고 다른 곳에서 모두 로그아웃할까요?',
  signedOutOthers: '다른 곳에서 모두 로그아웃했어요',
  // 설정 → 알림 (docs/decisions/026-notification-settings.md)
  notificationSection: '알림',
  notifyLikesLabel: '좋아요 알림',
  notifyLikesHint: '끄면 좋아요 알림은 목록에만 남고 배지에 세지도, 띄우지도 않아요',
  notifyCommentsLabel: '댓글 알림',
  notifyCommentsHint: '끄면 댓글 알림은 목록에만 남고 배지에 세지도, 띄우지도 않아요',
  notifyPopupsLabel: '바탕화면 알림',
  notifyPopupsHint: '끄면 새 알림을 띄우지 않고 배지로만 알려 드려요',
  quietHoursLabel: '방해 금지 시간',
  quietHoursHint: '이 시간에는 알림을 띄우지 않고 배지로만 알려 드려요. 이 컴퓨터의 시각을 따라요',
  quietHoursStart: '시작',
  quietHoursEnd: '끝',
  quietHoursSame: '시작과 끝을 다른 시각으로 골라 주세요',
  mutedPostsTitle: '알림을 끈 게시글',
  mutedPostsEmpty: '알림을 끈 게시글이 없어요. 게시글 화면에서 끌 수 있어요',
  mutePost: '이 게시글 알림 끄기',
  unmutePost: '이 게시글 알림 켜기',
  unmute: '알림 켜기',
  postMuted: '이 게시글의 알림을 껐어요. 알림 목록에는 남아요',
  postUnmuted: '이 게시글의 알림을 켰어요',
  /** An alert row whose alerts the person turned off (its kind, or its post): listed, not counted. */
  alertSilenced: '알림 꺼짐',
  // Block and mute (docs/decisions/025-block-and-mute.md). The refusals a blocked person meets do
  // not say why: they read as the post's own limits, so nobody learns they were blocked.
  commentNotAllowed: '이 게시글에는 댓글을 남길 수 없어요',
  likeNotAllowed: '이 게시글에는 좋아요를 누를 수 없어요',
  postHidden: '숨긴 사람의 게시글이에요. 설정 → 차단 및 숨김에서 다시 볼 수 있어요',
  personNotFound: '이 사람을 찾을 수 없어요',
  cannotControlSelf: '나 자신은 차단하거나 숨길 수 없어요',
  blockPerson: '차단',
  mutePerson: '숨기기',
  blocksSection: '차단 및 숨김',
  blocksHint: '숨긴 사람의 글, 댓글, 알림은 보이지 않아요. 차단한 사람은 회원님의 글에 댓글을 달거나 좋아요를 누를 수 없어요. 상대에게는 알리지 않아요.',
  noBlocks: '차단하거나 숨긴 사람이 없어요',
  blockedTag: '차단함',
  mutedTag: '숨김',
  unblock: '차단 해제',
  unmutePerson: '숨기기 해제',
  // 신고 and moderators (docs/decisions/030-reports-and-moderators.md)
  reportAction: '신고',
  reportTitle: '신고하기',
  reportHint: '관리자만 신고 내용을 볼 수 있어요. 신고한 사람은 작성자에게 알리지 않아요.',
  reportReasonLabel: '신고 사유',
  reportNoteLabel: '자세한 내용 (선택)',
  reportSubmit: '신고하기',
  reportSent: '신고가 접수됐어요. 관리자가 살펴볼게요',
  reportReasonSpam: '스팸',
  reportReasonAbuse: '괴롭힘·혐오',
  reportReasonDanger: '불법·위험',
  reportReasonSexual: '음란물',
  reportReasonPrivacy: '개인정보 노출',
  reportReasonOther: '기타',
  reportReasonRequired: '신고 사유를 골라 주세요',
  reportNoteTooLong: '300자까지 쓸 수 있어요',
  loginFirstReport: '신고하려면 먼저 로그인해 주세요',
  cannotReportOwn: '내가 쓴 글이나 댓글은 신고할 수 없어요',
  alreadyReported: '이미 신고했어요. 관리자가 살펴볼게요',
  moderatorOnly: '관리자만 할 수 있어요',
  reportsPage: '신고',
  reportsTab: '신고 목록',
  moderationLogTab: '처리 기록',
  moderatorsTab: '관리자',
  noReports: '처리할 신고가 없어요',
  noModerationLog: '아직 삭제한 글이나 댓글이 없어요',
  reportedPost: '게시글',
  reportedComment: '댓글',
  reportGone: '이미 지워진 글이에요',
  removeReported: '삭제',
  dismissReports: '문제없음',
  removalReasonLabel: '삭제 사유 (작성자에게 보여요)',
  removalReasonRequired: '삭제 사유를 입력해 주세요',
  removalReasonTooLong: '300자까지 쓸 수 있어요',
  removedByModerator: '삭제했어요. 작성자에게 사유를 알렸어요',
  reportsDismissed: '신고를 닫았어요',
  reportTargetGone: '신고한 글이나 댓글을 찾을 수 없어요',
  moderatorsHint: '이 컴퓨터에서 처음 만든 계정은 늘 관리자예요. 관리자는 다른 회원을 관리자로 지정할 수 있어요.',
  moderatorsByCommand: '이 커뮤니티의 관리자는 커뮤니티를 만든 분이 명령(npm run community -- moderator add)으로 정해요',
  moderatorNickname: '관리자로 지정할 회원의 닉네임',
  addModerator: '관리자로 지정',
  removeModerator: '관리자 해제',
  firstAccountTag: '처음 만든 계정',
  moderatorNotFound: '그 닉네임의 회원을 찾을 수 없어요',
  cannotUnnameFirst: '처음 만든 계정은 관리자에서 뺄 수 없어요',
  noticesHeading: '운영 알림',
  noticeDismiss: '확인',
  // 설정 → 계정 → 비밀번호 바꾸기 (docs/specification.md §11)
  changePassword: '비밀번호 바꾸기',
  changePasswordSubmit: '새 비밀번호로 바꾸기',
  changePasswordHint: '비밀번호를 바꾸면 지금 쓰는 이 까치만 남기고 다른 곳에서는 모두 로그아웃돼요.',
  currentPasswordLabel: '현재 비밀번호',
  newPasswordLabel: '새 비밀번호',
  newPasswordConfirmLabel: '새 비밀번호 확인',
  currentPasswordRequired: '현재 비밀번호를 입력해 주세요',
  currentPasswordWrong: '현재 비밀번호가 맞지 않아요. 다시 입력해 주세요',
  newPasswordSame: '지금 쓰는 비밀번호와 다른 비밀번호를 입력해 주세요',
  passwordChanged: '비밀번호를 바꿨어요. 다른 곳에서는 모두 로그아웃했어요',
  // 설정 → 계정 → 내 데이터 내려받기 (docs/specification.md §11)
  exportData: '내 데이터 내려받기',
  exportDataHint: '내 게시글과 사진, 댓글, 좋아요, 알림을 ZIP 파일 하나로 내려받아요. 브라우저로 열어 볼 수 있는 페이지도 들어 있어요.',
  exportRunning: '내 데이터를 내려받고 있어요. 끝날 때까지 기다려 주세요',
  exportDone: '내 데이터를 내려받았어요',
  // The archive's index.html (main/core/export-page.ts)
  exportPosts: '내 게시글',
  exportComments: '내 댓글',
  exportLikes: '좋아요한 게시글',
  exportAlerts: '받은 알림',
  exportNoPosts: '쓴 게시글이 없어요',
  exportNoComments: '남긴 댓글이 없어요',
  exportNoLikes: '좋아요한 게시글이 없어요',
  exportNoAlerts: '받은 알림이 없어요',
  exportReports: '내가 한 신고',
  exportNoReports: '신고한 적이 없어요',
  exportNoNotices: '받은 운영 알림이 없어요',
  exportProfilePhoto: '프로필 사진',
  // 설정 → 계정 → 회원 탈퇴 (docs/specification.md §11)
  deleteAccount: '회원 탈퇴',
  deleteAccountHint: '탈퇴하면 내 게시글과 사진, 댓글, 좋아요, 알림, 프로필이 모두 지워지고 되돌릴 수 없어요. 필요하면 먼저 내 데이터를 내려받아 주세요.',
  deleteAccountPassword: '비밀번호 확인',
  deleteAccountSubmit: '탈퇴하기',
  confirmDeleteAccount: '정말 탈퇴할까요? 내 게시글과 사진, 댓글, 좋아요, 알림, 프로필이 모두 지워지고 되돌릴 수 없어요.',
  accountDeleted: '탈퇴했어요. 그동안 까치와 함께해 주셔서 고마워요',
  accountDeletionFinishing: '탈퇴를 마무리하는 중이에요. 인터넷에 연결되어 있으면 곧 끝나요',
  accountDeletionNeedsPassword: '탈퇴를 마무리하려면 비밀번호를 한 번 더 입력해 주세요',
  accountDeletionFinish: '탈퇴 마무리하기',
  exportOffline: '커뮤니티의 내 데이터는 인터넷에 연결되어 있을 때만 내려받을 수 있어요',
  invalidRequest: '잘못된 요청이에요. 다시 시도해 주세요',
  loginRequired: '로그인이 필요해요',
  // Failures
  loginFailed: '아이디와 비밀번호를 확인해 주세요',
  signupFailed: '아이디를 확인해 주세요',
  emailTaken: '이미 가입된 이메일이에요. 로그인해 주세요',
  networkError: '연결이 원활하지 않아요. 잠시 후 다시 시도해 주세요',
  serverError: '문제가 생겼어요. 잠시 후 다시 시도해 주세요',
  diskFull: '저장 공간이 부족해요. 공간을 비운 뒤 다시 시도해 주세요',
  notFound: '게시글을 찾을 수 없어요',
  commentNotFound: '댓글을 찾을 수 없어요',
  imageTooLarge: '사진은 10MB 이하만 올릴 수 있어요',
  imageUnsupported: '지원하지 않는 사진 형식이에요',
  imageTooManyPixels: '사진 해상도가 너무 커요 (4천만 화소 이하)',
  imageExpired: '사진을 다시 선택해 주세요',
  tooManyRequests: '요청이 너무 많아요. 잠시 후 다시 시도해 주세요',
  // Success
  postCreated: '게시글을 올렸어요',
  postEdited: '게시글을 수정했어요',
  postDeleted: '게시글을 삭제했어요',
  commentAdded: '댓글을 남겼어요',
  commentDeleted: '댓글을 삭제했어요',
  alertDeleted: '알림을 삭제했어요',
  alertsCleared: '알림을 모두 삭제했어요',
  // Confirm prompts
  confirmDeletePost: '이 게시글을 삭제할까요?',
  confirmDeleteComment: '댓글을 삭제할까요?',
  /** Leaving an edit with changes (LeaveEditorDialog); a new post's prompt asks leaveNewPostQuestion. */
  confirmLeaveEditor: '작성 중인 내용을 저장하지 않고 나갈까요?',
  // Screens
  greetingLoggedOut: '로그인해 주세요',
  login: '로그인',
  signup: '회원가입',
  logout: '로그아웃',
  alerts: '알림',
  home: '홈',
  emailLabel: '아이디(이메일)',
  nicknameLabel: '닉네임',
  passwordLabel: '비밀번호',
  passwordConfirmLabel: '비밀번호 확인',
  /** The password fields' toggle; its name is the field's label and this, pressed or not. */
  showPassword: '보기',
  profileImageLabel: '프로필 사진(선택)',
  notMemberYet: '아직 회원이 아니신가요?',
  alreadyMember: '이미 회원이신가요?',
  backToList: '목록으로',
  copyLink: '링크 복사',
  linkCopied: '링크를 복사했어요',
  linkCopyFailed: '링크를 복사하지 못했어요. 다시 시도해 주세요',
  comment: '댓글',
  commentPlaceholder: '댓글을 남겨 주세요',
  commentSubmit: '등록',
  commentLoginPrompt: '로그인하면 댓글을 남길 수 있어요',
  moreComments: '댓글 더 보기',
  /** The post was deleted while a comment on it was being typed: the text stays, to copy. */
  postDeletedWhileTyping: '작성자가 게시글을 삭제했어요',
  commentDraftKept: '쓰던 댓글은 여기 남겨 두었어요. 복사해서 다른 곳에 쓸 수 있어요',
  copyComment: '댓글 복사',
  commentCopied: '댓글을 복사했어요',
  commentCopyFailed: '댓글을 복사하지 못했어요. 다시 시도해 주세요',
  editorNew: '게시글 작성',
  editorEdit: '게시글 수정',
  chooseImage: '사진 선택',
  changeImage: '사진 바꾸기',
  dropImageHint: '또는 여기로 사진을 끌어다 놓으세요',
  // A post's photos (decision 031): up to 10, in order, each with its 사진 설명 (alt text).
  addPhotos: '사진 추가',
  photosHint: '여러 장을 한 번에 고르거나 끌어다 놓고, 붙여넣기(Ctrl+V)로도 넣을 수 있어요. 순서는 끌어서 또는 Alt+←/→로 바꿔요',
  photosTooMany: '사진은 10장까지 올릴 수 있어요',
  photoDuplicate: '같은 사진이 두 번 들어 있어요',
  photoAltLabel: '사진 설명',
  photoAltHint: '사진을 볼 수 없는 분께 화면 읽기 프로그램이 읽어 줘요',
  photoAltTooLong: '사진 설명은 1,000자까지 쓸 수 있어요',
  /** The code of a refusal whose sentence (format.photoAltMissing) names the photo. */
  photoAltRequired: '사진마다 사진 설명을 써 주세요',
  photoAltRequiredHint: '이 커뮤니티는 사진마다 사진 설명이 있어야 올릴 수 있어요',
  /** After 사진 설명's label where the community requires it. */
  photoAltRequiredMark: '필수',
  /** On a photo still without its required 사진 설명. */
  photoAltNeeded: '설명 필요',
  photoSmall: '아주 작은 사진이에요(긴 쪽 200픽셀 미만). 흐릿하거나 작게 보일 수 있어요',
  photoMoveEarlier: '앞으로',
  photoMoveLater: '뒤로',
  previousPhoto: '이전 사진',
  nextPhoto: '다음 사진',
  photoList: '사진 목록',
  layout: '레이아웃',
  layoutTop: '텍스트 위',
  layoutRight: '텍스트 오른쪽',
  layoutLeft: '텍스트 왼쪽',
  /** The editor's text: its label names the field, the placeholder invites; postTextRequired is the error. */
  postTextLabel: '글 내용',
  textPlaceholder: '사진에 담긴 이야기를 들려 주세요',
  create: '올리기',
  edit: '수정하기',
  delete: '삭제하기',
  cancel: '취소',
  confirm: '확인',
  preview: '미리보기',
  processingImage: '사진을 다듬는 중…',
  saving: '저장하는 중…',
  editLink: '수정',
  write: '글쓰기',
  alertsTitle: '알림',
  markAllRead: '모두 읽음',
  /** An unread row of the alert list, for screen readers and beside its dot. */
  alertUnread: '읽지 않음',
  /** Before a row's post words, for screen readers: which post the row is about. */
  alertPostWords: '게시글',
  deleteAll: '모두 삭제',
  deleteOne: '삭제',
  noAlerts: '아직 새 알림이 없어요',
  loading: '불러오는 중…',
  loadingMore: '더 불러오는 중…',
  endOfFeed: '모든 글을 다 봤어요',
  emptyFeed: '아직 글이 없어요. 첫 글을 남겨보세요!',
  notFoundPage: '페이지를 찾을 수 없어요',
  goHome: '홈으로',
  offlineBanner: '오프라인 상태예요. 저장된 글을 보여 드려요',
  settings: '설정',
  theme: '화면 테마',
  themeSystem: '시스템 설정',
  themeLight: '밝게',
  themeDark: '어둡게',
  findInFeed: '불러온 글에서 찾기',
  findNoResults: '결과 없음',
  // Search (the top bar, Ctrl/Cmd+K) and a hashtag's page.
  search: '검색',
  searchLabel: '글, 사람, #태그 검색',
  searchResults: '검색 결과',
  searchPeople: '사람',
  searchPosts: '글',
  searching: '찾는 중…',
  searchNoResults: '찾는 글이나 사람이 없어요',
  tagEmpty: '이 태그가 달린 글이 아직 없어요',
  trayOpen: '열기',
  trayQuit: '종료',
  appName: '까치',
  like: '좋아요',
  alertTypeLike: '좋아요',
  alertTypeComment: '댓글',
  defaultAvatar: '기본 프로필 이미지',
  postImageAlt: '게시글 사진',
  // The photo viewer (docs/decisions/032-photo-viewer.md)
  viewerOpen: '사진 크게 보기',
  viewerTitle: '사진 보기',
  viewerStage: '사진. + 키로 확대하고 − 키로 축소해요. 확대하면 방향키로 움직여요',
  viewerZoomIn: '확대',
  viewerZoomOut: '축소',
  viewerZoomReset: '원래 크기',
  viewerPrevious: '이전 사진',
  viewerNext: '다음 사진',
  profileImageAlt: '프로필 사진',
  removeImage: '사진 빼기',
  retry: '다시 시도',
  loadMore: '더 보기',
  /** The end of a feed card's cut text (MESSAGES.md, feed card). */
  readMore: '더 보기',
  // A feed card's own post: its menu, its edit mark, who liked it, new posts above the reader
  postMenu: '글 메뉴',
  edited: '수정됨',
  likersTitle: '좋아요한 사람',
  /** A liker known only by the email their like names (community mode): the email never shows. */
  unknownLiker: '닉네임을 알 수 없는 회원',
  sessionEndedDraftKept: '로그아웃되었어요. 쓰던 글은 다시 로그인하면 이어서 쓸 수 있어요',
  // Person pages and editing one's own profile (docs/decisions/028-profiles.md)
  /** The feed's masthead line above its title, and a person page's above their name (a magazine's contributor page). */
  feedKicker: '까치 매거진',
  personKicker: '까치 필진',
  personPosts: '게시글',
  personLikes: '받은 좋아요',
  personNoPosts: '아직 올린 게시글이 없어요',
  personMorePosts: '게시글 더 보기',
  back: '뒤로',
  myPage: '내 페이지',
  editProfileHint: '닉네임과 프로필 사진은 내 페이지에서 바꿀 수 있어요.',
  editProfile: '프로필 편집',
  editProfileSave: '저장하기',
  profilePhotoLabel: '프로필 사진',
  profileSaved: '프로필을 바꿨어요'
} as const

export const messages = { ...catalog, ...communityAndShellMessages, ...desktopMessages, ...crashReportMessages, ...draftsMessages, ...savedMessages, ...identitiesMessages, ...accessMessages, ...invitationCodesMessages, ...coreMessages } as const

/** A key in both parts would hide the first part's text: typecheck fails here if one is. */
type NoneShared<Keys extends never> = Keys
export type SharedCatalogKeys = NoneShared<
  | (keyof typeof catalog & keyof typeof communityAndShellMessages)
  | (keyof typeof catalog & keyof typeof desktopMessages)
  | (keyof typeof communityAndShellMessages & keyof typeof desktopMessages)
  | (keyof (typeof catalog & typeof communityAndShellMessages & typeof desktopMessages) & keyof typeof crashReportMessages)
  | (keyof typeof draftsMessages & (keyof typeof catalog | keyof typeof communityAndShellMessages | keyof typeof desktopMessages | keyof typeof crashReportMessages))
  | (keyof typeof catalog & keyof typeof savedMessages)
  | (keyof typeof communityAndShellMessages & keyof typeof savedMessages)
  | (keyof typeof desktopMessages & keyof typeof savedMessages)
  | (keyof (typeof catalog & typeof communityAndShellMessages & typeof desktopMessages & typeof savedMessages & typeof identitiesMessages) & keyof typeof accessMessages)
  | (keyof typeof coreMessages & keyof Omit<typeof messages, keyof typeof coreMessages>)
  | (keyof typeof invitationCodesMessages & keyof Omit<typeof messages, keyof typeof invitationCodesMessages>)
>

export type MessageKey = keyof typeof messages
