/**
 * The IPC channel names, the one list both sides are built from: preload exposes a
 * method per channel, main registers a handler per channel (contract.ts checks each
 * has a schema, handlers.ts that each has a handler). Kept free of any library so the
 * sandboxed preload stays tiny.
 */
export const channels = [
  'auth:session',
  'auth:signUp',
  'auth:login',
  'auth:logout',
  'auth:completeProfile',
  'auth:signOutOthers',
  'auth:changePassword',
  'account:export',
  'account:delete',
  'images:add',
  'posts:feed',
  'posts:find',
  'posts:get',
  'search:query',
  'search:tag',
  'posts:create',
  'posts:update',
  'posts:delete',
  'posts:photoRules',
  'likes:set',
  'likes:list',
  'comments:list',
  'comments:add',
  'comments:delete',
  'drafts:list',
  'drafts:save',
  'drafts:delete',
  'saved:list',
  'saved:ids',
  'saved:set',
  'blocks:list',
  'blocks:set',
  'moderation:report',
  'moderation:reports',
  'moderation:remove',
  'moderation:dismiss',
  'moderation:log',
  'moderation:notices',
  'moderation:dismissNotice',
  'moderation:moderators',
  'moderation:setModerator',
  'people:get',
  'people:posts',
  'people:updateProfile',
  'alerts:list',
  'alerts:delete',
  'alerts:clear',
  'alerts:markSeen',
  'notifications:get',
  'notifications:set',
  'notifications:mutePost',
  'settings:get',
  'settings:connect',
  'settings:disconnect',
  'invitation:get',
  'invitation:accept',
  'invitation:dismiss',
  'invitation:join',
  'joinCodes:create',
  'joinCodes:list',
  'joinCodes:revoke',
  'joinCodes:redeem',
  'app:setTheme',
  'app:shell',
  'app:setPreferences',
  'app:checkForUpdates',
  'app:restartToUpdate',
  'app:openLink',
  'access:request',
  'access:withdraw',
  'access:mine',
  'access:requests',
  'access:approve',
  'access:reject',
  'access:pendingCount',
  'app:quit'
] as const

export type Channel = (typeof channels)[number]

/** Events main pushes to the renderer. */
export const events = [
  'session:changed',
  'alerts:changed',
  'posts:changed',
  'moderation:noticesChanged',
  'images:progress',
  'account:exportProgress',
  'app:navigate',
  'connection:changed',
  'shell:changed',
  'app:notice',
  'app:command',
  'comments:replyKept',
  'access:requestsChanged',
  'app:quitRequested'
] as const

export type EventName = (typeof events)[number]

export const isChannel = (value: unknown): value is Channel =>
  typeof value === 'string' && (channels as readonly string[]).includes(value)

export const isEventName = (value: unknown): value is EventName =>
  typeof value === 'string' && (events as readonly string[]).includes(value)
