import type { PersonView } from '@shared/types'
import { messages } from '@shared/messages'
import styles from './Avatar.module.css'

/** How many tones the initials are drawn on (Avatar.module.css defines each, for both schemes). */
const tones = 10

/** The same person always gets the same tone: a small string hash of their id (FNV-1a). */
export function toneOf(id: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < id.length; i++) hash = Math.imul(hash ^ id.charCodeAt(i), 0x01000193)
  return (hash >>> 0) % tones
}

const graphemes = typeof Intl.Segmenter === 'function' ? new Intl.Segmenter('ko', { granularity: 'grapheme' }) : null

/** The nickname's first character as one sees it (a Hangul syllable, a letter, an emoji), upper case. */
export function initialOf(nickname: string): string {
  const trimmed = nickname.trim()
  const first = graphemes ? (graphemes.segment(trimmed)[Symbol.iterator]().next().value?.segment ?? '') : (Array.from(trimmed)[0] ?? '')
  return first.toLocaleUpperCase('ko')
}

/**
 * A person's round photo; without one, their initial on a tone of their own (from their id), so
 * people without a photo are told apart at a glance. Both tone sets meet text contrast (4.5:1).
 * `decorative`: inside a link already named by the person (their page), so it adds nothing to
 * the name. A large one takes the smallest variant as wide as it is drawn on a sharp screen.
 */
export function Avatar({ person, size = 40, decorative }: { person: Pick<PersonView, 'id' | 'nickname' | 'avatar'>; size?: number; decorative?: boolean }) {
  const variants = person.avatar?.variants ?? []
  const shown = variants.find((v) => v.width >= size * 2) ?? variants.at(-1)
  if (shown) {
    return <img className={styles.avatar} src={shown.url} width={size} height={size} alt={decorative ? '' : `${person.nickname} ${messages.profileImageAlt}`} />
  }
  const initial = initialOf(person.nickname)
  return (
    <span
      className={initial ? styles.initials : styles.fallback}
      data-tone={toneOf(person.id)}
      // Drawn by CSS, not as text: the nickname beside it is the text (copying, finding, reading a row).
      data-initial={initial}
      style={{ width: size, height: size, fontSize: size * 0.42 }}
      {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': messages.defaultAvatar })}
    />
  )
}
