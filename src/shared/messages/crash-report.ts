/**
 * The catalog's part for 도움말 → 문제 보고's failures, each saying what the person can do
 * (docs/decisions/040-crash-reports.md). messages.ts joins it in.
 */
export const crashReportMessages = {
  /** The disk (or the person's quota) is full. */
  reportProblemNoSpace: '저장 공간이 부족해서 문제 보고 파일을 만들지 못했어요. 공간을 비우거나 다른 곳을 골라 주세요',
  /** The folder cannot be written to (no permission, read-only, gone meanwhile). */
  reportProblemCannotWrite: '고른 곳에 저장할 수 없어서 문제 보고 파일을 만들지 못했어요. 다른 폴더를 골라 주세요'
} as const
