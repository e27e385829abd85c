import type { PersonView } from '@shared/types'
import { messages } from '@shared/messages'
import styles from './Avatar.module.css'

/**
 * A person's round photo, or the default magpie silhouette when they have none. `decorative`:
 * inside a link already named by the person (their page), so it adds nothing to the name. A
 * large one takes the smallest variant as wide as it is drawn on a sharp screen.
 */
export function Avatar({ person, size = 40, decorative }: { person: Pick<PersonView, 'nickname' | 'avatar'>; size?: number; decorative?: boolean }) {
  const variants = person.avatar?.variants ?? []
  const shown = variants.find((v) => v.width >= size * 2) ?? variants.at(-1)
  return shown ? (
    <img className={styles.avatar} src={shown.url} width={size} height={size} alt={decorative ? '' : `${person.nickname} ${messages.profileImageAlt}`} />
  ) : decorative ? (
    <span className={styles.fallback} style={{ width: size, height: size }} aria-hidden="true" />
  ) : (
    <span className={styles.fallback} style={{ width: size, height: size }} role="img" aria-label={messages.defaultAvatar} />
  )
}
