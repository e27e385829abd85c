import { act } from 'react'

/**
 * jsdom lays nothing out and has no ResizeObserver. This one reports each element once, as a
 * browser does when it starts observing, with the sizes jsdom gives (zero unless a test mocks
 * them), a microtask later: after React's commit, as a browser reports after layout.
 */
class ResizeObserverStub implements ResizeObserver {
  private live = true

  constructor(private readonly callback: ResizeObserverCallback) {}

  observe(target: Element): void {
    queueMicrotask(() => {
      if (!this.live || !target.isConnected) return
      const rect = target.getBoundingClientRect()
      const size = [{ inlineSize: rect.width, blockSize: rect.height }]
      const entry = { target, contentRect: rect, borderBoxSize: size, contentBoxSize: size, devicePixelContentBoxSize: size }
      act(() => this.callback([entry as unknown as ResizeObserverEntry], this))
    })
  }

  unobserve(): void {}

  disconnect(): void {
    this.live = false
  }
}

if (typeof window !== 'undefined' && !('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', { value: ResizeObserverStub, configurable: true, writable: true })
  Object.defineProperty(globalThis, 'ResizeObserver', { value: ResizeObserverStub, configurable: true, writable: true })
}
