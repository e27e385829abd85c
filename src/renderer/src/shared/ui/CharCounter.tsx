import { format } from '@shared/messages'
import styles from './CharCounter.module.css'

/** Counted as main counts (code points), so an emoji is one character here and there. */
export const countChars = (text: string): number => [...text].length

/**
 * "{used}/{max}" under a text field, as the person types. The visible count is not read
 * aloud on each key; a polite live region speaks only near the limit (the last tenth) and
 * past it, where the count turns to the warning colour.
 */
export function CharCounter({ text, max, id }: { text: string; max: number; id?: string }) {
  const used = countChars(text)
  const state = used > max ? 'over' : used >= max * 0.9 ? 'near' : 'ok'
  const shown = `${used.toLocaleString('ko-KR')}/${max.toLocaleString('ko-KR')}`
  return (
    <span className={styles.counter} data-state={state} data-testid="char-counter" id={id}>
      <span aria-hidden="true">{shown}</span>
      <span className="visually-hidden" aria-live="polite">
        {state === 'over' ? format.tooLong(max) : state === 'near' ? shown : ''}
      </span>
    </span>
  )
}
