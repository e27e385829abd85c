import { AppError } from '../../errors'
import type { JoinCodesService } from '../../core/join-codes'

/**
 * Local mode has no members-only store (docs/decisions/047-invitation-codes.md): everyone who
 * signs in on this computer reads everything, so there is nothing to invite into. Each call says
 * so in Korean rather than pretending.
 */
export function createLocalJoinCodes(): JoinCodesService {
  const moderators = async (): Promise<never> => {
    throw new AppError('invitationsCommunityOnly')
  }
  return {
    create: moderators,
    list: moderators,
    revoke: moderators,
    async redeem() {
      throw new AppError('joinCodeCommunityOnly')
    }
  }
}
