import type { MessageKey } from '@shared/messages'
import { AppError } from '../errors'
import type { DesktopPort } from '../desktop-port'
import type { ServiceContext } from '../services/context'
import { createAlertsService } from '../services/alerts-service'
import { createAuthService } from '../services/auth-service'
import { createCommentsService } from '../services/comments-service'
import { createImagesService } from '../services/images-service'
import { createLikesService } from '../services/likes-service'
import { createLiveService, type Emit } from '../services/live-service'
import { createPostsService } from '../services/posts-service'
import type { SessionVault } from '../services/session-vault'
import { createViews } from '../services/views'

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
    requireUser(userId: string | null, message: MessageKey): string {
      if (!userId) throw new AppError(message)
      return userId
    }
  }
}

export type Services = ReturnType<typeof createServices>
