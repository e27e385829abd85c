import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { format } from '@shared/messages'
import type { PersonView } from '@shared/types'
import { personPath } from '../lib/person-path'
import { Avatar, initialOf } from './Avatar'
import styles from './PersonLink.module.css'

/**
 * A person's photo opening their page. `named`: a link of its own, named after the page (where
 * no name link stands beside it, as on an alert row), and when it shows their initial instead of
 * a photo, named with that initial first; otherwise the name link beside it is the one keyboards
 * and screen readers meet, and this one stays out of their way.
 */
export function PersonAvatarLink({ person, size, named }: { person: PersonView; size: number; named?: boolean }) {
  const initial = person.avatar?.variants.length ? '' : initialOf(person.nickname)
  const name = initial ? format.personInitialLink(initial, person.nickname) : format.personHeading(person.nickname)
  return (
    <Link to={personPath(person.id)} className={styles.avatar} data-testid="person-avatar-link" {...(named ? { 'aria-label': name } : { tabIndex: -1, 'aria-hidden': true })}>
      <Avatar person={person} size={size} decorative />
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
