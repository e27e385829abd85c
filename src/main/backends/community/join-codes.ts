import { invitationLink } from '@shared/invitation-link'
import { checkNewInvitation, invitationsListMax } from '@shared/join-codes'
import type { MessageKey } from '@shared/messages'
import { AppError } from '../../errors'
import { codeFromText, dayMs, hashOfJoinCode, invitationView, newJoinCode, redeemRefusal, type JoinCodesService } from '../../core/join-codes'
import { moderatorOnly } from '../../core/moderation'
import { isInvitationHash } from '../../firebase/invitations-port'
import type { CommunityAuth } from './auth'
import type { CommunityContext } from './context'
import { refusedAs, remote } from './remote-call'

/**
 * Invitations with a join code in a community (docs/decisions/047-invitation-codes.md). Main
 * checks each rule before Firebase is asked — a moderator by the ID token's claim, the choices'
 * limits, the invitation's state for a redeemer — and the shipped rules check them again. The
 * code is made here, handed back once inside the link, and kept nowhere (nor logged): the
 * community stores its SHA-256.
 */
export function createCommunityJoinCodes(ctx: Pick<CommunityContext, 'ports' | 'now'>, auth: Pick<CommunityAuth, 'author'>): JoinCodesService {
  const { ports } = ctx

  async function requireModerator(userId: string) {
    const author = await auth.author(userId)
    if (!(await remote('read', () => ports.auth.moderator(false)))) throw new AppError(moderatorOnly)
    return author
  }

  async function list(userId: string) {
    await requireModerator(userId)
    const found = await remote('read', () => ports.invitations.list(invitationsListMax))
    const now = ctx.now()
    return found.map(({ id, data }) => invitationView(id, data, now))
  }

  return {
    async create(userId, input) {
      const me = await requireModerator(userId)
      const problem = checkNewInvitation(input)
      if (problem) throw new AppError(problem.problem, problem.field)
      const code = newJoinCode()
      const hash = hashOfJoinCode(code)
      const now = ctx.now()
      const note = (input.note ?? '').trim()
      const expiresAt = now + input.days * dayMs
      await remote('write', () => ports.invitations.create(hash, { createdBy: me.uid, expiresAt, maxUses: input.maxUses, note }))
      return {
        link: invitationLink(ports.config, code),
        invitation: invitationView(hash, { createdBy: me.uid, at: now, expiresAt, maxUses: input.maxUses, uses: 0, revoked: false, note }, now)
      }
    },

    list,

    async revoke(userId, id) {
      await requireModerator(userId)
      if (!isInvitationHash(id)) throw new AppError('invitationGone')
      if (!(await remote('write', () => ports.invitations.revoke(id)))) throw new AppError('invitationGone')
      return list(userId)
    },

    async redeem(userId, text) {
      const me = await auth.author(userId)
      const found = codeFromText(text, ports.config.projectId)
      if ('error' in found) throw new AppError(found.error, 'code')
      let refusal: MessageKey | null = null
      // Decided inside the transaction, on what it read: run again, it decides again. The rules
      // then check the same on the same reads but by the server's clock: a refusal after main let
      // it through is the expiry this computer's clock did not see yet.
      await remote('write', () =>
        ports.invitations.redeem(hashOfJoinCode(found.code), me.uid, (invitation, member) => {
          refusal = redeemRefusal(invitation, member, ctx.now())
          return refusal ? 'refuse' : 'join'
        })
      ).catch(refusedAs('joinCodeExpired'))
      if (refusal) throw new AppError(refusal, 'code')
      return { joined: true as const }
    }
  }
}
