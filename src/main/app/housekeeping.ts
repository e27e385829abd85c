/** Runs `task` once after `firstMs`, then every `everyMs`, without keeping the process alive; returns the stop. */
export function every(task: () => void, firstMs: number, everyMs: number): () => void {
  const first = setTimeout(task, firstMs)
  const repeat = setInterval(task, everyMs)
  first.unref()
  repeat.unref()
  return () => {
    clearTimeout(first)
    clearInterval(repeat)
  }
}
