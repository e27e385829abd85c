/** Dates as docs/specification.md §9 shows them: the ko-KR date plus HH:mm, e.g. "2026. 11. 22. 14:05". */
const dateFormat = new Intl.DateTimeFormat('ko-KR', { year: 'numeric', month: 'numeric', day: 'numeric' })
const timeFormat = new Intl.DateTimeFormat('ko-KR', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })

export function formatDateTime(epochMs: number): string {
  const date = new Date(epochMs)
  return `${dateFormat.format(date)} ${timeFormat.format(date)}`
}
