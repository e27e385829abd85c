/** The catalog's sentences made with a value (a nickname, a count, a path); messages.ts exports them as `format`. */
export const format = {
  signupDone: (nickname: string) => `${nickname}님, 가입을 환영해요!`,
  profileDone: (nickname: string) => `${nickname}님, 프로필을 완성했어요!`,
  greeting: (nickname: string) => `${nickname}님, 안녕하세요`,
  tooLong: (n: number) => `${n.toLocaleString('ko-KR')}자까지 쓸 수 있어요`,
  likeCount: (n: number) => `좋아요 ${n.toLocaleString('ko-KR')}개`,
  /** Below the likers listed, how many more liked it. */
  moreLikers: (n: number) => `외 ${n.toLocaleString('ko-KR')}명`,
  /** The button over the feed when others' posts arrived above the reader. */
  newPosts: (n: number) => `새 글 ${n.toLocaleString('ko-KR')}개`,
  /** The editor's link to 임시 저장한 글, with how many there are. */
  draftsLink: (n: number) => `임시 저장한 글 ${n.toLocaleString('ko-KR')}개`,
  commentCount: (n: number) => `댓글 ${n.toLocaleString('ko-KR')}개`,
  /** The viewer's counter, read out: which photo of how many. */
  viewerPosition: (at: number, of: number) => `사진 ${of.toLocaleString('ko-KR')}장 중 ${at.toLocaleString('ko-KR')}번째`,
  confirmDeleteAllAlerts: (n: number) => `알림 ${n.toLocaleString('ko-KR')}개를 모두 삭제할까요?`,
  alertLike: (actor: string) => `${actor}님이 회원님의 게시글을 좋아해요`,
  alertLikeGrouped: (actor: string, others: number) => `${actor}님 외 ${others.toLocaleString('ko-KR')}명이 회원님의 게시글을 좋아해요`,
  /** With the comment's first words (main trims them, main/core/excerpt.ts); without them, whose post. */
  alertComment: (actor: string, words?: string) =>
    words === undefined ? `${actor}님이 회원님의 게시글에 댓글을 남겼어요` : `${actor}님이 댓글을 남겼어요: ${words}`,
  alertCommentGrouped: (actor: string, others: number) =>
    `${actor}님 외 ${others.toLocaleString('ko-KR')}명이 회원님의 게시글에 댓글을 남겼어요`,
  trayTooltip: (n: number) => (n > 0 ? `까치 · 읽지 않은 알림 ${n.toLocaleString('ko-KR')}개` : '까치'),
  alertBadgeLabel: (n: number) => `읽지 않은 알림 ${n.toLocaleString('ko-KR')}개`,
  /**
   * The top bar's bell: its badge, and its name, which starts with the words shown, word for word
   * (알림, then the badge's number): "25개" would be another word than the "25" on screen (WCAG 2.5.3).
   */
  alertBadge: (n: number) => (n > 99 ? '99+' : String(n)),
  alertBell: (n: number) => `알림 ${n > 99 ? '99+' : String(n)}, 읽지 않음`,
  // A post's photos (decision 031)
  /** A photo's place, its name in the editor and the carousel's dots. */
  photoNumber: (i: number) => `사진 ${i}`,
  /** The alt of a photo nobody described: honest about what it is, not what it shows. */
  photoDefaultAlt: (i: number, n: number) => `사진 ${i}/${n}`,
  /** A card's badge over its cover: how many photos the post has (shown as 1/n). */
  photoCount: (n: number) => `사진 ${n}장`,
  photoCountBadge: (n: number) => `1/${n}`,
  removePhoto: (i: number) => `사진 ${i} 빼기`,
  photoMoved: (from: number, to: number, n: number) => `사진 ${from}을 ${to}번째로 옮겼어요 (${n}장 중)`,
  photosLeft: (n: number) => `${n}장 더 넣을 수 있어요`,
  photoAltMissing: (i: number) => `사진 ${i}에 사진 설명을 써 주세요. 이 커뮤니티는 사진마다 설명이 있어야 해요`,
  /** The window title: the app, then the page. */
  pageTitle: (page: string) => `까치 — ${page}`,
  /** The post page's heading, for screen readers (the page shows the author's header instead). */
  postHeading: (nickname: string) => `${nickname}님의 게시글`,
  searchCount: (posts: number, more: boolean, people: number) =>
    `글 ${posts.toLocaleString('ko-KR')}개${more ? ' 이상' : ''}, 사람 ${people.toLocaleString('ko-KR')}명`,
  /** A hashtag as shown, and its page. */
  tag: (tag: string) => `#${tag}`,
  tagPosts: (tag: string) => `#${tag} 글 모아 보기`,
  /** A web link in someone's text: shown as its host, named with where it opens. */
  externalLink: (host: string) => `${host} (브라우저에서 열려요)`,
  /** A person page's heading and the name of a link to it. */
  personHeading: (nickname: string) => `${nickname}님의 페이지`,
  /** A link that shows only a person's initial (no photo): named with that initial first, as shown (WCAG 2.5.3). */
  personInitialLink: (initial: string, nickname: string) => `${initial}, ${nickname}님의 페이지`,
  /** How long a person has been a member, from the days since they joined. */
  memberFor: (days: number) =>
    days < 1
      ? '오늘 가입했어요'
      : days < 30
        ? `함께한 지 ${days.toLocaleString('ko-KR')}일`
        : days < 365
          ? `함께한 지 ${Math.floor(days / 30).toLocaleString('ko-KR')}개월`
          : `함께한 지 ${Math.floor(days / 365).toLocaleString('ko-KR')}년`,
  findPosition: (i: number, n: number) => `${i.toLocaleString('ko-KR')}/${n.toLocaleString('ko-KR')}`,
  connectedTo: (projectId: string) => `${projectId}에 연결됨`,
  invitationAsk: (projectId: string) => `${projectId} 커뮤니티에 연결할까요?`,
  invitationBadField: (label: string, problem: string) => `초대 링크의 ${label} 값이 올바르지 않아요. ${problem}`,
  invitationMissing: (label: string) => `초대 링크에 ${label} 값이 없어요. 커뮤니티 관리자에게 새 링크를 받아 주세요`,
  // Block and mute: the person menu, its confirms and toasts
  personMenu: (nickname: string) => `${nickname}님 메뉴`,
  confirmBlock: (nickname: string) =>
    `${nickname}님을 차단할까요? ${nickname}님의 글, 댓글, 알림이 보이지 않고, ${nickname}님은 회원님의 글에 댓글을 달거나 좋아요를 누를 수 없어요. 상대에게는 알리지 않아요.`,
  confirmMute: (nickname: string) => `${nickname}님을 숨길까요? ${nickname}님의 글, 댓글, 알림이 더 이상 보이지 않아요.`,
  blocked: (nickname: string) => `${nickname}님을 차단했어요`,
  muted: (nickname: string) => `${nickname}님을 숨겼어요`,
  unblocked: (nickname: string) => `${nickname}님의 차단을 해제했어요`,
  unmuted: (nickname: string) => `${nickname}님을 다시 보여 드려요`,
  // 신고 and moderators: counts, the log and the author's notice
  reportCount: (n: number) => `신고 ${n.toLocaleString('ko-KR')}건`,
  reportedBy: (nickname: string) => `작성자 ${nickname}`,
  confirmRemoveReported: (kind: '게시글' | '댓글') => `이 ${kind}을 삭제할까요? 작성자에게 삭제 사유를 알려요.`,
  moderationLogLine: (moderator: string, author: string, kind: '게시글' | '댓글') => `${moderator}님이 ${author}님의 ${kind}을 삭제했어요`,
  removalReason: (reason: string) => `사유: ${reason}`,
  noticeRemoved: (kind: '게시글' | '댓글') => `관리자가 회원님의 ${kind}을 삭제했어요`,
  moderatorAdded: (nickname: string) => `${nickname}님을 관리자로 지정했어요`,
  moderatorRemoved: (nickname: string) => `${nickname}님을 관리자에서 뺐어요`,
  // Start-up failures (a dialog in the app, one line on the harness's console): always the path.
  storeNotDatabase: (path: string) =>
    `까치의 데이터 파일을 열 수 없어요: ${path} — 손상되었거나 다른 프로그램의 파일이에요. 백업에서 되살리거나 다른 데이터 폴더를 지정해 주세요`,
  storeDamaged: (path: string, backup: string | null) =>
    backup
      ? `데이터 파일 일부가 손상되었어요: ${path} — 더 저장하지 않고 멈췄어요. 최근 백업(${backup})에서 되살릴 수 있어요`
      : `데이터 파일 일부가 손상되었어요: ${path} — 더 저장하지 않고 멈췄어요`,
  storeNewer: (path: string) => `이 데이터 파일은 더 새 버전의 까치가 만들었어요: ${path} — 까치를 업데이트해 주세요`,
  dataDirUnusable: (path: string) => `데이터 폴더를 쓸 수 없어요: ${path} — 폴더 권한과 남은 공간을 확인해 주세요`,
  installIncomplete: (path: string) => `까치 설치 파일 일부가 없어요: ${path} — 까치를 다시 설치해 주세요`,
  aboutVersion: (version: string) => `버전 ${version}`,
  updateVersion: (version: string) => `새 버전 ${version}`,
  exportTitle: (nickname: string) => `${nickname}님의 까치 데이터`,
  exportedAt: (when: string) => `내려받은 때: ${when}`,
  exportProgress: (percent: number) => `내려받는 중 (${Math.round(percent)}%)`,
  updateDownloading: (percent: number) => `새 버전을 내려받고 있어요 (${Math.round(percent)}%)`,
  /** A quiet-hours time, minutes after local midnight, as HH:mm (the app's 24-hour times, §9). */
  clockTime: (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`,
  /** An end before the start is the next morning's. */
  quietHoursNextDay: (time: string) => `다음 날 ${time}`
} as const
