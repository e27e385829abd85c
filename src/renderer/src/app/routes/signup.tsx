import { SignUpForm } from '@/features/auth/components/SignUpForm'

export function SignUpRoute() {
  return <SignUpForm />
}
