import type { DesktopPort } from '../../desktop-port'
import type { ServiceContext } from '../../core/context'
import { createLiveService, type Emit } from '../../core/live-events'
import { createViews, type Views } from '../../core/mappers'
import type { SessionVault } from '../../core/session-vault'
import { requireUser, type Services } from '../../core/services'
import { createAlertsService } from './alerts'
import { createAuthService } from './auth'
import { createCommentsService } from './comments'
import { createImagesService } from './images'
import { createLikesService } from './likes'
import { createPostsService } from './posts'

/** The local backend's services: the store is the data. */
export function createServices(ctx: ServiceContext, vault: SessionVault, desktop: DesktopPort, emit: Emit) {
  const views = createViews(ctx.mediaUrl)
  const images = createImagesService(ctx, views)
  const auth = createAuthService(ctx, views, images, vault)
  return {
    views,
    images,
    auth,
    posts: createPostsService(ctx, views, images),
    likes: createLikesService(ctx),
    comments: createCommentsService(ctx, views),
    alerts: createAlertsService(ctx, views),
    live: createLiveService(ctx, views, desktop, emit, auth.currentUserId),
    emit,
    requireUser
  } satisfies Services & { views: Views }
}

export type LocalServices = ReturnType<typeof createServices>
