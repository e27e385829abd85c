import type { ProfileEdit } from '@shared/ipc/contract'
import { normalNickname } from '@shared/identity'
import { limits } from '@shared/limits'
import type { FeedPage, PersonPage, PersonView } from '@shared/types'
import { checkNickname } from '@shared/validation'
import { AppError, enforce } from '../../errors'
import type { ServiceContext } from '../../core/context'
import type { Views } from '../../core/mappers'
import { decodeCursor, keysetPage } from '../../store/keyset'
import type { PendingImage } from '../../store/images-store'
import type { PersonRecord } from '../../store/users-store'
import type { LocalImages } from './images'

/** A refused photo is the photo field's problem, shown next to its picker. */
export async function preparePhoto(prepare: () => Promise<PendingImage>): Promise<PendingImage> {
  try {
    return await prepare()
  } catch (error) {
    throw error instanceof AppError ? new AppError(error.code, 'profileImage', error.message) : error
  }
}

/** A nickname as the person may choose it (shared/identity.ts, decision 021): normal form, no hidden characters. */
export function checkedNickname(input: string): string {
  const nickname = normalNickname(input)
  enforce(checkNickname(nickname), 'nickname')
  return nickname
}

/** Person pages over a store (the local one, or a community's mirror): a person, their posts. */
export function createStorePeople(ctx: Pick<ServiceContext, 'store'>, views: Views) {
  const { store } = ctx

  function record(personId: string): PersonRecord {
    const person = store.users.person(personId)
    if (!person) throw new AppError('personNotFound')
    return person
  }

  return {
    record,

    /** The person as everyone sees them now (the answer to an edit of one's own profile). */
    face(personId: string): PersonView {
      const person = record(personId)
      return views.person(person.id, person.nickname, person.avatar)
    },

    page(viewer: string | null, person: PersonRecord): PersonPage {
      return {
        person: views.person(person.id, person.nickname, person.avatar),
        joinedAt: person.joinedAt,
        postCount: person.postCount,
        likesReceived: person.likesReceived,
        mine: viewer !== null && viewer === person.id
      }
    },

    posts(viewer: string | null, personId: string, cursor: string | null | undefined): FeedPage {
      record(personId)
      const size = limits.personPageSize
      const { page, nextCursor } = keysetPage(store.posts.byAuthor(personId, viewer, decodeCursor(cursor), size + 1), size)
      return { posts: page.map((post) => views.post(post, viewer)), nextCursor }
    }
  }
}

/**
 * Local mode's person pages. A nickname lives only in the users row, which every post, comment
 * and alert joins: a change shows everywhere at once.
 */
export function createLocalPeople(ctx: ServiceContext, views: Views, images: LocalImages) {
  const { store } = ctx
  const people = createStorePeople(ctx, views)

  return {
    get: (viewer: string | null, personId: string): PersonPage => people.page(viewer, people.record(personId)),
    posts: people.posts,

    async updateProfile(userId: string, edit: ProfileEdit): Promise<PersonView> {
      const nickname = checkedNickname(edit.nickname)
      if (store.users.lookAlikeTaken(nickname, userId)) throw new AppError('nicknameTaken', 'nickname')
      const photo = edit.photo ? await preparePhoto(() => images.prepare(edit.photo!, 'profile', null)) : null
      let replaced: PendingImage | null = null
      try {
        await store.transaction(() => {
          const user = store.users.get(userId)
          if (!user) throw new AppError('loginRequired')
          // Checked again under the write lock: another copy may have taken a look-alike meanwhile.
          if (store.users.lookAlikeTaken(nickname, userId)) throw new AppError('nicknameTaken', 'nickname')
          let avatarId = user.avatar?.id ?? null
          if (edit.photo !== undefined) {
            if (photo) {
              store.images.insert(photo)
              store.images.attach(photo.id, userId)
            }
            avatarId = photo?.id ?? null
            if (user.avatar) replaced = store.images.get(user.avatar.id)
          }
          store.users.setFace(userId, nickname, avatarId)
          if (replaced) store.images.remove(replaced.id)
        })
      } catch (error) {
        if (photo) await images.discardFiles([photo])
        throw error
      }
      // Files go only after the commit: a failed save never loses the photo still in use.
      if (replaced) await images.discardFiles([replaced])
      return people.face(userId)
    }
  }
}
