import { describe, expect, it } from 'vitest'
import { format, messages } from './messages'
import { formatDateTime } from './format'

/** The Korean text of docs/specification.md §8.2, which the catalog must carry word for word. */
const contract: Record<string, string> = {
  loginFirstWrite: '로그인 먼저 해주세요! :)',
  loginFirstLike: '로그인 먼저 해주세요 :)',
  loginFirstComment: '로그인 먼저 해주세요!',
  emailInvalid: '아이디(이메일)를 정확히 입력해주세요',
  nicknameRequired: '닉네임을 입력해주세요',
  passwordShort: '비밀번호를 6자 이상 입력해주세요',
  passwordMismatch: '비밀번호 확인이 일치하지 않습니다',
  postTextRequired: '텍스트를 입력해주세요!',
  postImageRequired: '이미지를 등록해주세요!',
  onlyAuthorEdit: '작성자만 수정할 수 있습니다',
  onlyCommentAuthorDelete: '댓글 작성자만 삭제할 수 있습니다',
  commentRequired: '댓글을 입력해주세요',
  loginFailed: '아이디와 비밀번호를 확인해주세요',
  signupFailed: '아이디를 확인해주세요',
  networkError: '연결이 원활하지 않아요. 잠시 후 다시 시도해주세요',
  serverError: '문제가 생겼어요. 잠시 후 다시 시도해주세요',
  notFound: '게시글을 찾을 수 없어요',
  imageTooLarge: '이미지는 10MB 이하만 올릴 수 있어요',
  imageUnsupported: '지원하지 않는 이미지 형식이에요',
  tooManyRequests: '요청이 너무 많아요. 잠시 후 다시 시도해주세요',
  postCreated: '게시글이 등록되었습니다!',
  postEdited: '게시글이 수정되었습니다!',
  postDeleted: '삭제되었습니다',
  commentAdded: '등록되었습니다',
  commentDeleted: '삭제되었습니다',
  confirmDeletePost: '정말 삭제하시겠습니까?',
  confirmDeleteComment: '댓글을 삭제할까요?',
  confirmDeleteAllAlerts: '정말요?',
  greetingLoggedOut: '로그인해주세요',
  noAlerts: '지금은 알림이 없어요!',
  commentLoginPrompt: '로그인 후 댓글을 남길 수 있어요',
  offlineBanner: '오프라인 상태예요. 저장된 글을 보여드려요',
  loading: '불러오는 중…'
}

describe('the Korean catalog', () => {
  it('carries every message of the specification word for word', () => {
    for (const [key, text] of Object.entries(contract)) expect(messages[key as keyof typeof messages], key).toBe(text)
  })

  it('fills in names and counts as the specification writes them', () => {
    expect(format.signupDone('까치')).toBe('까치님 환영합니다! 회원가입 완료')
    expect(format.greeting('까치')).toBe('까치님 안녕하세요!')
    expect(format.likeCount(3)).toBe('좋아요 3개')
    expect(format.alertLike('참새')).toBe('참새님이 회원님의 게시글을 좋아합니다')
    expect(format.alertComment('참새')).toBe('참새님이 회원님의 게시글에 댓글을 남겼습니다')
    expect(format.trayTooltip(4)).toBe('까치 · 새 알림 4개')
    expect(format.trayTooltip(0)).toBe('까치')
  })

  it('shows times as the ko-KR date plus HH:mm', () => {
    const at = new Date(2026, 10, 22, 9, 5).getTime()
    expect(formatDateTime(at)).toBe('2026. 11. 22. 09:05')
  })
})
