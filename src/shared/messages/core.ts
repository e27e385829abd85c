/**
 * The catalog's part for the core thread, where the store and every heavy job run
 * (docs/decisions/046-main-never-blocks.md). messages.ts joins it in.
 */
export const coreMessages = {
  /** A call in flight when the core thread crashed; it was restarted. Also the notice the page shows. */
  coreRestarted: '까치 안에서 문제가 생겨서 데이터를 다시 불러왔어요. 방금 한 일이 보이지 않으면 다시 해 주세요',
  /** The core thread crashed again and again within a minute: it is not restarted any more. */
  coreStopped: '까치가 데이터를 처리하지 못하고 있어요. 까치를 종료하고 다시 열어 주세요'
} as const
