/**
 * Scripts the benchmarks put into the page before any of its own run (Playwright's
 * addInitScript). They only observe: nothing in the renderer is changed for them.
 * Written as plain JavaScript strings because they run in the browser, not here.
 */

/**
 * First feed card painted: a MutationObserver sees the first [data-testid=post-card] enter
 * the DOM; the frame that draws it starts at the next requestAnimationFrame, and a message
 * posted from there is handled once that frame is painted. Also records paint entries,
 * LCP, and the IPC calls and replies on the harness's WebSocket (frames start {"id":N,…}).
 */
export const firstCardProbe = `(() => {
  const probe = (window.__probe = { ipc: [], paints: [], lcp: null, firstCard: null })
  const observer = new MutationObserver(() => {
    if (!document.querySelector('[data-testid="post-card"]')) return
    observer.disconnect()
    const inDom = performance.now()
    requestAnimationFrame(() => {
      const frame = performance.now()
      const channel = new MessageChannel()
      channel.port1.onmessage = () => { probe.firstCard = { inDom, frame, painted: performance.now() } }
      channel.port2.postMessage(null)
    })
  })
  observer.observe(document, { childList: true, subtree: true })
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) probe.paints.push({ name: e.name, t: e.startTime })
  }).observe({ type: 'paint', buffered: true })
  new PerformanceObserver((list) => {
    const last = list.getEntries().at(-1)
    if (last) probe.lcp = last.startTime
  }).observe({ type: 'largest-contentful-paint', buffered: true })
  const Native = window.WebSocket
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args)
      probe.ipc.push({ kind: 'connect', t: performance.now() })
      this.addEventListener('open', () => probe.ipc.push({ kind: 'open', t: performance.now() }))
      this.addEventListener('message', (m) => {
        const id = /^\\{"id":(\\d+)/.exec(String(m.data).slice(0, 24))
        if (id) probe.ipc.push({ kind: 'reply', id: Number(id[1]), t: performance.now() })
      })
    }
    send(data) {
      const head = /^\\{"id":(\\d+),"channel":"([^"]+)"/.exec(String(data).slice(0, 80))
      if (head) probe.ipc.push({ kind: 'call', id: Number(head[1]), channel: head[2], t: performance.now() })
      super.send(data)
    }
  }
})()`

/**
 * Interaction latency, two ways: the Event Timing API as web-vitals reads it
 * (PerformanceObserver 'event', durationThreshold 16: entries with an interactionId, duration
 * rounded to 8 ms, nothing under 16 ms), and directly: from the pointerdown's timestamp to
 * the end of the frame painted after the click was handled.
 */
export const interactionProbe = `(() => {
  const probe = (window.__interactions = { entries: [], clicks: [] })
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.interactionId) probe.entries.push({ id: e.interactionId, name: e.name, duration: e.duration })
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true })
  let down = null
  addEventListener('pointerdown', (e) => { down = e.timeStamp }, { capture: true })
  addEventListener('click', () => {
    const start = down
    requestAnimationFrame(() => {
      const channel = new MessageChannel()
      channel.port1.onmessage = () => { if (start !== null) probe.clicks.push(performance.now() - start) }
      channel.port2.postMessage(null)
    })
  }, { capture: true })
})()`

export interface FirstCardProbe {
  ipc: { kind: 'connect' | 'open' | 'call' | 'reply'; id?: number; channel?: string; t: number }[]
  paints: { name: string; t: number }[]
  lcp: number | null
  firstCard: { inDom: number; frame: number; painted: number } | null
}

export interface InteractionProbe {
  entries: { id: number; name: string; duration: number }[]
  clicks: number[]
}

/** INP as web-vitals computes it for fewer than 50 interactions: the longest one (its longest entry). */
export function inpOf(entries: InteractionProbe['entries']): number | null {
  const byInteraction = new Map<number, number>()
  for (const e of entries) byInteraction.set(e.id, Math.max(byInteraction.get(e.id) ?? 0, e.duration))
  return byInteraction.size > 0 ? Math.max(...byInteraction.values()) : null
}
