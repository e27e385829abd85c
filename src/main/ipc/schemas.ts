import { z } from 'zod'
import type { Channel } from '@shared/ipc/channels'
import type { Input } from '@shared/ipc/contract'
import { layouts, limits, reportReasons, reportTargets } from '@shared/limits'
import { messages, type MessageKey } from '@shared/messages'
import { AppError } from '../errors'
import { themeChoices } from '@shared/limits'

/**
 * Shapes main accepts on each channel; anything else is refused before a service runs.
 * Lengths here only stop absurd payloads: the rules with their own messages (text
 * length, email form…) are the services' to check, so the user sees those messages.
 */
const id = z.string().min(1).max(100)
const text = z.string().max(100_000)
const cursor = z.string().max(200).nullish()
/** No input: what arrives (nothing, or null from a JSON transport) reaches the handler as undefined. */
const none = z
  .undefined()
  .or(z.null())
  .transform(() => undefined)
/**
 * A value the contract narrows to a few that the user meets as a rule with its own message
 * (layoutInvalid): refused with that message on its field rather than as a malformed request.
 */
const oneOf = <const T extends readonly [string, ...string[]]>(values: T, rule: MessageKey) => z.enum(values, { error: () => rule })
const layout = oneOf(layouts, 'layoutInvalid')
const reportReason = oneOf(reportReasons, 'reportReasonRequired')
const reportTarget = z.enum(reportTargets)
/** A quiet-hours start or end: minutes after local midnight, on the hour or the half hour. */
const quietTime = z
  .number()
  .int()
  .min(0)
  .max(24 * 60 - limits.quietHoursStep)
  .refine((minutes) => minutes % limits.quietHoursStep === 0)
const newPhoto = z.strictObject({ uploadId: id, alt: text })
const keptPhoto = z.strictObject({ imageId: id, alt: text })
/** A config field: its own rules (and messages) are the settings service's. */
const configValue = z.string().max(1000)

export const schemas = {
  'auth:session': none,
  'auth:signUp': z.strictObject({
    email: text,
    nickname: text,
    password: text,
    passwordConfirm: text,
    profileImage: z.instanceof(Uint8Array).nullish()
  }),
  'auth:login': z.strictObject({ email: z.string().max(1000), password: text }),
  'auth:logout': none,
  'auth:signOutOthers': none,
  'account:export': none,
  'account:delete': z.strictObject({ password: text }),
  'auth:changePassword': z.strictObject({ currentPassword: text, newPassword: text, newPasswordConfirm: text }),
  'auth:completeProfile': z.strictObject({ nickname: text, profileImage: z.instanceof(Uint8Array).nullish() }),
  'images:add': z.strictObject({
    requestId: z.string().min(1).max(100),
    purpose: z.literal('post'),
    bytes: z.instanceof(Uint8Array)
  }),
  'posts:feed': z.strictObject({ cursor, limit: z.number().int().min(1).max(50).optional() }),
  'posts:find': z.strictObject({ query: z.string().max(limits.findQueryMax), through: cursor }),
  'posts:get': z.strictObject({ id }),
  // No photo, or more than limits.photosMax, is the service's to refuse with its message.
  'posts:create': z.strictObject({ photos: z.array(newPhoto).max(100), text, layout, draftId: id.optional() }),
  'posts:update': z.strictObject({ id, photos: z.array(z.union([newPhoto, keptPhoto])).max(100).optional(), text, layout }),
  'posts:delete': z.strictObject({ id }),
  'posts:photoRules': none,
  'likes:set': z.strictObject({ postId: id, liked: z.boolean() }),
  'likes:list': z.strictObject({ postId: id }),
  'comments:list': z.strictObject({ postId: id, cursor }),
  'comments:add': z.strictObject({ postId: id, text }),
  'comments:delete': z.strictObject({ id }),
  'drafts:list': none,
  // Too many photos, a long text or 사진 설명 are the service's to refuse with their messages.
  'drafts:save': z.strictObject({ id: id.nullable(), text, layout, photos: z.array(newPhoto).max(100) }),
  'drafts:delete': z.strictObject({ id }),
  'saved:list': z.strictObject({ cursor }),
  'saved:ids': none,
  'saved:set': z.strictObject({ postId: id, saved: z.boolean() }),
  'blocks:list': none,
  'blocks:set': z.strictObject({ personId: id, blocked: z.boolean().optional(), muted: z.boolean().optional() }),
  'moderation:report': z.strictObject({ kind: reportTarget, targetId: id, reason: reportReason, note: text.optional() }),
  'moderation:reports': none,
  'moderation:remove': z.strictObject({ kind: reportTarget, targetId: id, reason: text }),
  'moderation:dismiss': z.strictObject({ kind: reportTarget, targetId: id }),
  'moderation:log': none,
  'moderation:notices': none,
  'moderation:dismissNotice': z.strictObject({ id }),
  'moderation:moderators': none,
  'moderation:setModerator': z.strictObject({ nickname: text, moderator: z.boolean() }),
  'people:get': z.strictObject({ id }),
  'people:posts': z.strictObject({ id, cursor }),
  'people:updateProfile': z.strictObject({ nickname: text, photo: z.instanceof(Uint8Array).nullish() }),
  'alerts:list': none,
  'alerts:delete': z.strictObject({ id }),
  'alerts:clear': none,
  'alerts:markSeen': z.strictObject({ through: z.strictObject({ createdAt: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER), id }) }),
  'notifications:get': none,
  'notifications:set': z.strictObject({
    likes: z.boolean().optional(),
    comments: z.boolean().optional(),
    popups: z.boolean().optional(),
    quietHours: z.strictObject({ start: quietTime, end: quietTime }).nullable().optional()
  }),
  'notifications:mutePost': z.strictObject({ postId: id, muted: z.boolean() }),
  'settings:get': none,
  'settings:connect': z.strictObject({
    apiKey: configValue,
    authDomain: configValue,
    projectId: configValue,
    storageBucket: configValue,
    databaseURL: configValue,
    appId: configValue
  }),
  'settings:disconnect': none,
  'invitation:get': none,
  'invitation:accept': none,
  'invitation:dismiss': none,
  'invitation:join': none,
  // Ranges are checkNewInvitation's, with its messages: only the types and absurd sizes are refused here.
  'joinCodes:create': z.strictObject({ days: z.number(), maxUses: z.number(), note: z.string().max(1000).optional() }),
  'joinCodes:list': none,
  'joinCodes:revoke': z.strictObject({ id }),
  'joinCodes:redeem': z.strictObject({ code: z.string().max(limits.linkMax) }),
  'app:setTheme': z.strictObject({ source: z.enum(themeChoices) }),
  'app:shell': none,
  'app:setPreferences': z.strictObject({
    autoUpdate: z.boolean().optional(),
    openAtLogin: z.boolean().optional(),
    updateChannel: z.enum(['stable', 'beta']).optional()
  }),
  'app:checkForUpdates': none,
  'app:restartToUpdate': none,
  'app:openLink': z.strictObject({ url: z.string().max(limits.linkMax) }),
  'app:quit': z.strictObject({ step: z.enum(['asking', 'agreed']) }),
  'search:query': z.strictObject({ query: z.string().max(limits.findQueryMax), cursor }),
  'search:tag': z.strictObject({ tag: z.string().min(1).max(limits.findQueryMax), cursor }),
  'access:request': z.strictObject({ message: text }),
  'access:withdraw': none,
  'access:mine': none,
  'access:requests': none,
  'access:approve': z.strictObject({ id }),
  'access:reject': z.strictObject({ id }),
  'access:pendingCount': none
} satisfies { [C in Channel]: z.ZodType<Input<C>> }

export type Schemas = typeof schemas

const isMessageKey = (value: string): value is MessageKey => Object.hasOwn(messages, value)

/**
 * When everything wrong with a payload is a rule's (see oneOf), that rule's refusal on its
 * field, as the service would give it; null when the payload is malformed.
 */
export function ruleRefusal(error: z.ZodError): AppError | null {
  const [first] = error.issues
  if (!first || !error.issues.every((issue) => issue.code === 'invalid_value' && isMessageKey(issue.message))) return null
  return isMessageKey(first.message) ? new AppError(first.message, first.path.join('.')) : null
}
