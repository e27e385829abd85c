import { useEffect, useRef } from 'react'
import { Link, NavLink, useNavigate } from 'react-router-dom'
import { format, messages } from '@shared/messages'
import { useCurrentUser, useSession } from '@/shared/lib/session'
import { JoinRequestsBadge } from '@/features/access/components/JoinRequestsBadge'
import { Avatar } from '@/shared/ui/Avatar'
import { useLogout } from '@/features/auth/api/logout'
import { AlertBell } from '@/features/alerts/components/AlertBell'
import { SavedLink } from '@/features/saved/components/SavedLink'
import { SearchBox } from '@/features/search/components/SearchBox'
import { SettingsButton } from '@/features/settings/components/SettingsButton'
import styles from './TopBar.module.css'

export function TopBar() {
  const user = useCurrentUser()
  // Signed in on the community but without a profile yet: the page is the 프로필 완성 step, whose own 로그아웃 is the way out.
  const finishing = Boolean(useSession().data?.profileToComplete)
  const logout = useLogout()
  const navigate = useNavigate()
  // 로그아웃 goes with the session: the focus moves to 로그인, which takes its place.
  const loginLink = useRef<HTMLAnchorElement>(null)
  const loggingOut = useRef(false)
  useEffect(() => {
    if (user || !loggingOut.current) return
    loggingOut.current = false
    loginLink.current?.focus()
  }, [user])

  return (
    <header className={styles.bar}>
      <div className={styles.inner}>
        <Link to="/" className={styles.brand} aria-label={messages.home}>
          <svg className={styles.logo} viewBox="0 0 48 48" aria-hidden="true">
            <path d="M6 30c6-1 11-5 14-11 2-5 6-9 12-9 5 0 9 3 10 7l-5 2c-1 8-7 14-15 15l-9 9v-7c-3 0-6-2-7-6Z" />
            <path className={styles.logoWing} d="M17 27c4-1 8-4 10-8 2 4 1 9-3 12-3 1-5 0-7-4Z" />
            <circle className={styles.logoEye} cx="35" cy="15" r="1.6" />
          </svg>
          <span className={styles.wordmark}>까치</span>
        </Link>
        <SearchBox />
        <p className={styles.greeting}>
          {user ? (
            <>
              <Avatar person={user} size={28} />
              <span>{format.greeting(user.nickname)}</span>
            </>
          ) : (
            <span>{finishing ? messages.completeProfileGreeting : messages.greetingLoggedOut}</span>
          )}
        </p>
        <nav className={styles.actions} aria-label="계정">
          <SettingsButton />
          {user ? (
            <>
              <AlertBell />
              <SavedLink />
              {user.moderator && (
                <NavLink to="/reports" className={styles.ghost}>
                  {messages.reportsPage}
                  <JoinRequestsBadge />
                </NavLink>
              )}
              <button
                type="button"
                className={styles.ghost}
                onClick={() => {
                  loggingOut.current = true
                  // Main's session:changed may land before the answer and show 로그인 at once: a
                  // person who has already gone on (to 로그인, say) is not taken back home.
                  const from = window.location.hash
                  logout.mutate(undefined, {
                    onSuccess: () => {
                      if (window.location.hash === from) navigate('/', { replace: true })
                    },
                    onError: () => (loggingOut.current = false)
                  })
                }}
              >
                {messages.logout}
              </button>
            </>
          ) : finishing ? null : (
            <>
              <NavLink ref={loginLink} to="/login" className={styles.ghost}>
                {messages.login}
              </NavLink>
              <NavLink to="/signup" className={styles.solid}>
                {messages.signup}
              </NavLink>
            </>
          )}
        </nav>
      </div>
    </header>
  )
}
