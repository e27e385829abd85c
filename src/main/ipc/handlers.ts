import type { Channel } from '@shared/ipc/channels'
import type { Input, Output } from '@shared/ipc/contract'
import type { Services } from '../core/services'
import type { SettingsService } from '../core/connection-settings'
import type { Invitations } from '../core/invitations'
import type { DesktopPort, ShellPort } from '../desktop-port'
import type { DataExport } from '../core/data-export'

export interface CallContext {
  userId: string | null
}

export type Handlers = {
  [C in Channel]: (input: Input<C>, call: CallContext) => Output<C> | Promise<Output<C>>
}

/**
 * One thin handler per channel: who is calling goes in, the service decides. `s` gives the
 * running backend's services at each call, so every call goes to the backend running then.
 * Settings sit beside the services because they choose which services run (local or community);
 * an invitation connects through the settings.
 */
export function createHandlers(
  s: () => Services,
  settings: SettingsService,
  invitations: Invitations,
  desktop: Pick<DesktopPort, 'setTheme' | 'quitAnswered'>,
  shell: ShellPort,
  dataExport: DataExport
): Handlers {
  return {
    'auth:session': () => s().auth.session(),
    'auth:signUp': (input) => s().auth.signUp(input),
    'auth:login': (input) => s().auth.login(input),
    'auth:logout': () => s().auth.logout(),
    'auth:completeProfile': (input) => s().auth.completeProfile(input),
    'auth:signOutOthers': (_input, { userId }) => s().auth.signOutOthers(s().requireUser(userId, 'loginRequired')),
    'auth:changePassword': (input, { userId }) => s().auth.changePassword(s().requireUser(userId, 'loginRequired'), input),
    'account:export': (_input, { userId }) => {
      const me = s().requireUser(userId, 'loginRequired')
      const services = s()
      return dataExport.run(() => services.account.exportData(me))
    },
    // A deletion waiting for the password again has no signed-in user: the backend knows whose it is.
    'account:delete': (input, { userId }) => s().account.remove(userId, input.password),
    'images:add': (input, { userId }) =>
      s().images.add(s().requireUser(userId, 'loginFirstWrite'), input.purpose, input.bytes, (progress) =>
        s().emit('images:progress', { requestId: input.requestId, progress })
      ),
    'posts:feed': (input, { userId }) => s().posts.feed(userId, input.cursor, input.limit),
    'posts:find': (input, { userId }) => s().posts.find(userId, input.query, input.through),
    'posts:get': (input, { userId }) => s().posts.get(input.id, userId),
    'posts:create': async (input, { userId }) => {
      const post = await s().posts.create(userId, input.photos, { text: input.text, layout: input.layout })
      if (input.draftId !== undefined && userId) await s().drafts.posted(userId, input.draftId)
      return post
    },
    'posts:update': (input, { userId }) =>
      s().posts.update(userId, input.id, input.photos, { text: input.text, layout: input.layout }),
    'posts:delete': (input, { userId }) => s().posts.remove(userId, input.id),
    'posts:photoRules': (_input, { userId }) => s().posts.photoRules(userId),
    'likes:set': (input, { userId }) => s().likes.set(userId, input.postId, input.liked),
    'likes:list': (input) => s().likes.list(input.postId),
    'comments:list': (input, { userId }) => s().comments.list(userId, input.postId, input.cursor),
    'comments:add': (input, { userId }) => s().comments.add(userId, input.postId, input.text),
    'comments:delete': (input, { userId }) => s().comments.remove(userId, input.id),
    'drafts:list': (_input, { userId }) => s().drafts.list(s().requireUser(userId, 'loginRequired')),
    'drafts:save': (input, { userId }) => s().drafts.save(s().requireUser(userId, 'loginFirstWrite'), input),
    'drafts:delete': (input, { userId }) => s().drafts.remove(s().requireUser(userId, 'loginRequired'), input.id),
    'saved:list': (input, { userId }) => s().saved.list(s().requireUser(userId, 'loginRequired'), input.cursor),
    'saved:ids': (_input, { userId }) => (userId ? s().saved.ids(userId) : { ids: [] }),
    'saved:set': (input, { userId }) => s().saved.set(s().requireUser(userId, 'loginFirstSave'), input.postId, input.saved),
    'blocks:list': (_input, { userId }) => s().blocks.list(s().requireUser(userId, 'loginRequired')),
    'blocks:set': (input, { userId }) => s().blocks.set(s().requireUser(userId, 'loginRequired'), input.personId, { blocked: input.blocked, muted: input.muted }),
    'moderation:report': (input, { userId }) => s().moderation.report(s().requireUser(userId, 'loginFirstReport'), input),
    'moderation:reports': (_input, { userId }) => s().moderation.reports(s().requireUser(userId, 'loginRequired')),
    'moderation:remove': (input, { userId }) => s().moderation.remove(s().requireUser(userId, 'loginRequired'), input.kind, input.targetId, input.reason),
    'moderation:dismiss': (input, { userId }) => s().moderation.dismiss(s().requireUser(userId, 'loginRequired'), input.kind, input.targetId),
    'moderation:log': (_input, { userId }) => s().moderation.log(s().requireUser(userId, 'loginRequired')),
    'moderation:notices': (_input, { userId }) => (userId ? s().moderation.notices(userId) : []),
    'moderation:dismissNotice': (input, { userId }) => s().moderation.dismissNotice(s().requireUser(userId, 'loginRequired'), input.id),
    'moderation:moderators': (_input, { userId }) => s().moderation.moderators(s().requireUser(userId, 'loginRequired')),
    'moderation:setModerator': (input, { userId }) => s().moderation.setModerator(s().requireUser(userId, 'loginRequired'), input.nickname, input.moderator),
    'people:get': (input, { userId }) => s().people.get(userId, input.id),
    'people:posts': (input, { userId }) => s().people.posts(userId, input.id, input.cursor),
    'people:updateProfile': (input, { userId }) => s().people.updateProfile(s().requireUser(userId, 'loginRequired'), input),
    'alerts:list': (_input, { userId }) => s().alerts.list(userId),
    'alerts:delete': (input, { userId }) => s().alerts.remove(userId, input.id),
    'alerts:clear': (_input, { userId }) => s().alerts.clear(userId),
    'alerts:markSeen': (input, { userId }) => s().alerts.markSeen(userId, input.through),
    'notifications:get': (_input, { userId }) => s().notifications.get(userId),
    'notifications:set': (input, { userId }) => s().notifications.set(userId, input),
    'notifications:mutePost': (input, { userId }) => s().notifications.mutePost(userId, input.postId, input.muted),
    'settings:get': () => settings.get(),
    'settings:connect': (input) => settings.connect(input),
    'settings:disconnect': () => settings.disconnect(),
    'invitation:get': () => invitations.view(settings.get().status),
    'invitation:accept': () => invitations.accept(settings.connect),
    'invitation:dismiss': () => invitations.dismiss(),
    'invitation:join': (_input, { userId }) => invitations.join((code) => s().joinCodes.redeem(s().requireUser(userId, 'joinCodeLoginFirst'), code)),
    'joinCodes:create': (input, { userId }) => s().joinCodes.create(s().requireUser(userId, 'loginRequired'), input),
    'joinCodes:list': (_input, { userId }) => s().joinCodes.list(s().requireUser(userId, 'loginRequired')),
    'joinCodes:revoke': (input, { userId }) => s().joinCodes.revoke(s().requireUser(userId, 'loginRequired'), input.id),
    'joinCodes:redeem': (input, { userId }) => s().joinCodes.redeem(s().requireUser(userId, 'joinCodeLoginFirst'), input.code),
    'app:setTheme': (input) => desktop.setTheme(input.source),
    'app:shell': () => shell.view(),
    'app:setPreferences': (input) => shell.setPreferences(input),
    'app:checkForUpdates': () => shell.checkForUpdates(),
    'app:restartToUpdate': () => shell.restartToUpdate(),
    'app:openLink': (input) => shell.openLink(input.url),
    'app:quit': (input) => desktop.quitAnswered(input.step),
    'search:query': (input, { userId }) => s().search.query(userId, input.query, input.cursor),
    'search:tag': (input, { userId }) => s().search.tag(userId, input.tag, input.cursor),
    'access:request': (input, { userId }) => s().access.request(s().requireUser(userId, 'loginRequired'), input.message),
    'access:withdraw': (_input, { userId }) => s().access.withdraw(s().requireUser(userId, 'loginRequired')),
    'access:mine': (_input, { userId }) => (userId ? s().access.mine(userId) : null),
    'access:requests': (_input, { userId }) => s().access.requests(s().requireUser(userId, 'loginRequired')),
    'access:approve': (input, { userId }) => s().access.approve(s().requireUser(userId, 'loginRequired'), input.id),
    'access:reject': (input, { userId }) => s().access.reject(s().requireUser(userId, 'loginRequired'), input.id),
    'access:pendingCount': (_input, { userId }) => (userId ? s().access.pendingCount(userId) : { count: 0 })
  }
}
