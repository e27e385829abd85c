import { useState } from 'react'
import { Navigate } from 'react-router-dom'
import { messages } from '@shared/messages'
import { usePageTitle } from '@/shared/lib/page-title'
import { useCurrentUser } from '@/shared/lib/session'
import { LoginForm } from '@/features/auth/components/LoginForm'
import { useReturnTo } from '../return-to'

/**
 * Signed in already, /login has nothing to offer: to the feed. Signed in here (by this form,
 * or main's session event arriving first), back to where the reader was.
 */
export function LoginRoute() {
  usePageTitle(messages.login)
  const user = useCurrentUser()
  const returnTo = useReturnTo()
  const [signedInOnArrival] = useState(user !== null)
  if (user) return <Navigate to={signedInOnArrival ? '/' : returnTo} replace />
  return <LoginForm returnTo={returnTo} />
}
