import type { ProfileEdit } from '@shared/ipc/contract'
import { limits } from '@shared/limits'
import type { FeedPage, PersonPage, PersonView } from '@shared/types'
import { AppError } from '../../errors'
import type { Views } from '../../core/mappers'
import { newUserDoc, userFromDoc, type Author } from '../../firebase/mapping'
import { decodeCursor } from '../../store/keyset'
import { checkedNickname, createStorePeople, preparePhoto } from '../local/people'
import type { CommunityContext } from './context'
import type { CommunityImages } from './images'
import type { MirrorWriter } from './mirror-writer'
import { createNicknameClaims } from './nickname-claims'
import { bestEffort, remote } from './remote-call'

interface Deps {
  views: Views
  images: CommunityImages
  writer: MirrorWriter
  author(userId: string): Promise<Author>
}

/**
 * Person pages in community mode (docs/decisions/028-profiles.md). What others may read of a
 * person is their profiles/{uid} document (no email): read once each time their page opens and
 * kept in the mirror as their current face, which no older post's snapshot then undoes. Their
 * posts are the mirror's, after one bounded query for the page shown; their post count is an
 * aggregation, the likes theirs have are counted on the posts this copy holds (docs/firebase.md).
 */
export function createCommunityPeople(ctx: CommunityContext, { views, images, writer, author }: Deps) {
  const { store, mirror, ports } = ctx
  const people = createStorePeople(ctx, views)
  const names = createNicknameClaims(ctx)

  /** The profile as the person's current face in the mirror; offline, the mirror's as it is. */
  async function readProfile(personId: string, uid: string): Promise<void> {
    const profile = await ports.docs.getProfile(uid)
    const email = store.users.get(personId)?.email
    if (!profile || !email || !profile.nickname) return
    const avatarId = await store.transaction(() => {
      const photoId = profile.photo ? mirror.remoteImage(profile.photo, 'profile', ctx.newId, ctx.now()) : null
      const id = mirror.person({ email, uid, nickname: profile.nickname, avatarId: photoId, current: true }, ctx.newId, ctx.now())
      store.users.setJoined(id, profile.joined || null)
      return photoId
    })
    ctx.published()
    images.cache.want([avatarId])
  }

  /** The photo uploaded, the users document and the profile written, then the mirror's face of them; returns it. */
  async function save(userId: string, me: Author, nickname: string, edit: ProfileEdit): Promise<PersonView> {
    const photo = edit.photo ? await preparePhoto(() => images.prepareAvatar(edit.photo!)) : null
    let photoUrl = edit.photo === undefined ? me.avatarUrl : ''
    let uploaded: { url: string; path: string; bytes: number } | null = null
    if (photo) {
      try {
        uploaded = await images.upload(photo, 'profileImg')
      } catch (error) {
        await images.discardFiles([photo])
        throw error
      }
      photoUrl = uploaded.url
    }
    const doc = await remote('write', () => ports.docs.userByEmail(me.email))
    if (!doc) throw new AppError('loginRequired')
    // The web app's five keys exactly (the rules refuse others), its alerts kept.
    const alerts = Array.isArray(doc.data.alerts) ? doc.data.alerts : []
    await remote('write', () => ports.docs.setUser(doc.id, { ...newUserDoc(userFromDoc(doc).uid, me.email, nickname, photoUrl), alerts }))
    await remote('write', () => ports.docs.setProfile(me.uid, { nickname, photo: photoUrl }))
    await store.transaction(() => {
      let avatarId: string | null | undefined = edit.photo === undefined ? undefined : null
      if (photo && uploaded) {
        store.images.insert(photo)
        store.images.attach(photo.id, userId)
        mirror.setUploaded(photo.id, uploaded.url, uploaded.path, uploaded.bytes, ctx.now())
        avatarId = photo.id
      }
      mirror.person({ email: me.email, uid: me.uid, nickname, avatarId, current: true }, ctx.newId, ctx.now())
    })
    ctx.published()
    return people.face(userId)
  }

  return {
    async get(viewer: string | null, personId: string): Promise<PersonPage> {
      const known = people.record(personId)
      let postCount = known.postCount
      if (known.remoteUid) {
        const uid = known.remoteUid
        await bestEffort('profile', () => readProfile(personId, uid))
        await bestEffort('post count', async () => {
          postCount = Math.max(postCount, await ports.docs.countPostsBy(uid))
        })
      }
      return { ...people.page(viewer, people.record(personId)), postCount: Math.max(postCount, people.record(personId).postCount) }
    },

    /** A page of their posts: the server's page below the cursor is mirrored first (one query), then read from the mirror. */
    async posts(viewer: string | null, personId: string, cursor: string | null | undefined): Promise<FeedPage> {
      const uid = people.record(personId).remoteUid
      const after = decodeCursor(cursor)
      if (uid) {
        await bestEffort('person posts', async () => {
          const docs = await ports.docs.postsBy(uid, after ? { createdAt: after.at, id: after.id } : null, limits.personPageSize + 1)
          await writer.posts(docs)
        })
      }
      return people.posts(viewer, personId, cursor)
    },

    /**
     * The caller's own nickname and photo: the new name claimed and the old one given up
     * (decision 021), the photo uploaded, then their users document (the web app reads its
     * nickname from there) and their profile written, and the mirror's face of them replaced.
     */
    async updateProfile(userId: string, edit: ProfileEdit): Promise<PersonView> {
      const me = await author(userId)
      const nickname = checkedNickname(edit.nickname)
      const renamed = nickname !== me.nickname
      if (renamed) {
        await names.ensureFree(nickname, { uid: me.uid, personId: userId })
        if (!(await names.claim(nickname, me.uid))) throw new AppError('nicknameTaken', 'nickname')
      }
      try {
        const face = await save(userId, me, nickname, edit)
        if (renamed) await bestEffort('nickname', () => names.release(me.nickname, me.uid))
        return face
      } catch (error) {
        // Not saved: the new name is given back, so a retry or another person may take it.
        if (renamed) await bestEffort('nickname', () => names.release(nickname, me.uid))
        throw error
      }
    }
  }
}

export type CommunityPeople = ReturnType<typeof createCommunityPeople>
