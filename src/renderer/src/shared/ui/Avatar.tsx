import type { PersonView } from '@shared/types'
import { messages } from '@shared/messages'
import styles from './Avatar.module.css'

/** A person's round photo, or the default magpie silhouette when they have none. */
export function Avatar({ person, size = 40 }: { person: Pick<PersonView, 'nickname' | 'avatar'>; size?: number }) {
  const smallest = person.avatar?.variants[0]
  return smallest ? (
    <img className={styles.avatar} src={smallest.url} width={size} height={size} alt={`${person.nickname} ${messages.profileImageAlt}`} />
  ) : (
    <span className={styles.fallback} style={{ width: size, height: size }} role="img" aria-label={messages.defaultAvatar} />
  )
}
