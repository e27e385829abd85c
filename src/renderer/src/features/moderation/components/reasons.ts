import type { ReportReason } from '@shared/limits'
import { messages } from '@shared/messages'

/** A report reason's words (the catalog's). */
export const reasonLabel: Record<ReportReason, string> = {
  spam: messages.reportReasonSpam,
  abuse: messages.reportReasonAbuse,
  danger: messages.reportReasonDanger,
  sexual: messages.reportReasonSexual,
  privacy: messages.reportReasonPrivacy,
  other: messages.reportReasonOther
}
