import { afterEach, describe, expect, it } from 'vitest'
import { cleanupTestApps } from '../../../../tests/support/main/test-app'
import { createFakeFirebase } from '../../../../tests/support/fake-firebase/fake-firebase'
import type { AlertEntry, CommentDoc, ConnectFirebase, PostDoc, Snapshot } from '../../firebase/ports'
import { cleanupCommunityApps, join as signUp, startCommunityApp, startProjectApp, write } from '../../../../tests/support/main/community-app'

afterEach(async () => {
  await cleanupCommunityApps()
  await cleanupTestApps()
})

/** Remembers each listener's last delivery, so a test can deliver it again late (a snapshot overtaken by a write). */
function tapped() {
  const fake = createFakeFirebase()
  const last: {
    feed?: () => void
    comments?: () => void
    alerts?: () => void
  } = {}
  const replay = <T>(deliver: (value: T) => void, key: keyof typeof last) => (value: T) => {
    last[key] = () => deliver(value)
    deliver(value)
  }
  const connect: ConnectFirebase = async (config, emulators) => {
    const ports = await fake.connect(config, emulators)
    return {
      ...ports,
      docs: {
        ...ports.docs,
        watchPostsTop: (limit, onDocs, onError) => ports.docs.watchPostsTop(limit, replay<Snapshot<PostDoc>[]>(onDocs, 'feed'), onError),
        watchComments: (postId, onDocs, onError) => ports.docs.watchComments(postId, replay<Snapshot<CommentDoc>[]>(onDocs, 'comments'), onError)
      },
      alerts: { ...ports.alerts, watch: (uid, onAlerts, onError) => ports.alerts.watch(uid, replay<Record<string, AlertEntry> | null>(onAlerts, 'alerts'), onError) }
    }
  }
  return { fake, last, project: { connect, idle: fake.idle } }
}

describe('a snapshot taken before this app\'s own write arrives after it', () => {
  it('does not take a new post or comment away again', async () => {
    const { fake, last, project } = tapped()
    const app = await startProjectApp(project)
    await signUp(app, 'alice')
    await app.settle()
    const feedBefore = last.feed!
    const post = await write(app, '새 글')
    // Delivered before the listener's own next snapshot (the fake sends that on a later turn).
    feedBefore()
    expect((await app.call('posts:feed', {})).posts.map((p) => p.id)).toContain(post.id)
    await app.settle()
    expect((await app.call('posts:feed', {})).posts.map((p) => p.id)).toContain(post.id)

    await app.call('comments:list', { postId: post.id })
    const commentsBefore = last.comments!
    const comment = await app.call('comments:add', { postId: post.id, text: '새 댓글' })
    commentsBefore()
    expect((await app.call('comments:list', { postId: post.id })).comments.map((c) => c.id)).toEqual([comment.id])
    await app.settle()
    expect(fake.data.comments()[comment.id]).toBeDefined()
    expect((await app.call('comments:list', { postId: post.id })).comments.map((c) => c.id)).toEqual([comment.id])
  })

  it('a snapshot that changes nothing writes nothing and publishes nothing', async () => {
    const { fake, last, project } = tapped()
    const other = await startCommunityApp(fake)
    await signUp(other, 'bob')
    await write(other, '밥의 글')
    const app = await startProjectApp(project)
    expect((await app.call('posts:feed', {})).posts).toHaveLength(1)
    const events = app.events.length
    const changes = app.mirror().changes.bounds().hi
    last.feed!()
    await app.settle()
    expect(app.mirror().changes.bounds().hi).toBe(changes)
    expect(app.events.length).toBe(events)
  })

  it('does not bring back (and announce again) an alert this app removed', async () => {
    const { fake, last, project } = tapped()
    const app = await startProjectApp(project)
    const other = await startCommunityApp(fake)
    await signUp(app, 'alice')
    await signUp(other, 'bob')
    const post = await write(app)
    await other.settle()
    await other.call('comments:add', { postId: post.id, text: '안녕' })
    await app.settle()
    const list = await app.call('alerts:list')
    expect(list.count).toBe(1)
    expect(app.desktop.recording.notifications).toHaveLength(1)
    const withAlert = last.alerts!

    await app.call('alerts:delete', { id: list.alerts[0]!.id })
    withAlert()
    await app.settle()
    expect((await app.call('alerts:list')).count).toBe(0)
    expect(app.desktop.recording.notifications).toHaveLength(1)
    expect(app.desktop.recording.badge).toBe(0)
  })
})
