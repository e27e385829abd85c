import { Navigate } from 'react-router-dom'
import { messages } from '@shared/messages'
import { usePageTitle } from '@/shared/lib/page-title'
import { useCurrentUser } from '@/shared/lib/session'
import { SignUpForm } from '@/features/auth/components/SignUpForm'

/** Signed in (already, or just now by this form), the sign-up form gives way to the feed (docs/specification.md §4.1). */
export function SignUpRoute() {
  usePageTitle(messages.signup)
  return useCurrentUser() ? <Navigate to="/" replace /> : <SignUpForm />
}
