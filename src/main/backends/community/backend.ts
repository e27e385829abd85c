import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import type { ConnectionStatus } from '@shared/types'
import { requireUser, type Services } from '../../core/services'
import type { DesktopPort } from '../../desktop-port'
import { createChangeWatcher } from '../../core/change-watcher'
import { createLiveService, type Emit } from '../../core/live-events'
import type { ScryptParams } from '../../core/password'
import { createFileVault, type TokenCipher } from '../../core/session-vault'
import { createViews } from '../../core/mappers'
import { createSearch } from '../../core/search'
import { createMirror, createStore, type SynchronousMode } from '../../store'
import type { ChangeRow } from '../../store/changes-store'
import type { FirebasePorts } from '../../firebase/ports'
import { wellFormedPorts } from '../../firebase/well-formed-ports'
import { createNotificationSettings } from '../../core/notification-settings'
import { createCommunityAccess } from './access'
import { gatedByMembership } from './access-gate'
import { createCommunityAccount } from './account'
import { createCommunityAlerts } from './alerts'
import { createCommunityAuth } from './auth'
import { createCommunityBlocks } from './blocks'
import { createCommunityComments } from './comments'
import { createCommunityDeletion } from './deletion'
import { createBackgroundWork, type CommunityContext } from './context'
import { createImageCache } from './image-cache'
import { createCommunityImages } from './images'
import { createCommunityLikes } from './likes'
import { createMirrorWriter } from './mirror-writer'
import { createCommunityModeration } from './moderation'
import { createCommunityPeople } from './people'
import { createCommunityPosts } from './posts'
import { createCommunitySaved } from './saved'
import { createCommunityJoinCodes } from './join-codes'
import { createCommunitySettings } from './community-settings'
import { createSync } from './sync'
import { createDrafts } from '../../core/drafts'

/** The image cache's default bound (decision 008: cached beside the mirror, bounded). */
export const defaultImageCacheBytes = 256 * 1024 * 1024

/** How long closing waits for running snapshot work before the store closes under it. */
const closeGraceMs = 2_000

export interface CommunityBackendOptions {
  ports: FirebasePorts
  dataDir: string
  profileDir: string
  desktop: DesktopPort
  emit: Emit
  mediaUrl: (file: string) => string
  cipher?: TokenCipher | null
  scrypt: ScryptParams
  synchronous?: SynchronousMode
  /** Electron's own better-sqlite3 build (docs/decisions/009-native-modules-per-runtime.md). */
  nativeBinding?: string
  watchIntervalMs?: number
  now: () => number
  imageCacheBytes?: number
}

/** `<data>/community/<projectId>`: the mirror store and its cached images. */
export const communityDir = (dataDir: string, projectId: string): string => join(dataDir, 'community', projectId)

/**
 * One connected community (docs/decisions/008-community-mode.md): its mirror store, the
 * community services over it, the listeners that keep it current, and the same change
 * watcher and live service as local mode, so events, native notifications and the badge
 * work exactly as there.
 */
export function openCommunityBackend(options: CommunityBackendOptions) {
  const { emit } = options
  // Another client's documents may hold lone surrogates: made well formed as they are read, once for every service.
  const ports = wellFormedPorts(options.ports)
  const projectId = ports.config.projectId
  const dir = communityDir(options.dataDir, projectId)
  const store = createStore(join(dir, 'magpie.db'), { synchronous: options.synchronous, nativeBinding: options.nativeBinding })
  const work = createBackgroundWork()
  const ctx: CommunityContext = {
    store,
    imagesDir: join(dir, 'images'),
    mediaUrl: options.mediaUrl,
    now: options.now,
    newId: randomUUID,
    scrypt: options.scrypt,
    ports,
    mirror: createMirror(store),
    emit,
    silentAlerts: new Set(),
    published: () => watcher.poll(),
    background: work.run
  }
  const views = createViews(options.mediaUrl, (id) => store.users.identity(id))
  const cache = createImageCache(ctx, options.imageCacheBytes ?? defaultImageCacheBytes)
  const writer = createMirrorWriter(ctx, cache)
  const sync = createSync(ctx, writer, cache)
  // Members-only communities (decision 045): who may read is found out at each sign-in.
  const access = createCommunityAccess(ctx, {
    changed: () => sessionChanged(),
    opened: () => sync.again(),
    removed: (userId) => writer.keepOnly(userId)
  })
  const images = createCommunityImages(ctx, views, cache)
  // Per project, beside local mode's own session file: each mode keeps its sign-in.
  const vault = createFileVault(join(options.profileDir, 'community', projectId, 'session'), options.cipher, ctx.now)
  const deletion = createCommunityDeletion(ctx, {
    changed: () => sessionChanged(),
    finished: async () => {
      await auth.logout()
      sessionChanged()
    }
  })
  const auth = createCommunityAuth(ctx, views, images, vault, {
    ...sync,
    follow(user) {
      sync.follow(user)
      access.follow(user)
    }
  }, sessionChanged, deletion)
  // Kept in the mirror, per account on this computer: the web app's documents have no place for them (decision 026).
  const notifications = createNotificationSettings(ctx, views)
  const live = createLiveService(ctx, views, options.desktop, emit, auth.currentUserId, notifications)
  const people = createCommunityPeople(ctx, { views, images, writer, author: auth.author })
  const posts = createCommunityPosts(ctx, views, images, auth, sync, writer, createCommunitySettings(ctx.ports, ctx.now))
  const comments = createCommunityComments(ctx, views, auth, sync, writer)
  const services: Services = gatedByMembership(access, {
    auth,
    account: createCommunityAccount(ctx, auth, deletion),
    images: {
      ...images,
      // An upload writes to Storage as the signed-in user: a session restored offline is confirmed first.
      async add(userId, purpose, bytes, onProgress) {
        await auth.author(userId)
        return images.add(userId, purpose, bytes, onProgress)
      }
    },
    posts,
    // The mirror's posts: every one it has learned (docs/firebase.md, "Search"); no read of its own.
    search: createSearch(store, views, (viewer) => (viewer ? store.controls.hiddenIds(viewer) : [])),
    likes: createCommunityLikes(ctx, views, auth, writer),
    comments,
    moderation: createCommunityModeration(ctx, views, auth, writer, { post: posts.remove, comment: comments.remove }),
    saved: createCommunitySaved(ctx, views, auth, writer),
    joinCodes: createCommunityJoinCodes(ctx, auth),
    blocks: createCommunityBlocks(ctx, views, auth, writer),
    drafts: createDrafts(ctx, views),
    people: {
      ...people,
      async updateProfile(userId, edit) {
        const updated = await people.updateProfile(userId, edit)
        sessionChanged()
        return updated
      }
    },
    alerts: createCommunityAlerts(ctx, views, auth, writer, notifications),
    notifications,
    live,
    emit,
    requireUser,
    access: access.service(() => access.decorate(auth.session()))
  })
  const watcher = createChangeWatcher(store, handle, options.watchIntervalMs)
  let stopResume: (() => void) | null = null

  function sessionChanged(): void {
    emit('session:changed', access.decorate(auth.session()))
    live.refreshBadge()
  }

  /** Alerts that were already there when their listener started count, but pop no notification. */
  function handle(rows: ChangeRow[]): void {
    let quiet = false
    const kept = rows.filter((row) => {
      if (row.kind !== 'alert_added' || !row.alertId || !ctx.silentAlerts.delete(row.alertId)) return true
      quiet = true
      return false
    })
    live.handle(kept)
    if (quiet) emit('alerts:changed', { count: live.refreshBadge(), newest: null })
  }

  return {
    services,
    store,
    imagesDir: ctx.imagesDir,
    config: ports.config,

    status(): ConnectionStatus {
      return { mode: 'community', projectId, online: ports.connectivity.online() }
    },

    async start(): Promise<void> {
      sync.start()
      stopResume = ports.connectivity.onChange((online) => {
        if (!online) return
        auth.resume()
        if (deletion.state() === 'finishing') ctx.background('account deletion', () => deletion.resume())
      })
      await auth.restore()
      watcher.start()
    },

    /** Publishes the mirror's changes now (after an IPC call, as local mode's watcher does). */
    poll(): void {
      watcher.poll()
    },

    /** The computer woke or was unlocked: fresh connections, and what the mirror has now. */
    wake(): void {
      ports.connectivity.reconnect()
      watcher.poll()
    },

    /** Resolves once background work (snapshots, downloads, scans) has settled. */
    idle: work.idle,

    /**
     * Windows is ending the session and ends the process when its handler returns: everything
     * stops and the mirror store closes now, with no grace for running work (the next start
     * resumes it from the mirror).
     */
    closeNow(): void {
      access.stop()
      auth.stop()
      sync.stop()
      stopResume?.()
      watcher.stop()
      void ports.close().catch((error: unknown) => console.warn('[community] close', error))
      store.close()
    },

    async close(): Promise<void> {
      access.stop()
      auth.stop()
      sync.stop()
      stopResume?.()
      watcher.stop()
      let timer: NodeJS.Timeout | undefined
      await Promise.race([work.idle(), new Promise((resolve) => (timer = setTimeout(resolve, closeGraceMs)))])
      clearTimeout(timer)
      await ports.close().catch((error: unknown) => console.warn('[community] close', error))
      store.close()
    }
  }
}

export type CommunityBackend = ReturnType<typeof openCommunityBackend>
