import { FirebasePortError, type FirebaseUser, type JoinRequestDoc, type MembersPort, type Unsubscribe } from '../../../src/main/firebase/ports'

/** The fake's listener: read now and after every change, delivered when what it reads differs. */
type Watch = <T>(read: () => T, deliver: (value: T) => void, fail: (error: FirebasePortError) => void) => Unsubscribe

/**
 * The fake project's members-only parts (docs/decisions/045-members-only.md) with what
 * firebase/firestore.rules allow: members/{uid} made by a moderator's approval of a request (or
 * the operator), read by its person and moderators; joinRequests/{uid} made by that person alone
 * while not a member (nickname 1–20, message ≤ 200 characters), read and deleted by them and moderators.
 */
export function createFakeMembers(now: () => number) {
  const members = new Map<string, { via: string; by?: string }>()
  const requests = new Map<string, Omit<JoinRequestDoc, 'uid'>>()
  const denied = (): never => {
    throw new FirebasePortError('permission-denied')
  }
  const listed = (): JoinRequestDoc[] => [...requests].map(([uid, doc]) => ({ uid, ...doc })).sort((a, b) => a.at - b.at || (a.uid < b.uid ? -1 : 1))

  function port(
    user: () => FirebaseUser | null,
    gate: (operation: string) => void,
    rules: boolean,
    project: { watch: Watch; changed: () => void; access: () => unknown; isModerator: (user: FirebaseUser | null) => boolean }
  ): MembersPort {
    const { watch, changed } = project
    const self = (uid: string) => {
      const me = user()
      if (rules && (!me || (me.uid !== uid && !project.isModerator(me)))) denied()
    }
    const moderatorOnly = () => {
      if (rules && !project.isModerator(user())) denied()
    }
    return {
      async access() {
        gate('members.access')
        if (rules && !user()) denied()
        return project.access() === 'members-only' ? 'members-only' : 'open'
      },
      watchMember(uid, onMember, onError) {
        try {
          self(uid)
        } catch (error) {
          queueMicrotask(() => onError(error as FirebasePortError))
          return () => {}
        }
        return watch(() => members.has(uid), onMember, onError)
      },
      async joinRequest(uid) {
        gate('members.joinRequest')
        self(uid)
        const doc = requests.get(uid)
        return doc ? { uid, ...doc } : null
      },
      async requestToJoin(uid, request) {
        gate('members.requestToJoin')
        const me = user()
        const chars = [...request.message].length
        if (rules && (!me || me.uid !== uid || members.has(uid) || requests.has(uid) || request.nickname.length < 1 || request.nickname.length > 20 || chars > 200)) denied()
        requests.set(uid, { nickname: request.nickname, message: request.message, at: now() })
        changed()
      },
      async deleteJoinRequest(uid) {
        gate('members.deleteJoinRequest')
        self(uid)
        requests.delete(uid)
        changed()
      },
      watchJoinRequests(_limit, onDocs, onError) {
        if (rules && !project.isModerator(user())) {
          queueMicrotask(() => onError(new FirebasePortError('permission-denied')))
          return () => {}
        }
        return watch(listed, onDocs, onError)
      },
      async approve(uid, by) {
        gate('members.approve')
        moderatorOnly()
        if (rules && (!requests.has(uid) || by !== user()?.uid || members.has(uid))) denied()
        members.set(uid, { via: 'approval', by })
        requests.delete(uid)
        changed()
      }
    }
  }

  return {
    port,
    data: {
      members: () => Object.fromEntries(members),
      requests: () => Object.fromEntries(requests)
    },
    /** As the Admin SDK (the operator's import) and the console write them. */
    admin: {
      addMember(uid: string, via = 'import'): void {
        members.set(uid, { via })
      },
      removeMember(uid: string): void {
        members.delete(uid)
      }
    }
  }
}
