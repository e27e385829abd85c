import { layouts, type Layout } from '@shared/limits'
import { messages } from '@shared/messages'
import styles from './PostEditor.module.css'

const layoutLabels: Record<Layout, string> = { Top: messages.layoutTop, Right: messages.layoutRight, Left: messages.layoutLeft }

/** The three layouts as radio buttons, each with a small drawing of where the text goes. */
export function LayoutPicker({ value, onChange }: { value: Layout; onChange: (layout: Layout) => void }) {
  return (
    <fieldset className={styles.layouts}>
      <legend>{messages.layout}</legend>
      {layouts.map((option) => (
        <label key={option} className={`${styles.layoutOption} ${value === option ? styles.chosen : ''}`}>
          <input type="radio" name="layout" value={option} checked={value === option} onChange={() => onChange(option)} />
          <span className={`${styles.glyph} ${styles[`glyph${option}`]}`} aria-hidden="true">
            <i />
            <b />
          </span>
          {layoutLabels[option]}
        </label>
      ))}
    </fieldset>
  )
}
