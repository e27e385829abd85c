/** Every cached query's key, in one place so features can refresh each other's data without importing each other. */
export const queryKeys = {
  session: ['session'] as const,
  feed: ['posts', 'feed'] as const,
  find: (words: string, through: string | null, version: number) => ['posts', 'find', words, through, version] as const,
  post: (id: string) => ['posts', 'detail', id] as const,
  search: (query: string) => ['posts', 'search', query] as const,
  /** What a post's photos need here (settings/community's requireAltText). */
  photoRules: ['posts', 'photoRules'] as const,
  tag: (tag: string) => ['posts', 'tag', tag] as const,
  comments: (postId: string) => ['comments', postId] as const,
  likers: (postId: string) => ['likes', 'list', postId] as const,
  alerts: ['alerts'] as const,
  /** 설정 → 알림 and the muted posts (the post page's 이 게시글 알림 끄기 reads it too). */
  notifications: ['notifications'] as const,
  blocks: ['blocks'] as const,
  /** 임시 저장 글 (decision 039): the signed-in person's, in this place. */
  drafts: ['drafts'] as const,
  /** 저장한 글 (decision 038): the ids behind 저장 / 저장 취소, and the page's list. */
  savedIds: ['saved', 'ids'] as const,
  savedList: ['saved', 'list'] as const,
  people: ['people'] as const,
  person: (id: string) => ['people', id] as const,
  personPosts: (id: string) => ['people', id, 'posts'] as const,
  /** 신고 (decision 030): the moderator's lists, and the signed-in person's removal notices. */
  reports: ['moderation', 'reports'] as const,
  moderationLog: ['moderation', 'log'] as const,
  moderators: ['moderation', 'moderators'] as const,
  notices: ['moderation', 'notices'] as const,
  /** A community's invitations with a join code (decision 047): moderators only. */
  invitations: ['moderation', 'invitations'] as const,
  /** 가입 요청 (decision 045): the pending requests and their count, for moderators. */
  joinRequests: ['access', 'requests'] as const,
  joinPending: ['access', 'pending'] as const
}

/** Keys of mutations other code must see while they are under way. */
export const mutationKeys = {
  like: (postId: string) => ['likes', postId] as const
}
