import type { DesktopPort } from '../../desktop-port'
import type { ServiceContext } from '../../core/context'
import { createLiveService, type Emit } from '../../core/live-events'
import { createViews, type Views } from '../../core/mappers'
import type { SessionVault } from '../../core/session-vault'
import { requireUser, type Services } from '../../core/services'
import { createLocalAccount } from './account'
import { createLocalAlerts } from './alerts'
import { createLocalAuth } from './auth'
import { createLocalComments } from './comments'
import { createLocalImages } from './images'
import { createLocalLikes } from './likes'
import { createLocalPosts } from './posts'

/** The local backend's services: the store is the data. */
export function createLocalServices(ctx: ServiceContext, vault: SessionVault, desktop: DesktopPort, emit: Emit) {
  const views = createViews(ctx.mediaUrl, (id) => ctx.store.users.identity(id))
  const images = createLocalImages(ctx, views)
  const auth = createLocalAuth(ctx, views, images, vault)
  return {
    views,
    images,
    auth,
    account: createLocalAccount(ctx, auth),
    posts: createLocalPosts(ctx, views, images),
    likes: createLocalLikes(ctx),
    comments: createLocalComments(ctx, views),
    alerts: createLocalAlerts(ctx, views),
    live: createLiveService(ctx, views, desktop, emit, auth.currentUserId),
    emit,
    requireUser
  } satisfies Services & { views: Views }
}

export type LocalServices = ReturnType<typeof createLocalServices>
