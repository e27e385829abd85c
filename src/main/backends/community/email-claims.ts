import type { FirebaseUser } from '../../firebase/ports'
import { FirebasePortError } from '../../firebase/ports'
import { AppError } from '../../errors'
import { personKey } from '../../store/person-key'
import type { CommunityContext } from './context'

/**
 * The person's email claimed for their uid in emails/{key} (decision 043), at sign-up and at the
 * first sign-in that reaches Firebase: from then on the rules give that email to nobody else. An
 * email the registry gives to another uid (an account deleted, its email registered again) is
 * refused with emailHeldByAnother. A claim Firebase could not be asked about (offline, a refusal)
 * is asked again at the next sign-in; until then the rules trust the token alone, as for the web app.
 */
export function createEmailClaims({ ports }: Pick<CommunityContext, 'ports'>) {
  /** `uid\nemail` whose claim is known made: asked once, not at every start. */
  let made: string | null = null
  const idOf = (user: { uid: string; email: string }): string => `${user.uid}\n${user.email.toLowerCase()}`

  return {
    /** Whether this person's claim is known made (the session file keeps it across restarts). */
    made: (user: { uid: string; email: string }): boolean => made === idOf(user),
    remember(user: { uid: string; email: string }): void {
      made = idOf(user)
    },

    /** Claims the email unless known made; throws emailHeldByAnother when it belongs to another uid. */
    async ensure(user: FirebaseUser): Promise<void> {
      if (made === idOf(user)) return
      let holder: string
      try {
        holder = await ports.docs.claimEmail(personKey(user.email), user.uid)
      } catch (error) {
        if (!(error instanceof FirebasePortError)) throw error
        console.warn('[community] email claim:', error.reason)
        return
      }
      if (holder !== user.uid) throw new AppError('emailHeldByAnother')
      made = idOf(user)
    }
  }
}

export type EmailClaims = ReturnType<typeof createEmailClaims>
