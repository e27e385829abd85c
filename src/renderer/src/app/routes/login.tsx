import { LoginForm } from '@/features/auth/components/LoginForm'

export function LoginRoute() {
  return <LoginForm />
}
