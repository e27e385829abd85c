import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { format } from '@shared/messages'
import type { PersonView } from '@shared/types'
import { personPath } from '../lib/person-path'
import { Avatar } from './Avatar'
import styles from './PersonLink.module.css'

/**
 * A person's photo opening their page. `named`: a link of its own, named after the page (where
 * no name link stands beside it, as on an alert row); otherwise the name link beside it is the
 * one keyboards and screen readers meet, and this one stays out of their way.
 */
export function PersonAvatarLink({ person, size, named, children }: { person: PersonView; size: number; named?: boolean; children?: ReactNode }) {
  return (
    <Link
      to={personPath(person.id)}
      className={styles.avatar}
      data-testid="person-avatar-link"
      {...(named ? { 'aria-label': format.personHeading(person.nickname) } : { tabIndex: -1, 'aria-hidden': true })}
    >
      <Avatar person={person} size={size} decorative />
      {children}
    </Link>
  )
}

/** A person's nickname opening their page. */
export function PersonNameLink({ person, className, children }: { person: PersonView; className?: string; children?: ReactNode }) {
  return (
    <Link to={personPath(person.id)} className={`${styles.name} ${className ?? ''}`} data-testid="person-link">
      {children ?? person.nickname}
    </Link>
  )
}
