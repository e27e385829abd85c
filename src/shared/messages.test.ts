import { describe, expect, it } from 'vitest'
import { format, messages } from './messages'
import { formatDateTime } from './format'

/** The Korean text of docs/specification.md §8.2, which the catalog must carry word for word. */
const contract: Record<string, string> = {
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
  postTextTooLong: '2,000자까지 쓸 수 있어요',
  commentTooLong: '500자까지 쓸 수 있어요',
  loginFailed: '아이디와 비밀번호를 확인해 주세요',
  signupFailed: '아이디를 확인해 주세요',
  emailTaken: '이미 가입된 이메일이에요. 로그인해 주세요',
  networkError: '연결이 원활하지 않아요. 잠시 후 다시 시도해 주세요',
  serverError: '문제가 생겼어요. 잠시 후 다시 시도해 주세요',
  diskFull: '저장 공간이 부족해요. 공간을 비운 뒤 다시 시도해 주세요',
  notFound: '게시글을 찾을 수 없어요',
  imageTooLarge: '사진은 10MB 이하만 올릴 수 있어요',
  imageUnsupported: '지원하지 않는 사진 형식이에요',
  tooManyRequests: '요청이 너무 많아요. 잠시 후 다시 시도해 주세요',
  postCreated: '게시글을 올렸어요',
  postEdited: '게시글을 수정했어요',
  postDeleted: '게시글을 삭제했어요',
  commentAdded: '댓글을 남겼어요',
  commentDeleted: '댓글을 삭제했어요',
  confirmDeletePost: '이 게시글을 삭제할까요?',
  confirmDeleteComment: '댓글을 삭제할까요?',
  greetingLoggedOut: '로그인해 주세요',
  login: '로그인',
  signup: '회원가입',
  logout: '로그아웃',
  alerts: '알림',
  profileImageLabel: '프로필 사진(선택)',
  backToList: '목록으로',
  commentPlaceholder: '댓글을 남겨 주세요',
  commentSubmit: '등록',
  commentLoginPrompt: '로그인하면 댓글을 남길 수 있어요',
  editorNew: '게시글 작성',
  editorEdit: '게시글 수정',
  chooseImage: '사진 선택',
  changeImage: '사진 바꾸기',
  layoutTop: '텍스트 위',
  layoutRight: '텍스트 오른쪽',
  layoutLeft: '텍스트 왼쪽',
  textPlaceholder: '사진에 담긴 이야기를 들려 주세요',
  create: '올리기',
  edit: '수정하기',
  delete: '삭제하기',
  cancel: '취소',
  editLink: '수정',
  loadMore: '더 보기',
  markAllRead: '모두 읽음',
  deleteAll: '모두 삭제',
  noAlerts: '아직 새 알림이 없어요',
  loading: '불러오는 중…',
  trayOpen: '열기',
  trayQuit: '종료',
  offlineBanner: '오프라인 상태예요. 저장된 글을 보여 드려요',
  theme: '화면 테마',
  themeSystem: '시스템 설정',
  themeLight: '밝게',
  themeDark: '어둡게',
  communityConnection: '커뮤니티 연결',
  connect: '연결하기',
  disconnect: '연결 해제',
  localOnly: '이 컴퓨터에만 저장',
  findInFeed: '불러온 글에서 찾기',
  findNoResults: '결과 없음',
  copyLink: '링크 복사',
  linkCopied: '링크를 복사했어요'
}

describe('the Korean catalog', () => {
  it('carries every message of the specification word for word', () => {
    for (const [key, text] of Object.entries(contract)) expect(messages[key as keyof typeof messages], key).toBe(text)
  })

  it('fills in names and counts as the specification writes them', () => {
    expect(format.signupDone('까치')).toBe('까치님, 가입을 환영해요!')
    expect(format.greeting('까치')).toBe('까치님, 안녕하세요')
    expect(format.tooLong(2000)).toBe('2,000자까지 쓸 수 있어요')
    expect(format.likeCount(3)).toBe('좋아요 3개')
    expect(format.commentCount(1200)).toBe('댓글 1,200개')
    expect(format.confirmDeleteAllAlerts(4)).toBe('알림 4개를 모두 삭제할까요?')
    expect(format.alertLike('참새')).toBe('참새님이 회원님의 게시글을 좋아해요')
    expect(format.alertLikeGrouped('참새', 2)).toBe('참새님 외 2명이 회원님의 게시글을 좋아해요')
    expect(format.alertComment('참새')).toBe('참새님이 회원님의 게시글에 댓글을 남겼어요')
    expect(format.alertComment('참새', '좋은 사진이에요')).toBe('참새님이 댓글을 남겼어요: 좋은 사진이에요')
    expect(format.alertCommentGrouped('참새', 3)).toBe('참새님 외 3명이 회원님의 게시글에 댓글을 남겼어요')
    expect(format.trayTooltip(4)).toBe('까치 · 읽지 않은 알림 4개')
    expect(format.trayTooltip(0)).toBe('까치')
    expect(format.findPosition(2, 5)).toBe('2/5')
  })

  it('names the path in every start-up failure', () => {
    const path = '/home/me/.config/Magpie/magpie.db'
    expect(format.storeNotDatabase(path)).toBe(
      `까치의 데이터 파일을 열 수 없어요: ${path} — 손상되었거나 다른 프로그램의 파일이에요. 백업에서 되살리거나 다른 데이터 폴더를 지정해 주세요`
    )
    expect(format.storeDamaged(path, '/b/magpie-2026-11-24.db')).toBe(
      `데이터 파일 일부가 손상되었어요: ${path} — 더 저장하지 않고 멈췄어요. 최근 백업(/b/magpie-2026-11-24.db)에서 되살릴 수 있어요`
    )
    expect(format.storeDamaged(path, null)).toBe(`데이터 파일 일부가 손상되었어요: ${path} — 더 저장하지 않고 멈췄어요`)
    expect(format.storeNewer(path)).toBe(`이 데이터 파일은 더 새 버전의 까치가 만들었어요: ${path} — 까치를 업데이트해 주세요`)
    expect(format.dataDirUnusable('/data')).toBe('데이터 폴더를 쓸 수 없어요: /data — 폴더 권한과 남은 공간을 확인해 주세요')
  })

  it('speaks one register: 해요체 with "해 주세요" spaced', () => {
    for (const [key, text] of Object.entries(messages)) {
      expect(text, key).not.toMatch(/습니다|십시오|해주세요|[가-힣]주세요/)
    }
  })

  it('shows times as the ko-KR date plus HH:mm', () => {
    const at = new Date(2026, 10, 22, 9, 5).getTime()
    expect(formatDateTime(at)).toBe('2026. 11. 22. 09:05')
  })
})

describe('one language on screen', () => {
  // Latin letters only where Korean has no common word: names (Firebase, API, ID), units and keys
  // (MB, ZIP, Ctrl, Alt), a command to type, the start of a key as Firebase writes it, and
  // example addresses and ids (a word with a dot, colon or slash in it: my-app.firebaseapp.com).
  const allowed = new Set(['Firebase', 'firebaseConfig', 'API', 'ID', 'MB', 'ZIP', 'Ctrl', 'Alt', 'npm', 'run', 'community', 'moderator', 'add', 'AIza'])
  it.each(Object.entries(messages))('%s is Korean, with no English label', (_key, text) => {
    const words = (typeof text === 'string' ? text : '').split(/\s+/).filter((word) => !/\S[.:/]\S/.test(word))
    const english = words.join(' ').match(/[A-Za-z]{2,}/g) ?? []
    expect(english.filter((word) => !allowed.has(word))).toEqual([])
  })
})
