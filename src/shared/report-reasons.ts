import type { ReportReason } from '@shared/limits'
import { messages } from '@shared/messages'

/** A report reason's words (the catalog's): the report dialog, the 신고 page, 내 데이터 내려받기's page. */
export const reasonLabel: Record<ReportReason, string> = {
  spam: messages.reportReasonSpam,
  abuse: messages.reportReasonAbuse,
  danger: messages.reportReasonDanger,
  sexual: messages.reportReasonSexual,
  privacy: messages.reportReasonPrivacy,
  other: messages.reportReasonOther
}
