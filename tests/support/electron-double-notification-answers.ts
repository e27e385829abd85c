/**
 * [notify] Windows: pressing a button of a toast made from `toastXml`. Windows hands the action's
 * `arguments` and the toast's inputs (by their id) to the app — in process while the toast's object
 * lives (windows_toast_notification.cc:864-897), else through the COM activator
 * (windows_toast_activator.cc:395-429) — and HandleToastActivation turns them into the details
 * Notification.handleActivation's callback receives: type "action" with actionIndex, or "reply"
 * with the input "reply" as `reply`, the raw arguments and every input as userInputs
 * (windows_toast_activator.cc:431-505). Give the result to activateToast (electron-double.ts).
 */
import type { ActivationArguments } from './electron-double'

const unescape = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[name]!)

export function pressToastAction(toastXml: string, content: string, inputs: Record<string, string> = {}): ActivationArguments {
  const action = [...toastXml.matchAll(/<action\b([^>]*)\/>/g)]
    .map((match) => Object.fromEntries([...match[1]!.matchAll(/([\w-]+)="([^"]*)"/g)].map((attr) => [attr[1]!, unescape(attr[2]!)])))
    .find((attrs) => attrs.content === content)
  if (!action) throw new Error(`the toast has no action "${content}"`)
  const args = action.arguments ?? ''
  const fields = Object.fromEntries(args.split('&').map((pair) => pair.split('=')).filter((kv) => kv.length === 2))
  const reply = inputs.reply ?? ''
  if (fields.type === 'action') return { type: 'action', arguments: args, actionIndex: Number(fields.action ?? -1), userInputs: inputs }
  if (fields.type === 'reply' || reply) return { type: 'reply', arguments: args, reply, userInputs: inputs }
  return { type: 'click', arguments: args, userInputs: inputs }
}
