import type { Layout } from '@shared/limits'
import { checkPostText, isLayout } from '@shared/validation'
import { AppError, enforce } from '../errors'

/** A post's text and layout as the author sends them, before any backend stores them. */
export interface PostDraft {
  text: string
  layout: Layout
}

/** The draft both backends store: text within its rules (trimmed) and a known layout. */
export function checkDraft(draft: PostDraft): PostDraft {
  enforce(checkPostText(draft.text), 'text')
  if (!isLayout(draft.layout)) throw new AppError('layoutInvalid', 'layout')
  return { text: draft.text.trim(), layout: draft.layout }
}

