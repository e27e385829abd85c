import { z } from 'zod'
import type { Channel } from '@shared/ipc/channels'

/**
 * Shapes main accepts on each channel; anything else is refused before a service runs.
 * Lengths here only stop absurd payloads: the rules with their own messages (text
 * length, email form…) are the services' to check, so the user sees those messages.
 */
const id = z.string().min(1).max(100)
const text = z.string().max(100_000)
const cursor = z.string().max(200).nullish()
const none = z.undefined().or(z.null())
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
  'images:add': z.strictObject({
    requestId: z.string().min(1).max(100),
    purpose: z.literal('post'),
    bytes: z.instanceof(Uint8Array)
  }),
  'posts:feed': z.strictObject({ cursor, limit: z.number().int().min(1).max(50).optional() }),
  'posts:get': z.strictObject({ id }),
  'posts:create': z.strictObject({ uploadId: id.nullish(), text, layout: z.string().max(20) }),
  'posts:update': z.strictObject({ id, uploadId: id.nullish(), text, layout: z.string().max(20) }),
  'posts:delete': z.strictObject({ id }),
  'likes:set': z.strictObject({ postId: id, liked: z.boolean() }),
  'comments:list': z.strictObject({ postId: id, cursor }),
  'comments:add': z.strictObject({ postId: id, text }),
  'comments:delete': z.strictObject({ id }),
  'alerts:list': none,
  'alerts:delete': z.strictObject({ id }),
  'alerts:clear': none,
  'alerts:markSeen': z.strictObject({ through: z.strictObject({ createdAt: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER), id }) }),
  'settings:get': none,
  'settings:connect': z.strictObject({
    apiKey: configValue,
    authDomain: configValue,
    projectId: configValue,
    storageBucket: configValue,
    databaseURL: configValue,
    appId: configValue
  }),
  'settings:disconnect': none
} satisfies Record<Channel, z.ZodType>

export type Schemas = typeof schemas
