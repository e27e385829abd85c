import type { DesktopPort } from '../../desktop-port'
import type { ServiceContext } from '../../core/context'
import { createLiveService, type Emit } from '../../core/live-events'
import { createViews, type Views } from '../../core/mappers'
import { createNotificationSettings } from '../../core/notification-settings'
import { createSearch } from '../../core/search'
import type { SessionVault } from '../../core/session-vault'
import { requireUser, type Services } from '../../core/services'
import { createLocalAccess } from './access'
import { createLocalAccount } from './account'
import { createLocalAlerts } from './alerts'
import { createLocalAuth } from './auth'
import { createLocalBlocks } from './blocks'
import { createLocalComments } from './comments'
import { createLocalImages } from './images'
import { createLocalLikes } from './likes'
import { createLocalModeration } from './moderation'
import { createLocalPeople } from './people'
import { createLocalPosts } from './posts'
import { createDrafts } from '../../core/drafts'
import { createLocalSaved } from './saved'
import { createLocalJoinCodes } from './join-codes'

/** The local backend's services: the store is the data. */
export function createLocalServices(ctx: ServiceContext, vault: SessionVault, desktop: DesktopPort, emit: Emit) {
  const views = createViews(ctx.mediaUrl, (id) => ctx.store.users.identity(id))
  const images = createLocalImages(ctx, views)
  const auth = createLocalAuth(ctx, views, images, vault)
  const notifications = createNotificationSettings(ctx, views)
  const posts = createLocalPosts(ctx, views, images)
  const comments = createLocalComments(ctx, views)
  return {
    views,
    images,
    auth,
    account: createLocalAccount(ctx, auth),
    posts,
    search: createSearch(ctx.store, views, (viewer) => (viewer ? ctx.store.controls.hiddenIds(viewer) : [])),
    likes: createLocalLikes(ctx, views),
    comments,
    moderation: createLocalModeration(ctx, views, { post: posts.remove, comment: comments.remove }),
    saved: createLocalSaved(ctx, views),
    joinCodes: createLocalJoinCodes(),
    blocks: createLocalBlocks(ctx, views),
    access: createLocalAccess(),
    drafts: createDrafts(ctx, views),
    people: createLocalPeople(ctx, views, images),
    alerts: createLocalAlerts(ctx, views, notifications),
    notifications,
    live: createLiveService(ctx, views, desktop, emit, auth.currentUserId, notifications),
    emit,
    requireUser
  } satisfies Services & { views: Views }
}

export type LocalServices = ReturnType<typeof createLocalServices>
