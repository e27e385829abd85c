import { useEffect, useEffectEvent, useLayoutEffect, useRef, useState, type MouseEvent as ReactMouseEvent, type PointerEvent as ReactPointerEvent } from 'react'
import { clampView, fitSize, fitted, maxZoom, panBy, zoomAround, zoomStep, type Point, type Size, type View } from './zoom'

/** A horizontal drag this long on a photo that is not zoomed goes to the previous or next one. */
const swipeDistance = 60
/** How much a wheel's notch (deltaY ≈ 100) zooms: about one zoomStep. */
const wheelRate = Math.log(zoomStep) / 100
/** The buttons and keys zoom around the stage's centre: what is in the middle stays there. */
const centre: Point = { x: 0, y: 0 }

/**
 * Zoom and pan of the photo in the viewer's stage: wheel (around the pointer), pinch (two
 * pointers), drag when zoomed, double click, and the keyboard's and buttons' steps. `smooth` says
 * whether the change is a step (animated) or follows a hand (drawn at once).
 */
export function useZoomPan(photoKey: string, photo: Size, onSwipe: (direction: -1 | 1) => void) {
  // State, not a ref: the stage appears after the first render (inside the dialog's portal) and is measured then.
  const [stage, setStage] = useState<HTMLElement | null>(null)
  const [stageSize, setStageSize] = useState<Size>({ w: 0, h: 0 })
  // Kept with the photo it belongs to: another photo starts from the fitted view.
  const [state, setState] = useState<{ key: string; view: View; smooth: boolean }>({ key: photoKey, view: fitted, smooth: false })
  const pointers = useRef(new Map<number, Point>())
  const swipeStart = useRef<number | null>(null)

  useLayoutEffect(() => {
    const element = stage
    if (!element) return
    // jsdom lays nothing out: the window's size stands in there.
    const measure = () => setStageSize({ w: element.clientWidth || window.innerWidth, h: element.clientHeight || window.innerHeight })
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    return () => observer.disconnect()
  }, [stage])

  // Kept in bounds for the stage as it is now (a window made smaller, say).
  const view = clampView(state.key === photoKey ? state.view : fitted, photo, stageSize)
  const change = (next: (view: View, photo: Size, stage: Size) => View, smooth: boolean) => {
    setState((s) => ({ key: photoKey, view: next(clampView(s.key === photoKey ? s.view : fitted, photo, stageSize), photo, stageSize), smooth }))
  }

  /** A point of the event relative to the stage's centre. */
  const fromCentre = (x: number, y: number): Point => {
    const rect = stage!.getBoundingClientRect()
    return { x: x - rect.left - rect.width / 2, y: y - rect.top - rect.height / 2 }
  }

  // The wheel zooms around the pointer: a listener of its own, since React's are passive and cannot keep the page from scrolling.
  const onWheel = useEffectEvent((event: WheelEvent) => {
    event.preventDefault()
    const at = fromCentre(event.clientX, event.clientY)
    const delta = event.deltaMode === 1 ? event.deltaY * 33 : event.deltaY
    change((v, p, s) => zoomAround(v, v.zoom * Math.exp(-delta * wheelRate), at, p, s), false)
  })
  useEffect(() => {
    const element = stage
    if (!element) return
    const listener = (event: WheelEvent) => onWheel(event)
    element.addEventListener('wheel', listener, { passive: false })
    return () => element.removeEventListener('wheel', listener)
  }, [stage])

  const onPointerDown = (event: ReactPointerEvent) => {
    if (event.button !== 0) return
    event.currentTarget.setPointerCapture?.(event.pointerId)
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY })
    swipeStart.current = pointers.current.size === 1 ? event.clientX : null
  }

  const onPointerMove = (event: ReactPointerEvent) => {
    const before = pointers.current.get(event.pointerId)
    if (!before) return
    const now = { x: event.clientX, y: event.clientY }
    if (pointers.current.size === 2) {
      // A pinch: zoom by how far the two fingers moved apart, around their middle, and follow the middle.
      const other = [...pointers.current.entries()].find(([id]) => id !== event.pointerId)![1]
      const apart = Math.hypot(before.x - other.x, before.y - other.y)
      const ratio = apart > 0 ? Math.hypot(now.x - other.x, now.y - other.y) / apart : 1
      const mid = fromCentre((now.x + other.x) / 2, (now.y + other.y) / 2)
      const shift = { x: (now.x - before.x) / 2, y: (now.y - before.y) / 2 }
      change((view, p, s) => panBy(zoomAround(view, view.zoom * ratio, mid, p, s), shift.x, shift.y, p, s), false)
    } else if (pointers.current.size === 1) {
      change((view, p, s) => (view.zoom > 1 ? panBy(view, now.x - before.x, now.y - before.y, p, s) : view), false)
    }
    pointers.current.set(event.pointerId, now)
  }

  const onPointerUp = (event: ReactPointerEvent) => {
    if (!pointers.current.delete(event.pointerId)) return
    const start = swipeStart.current
    swipeStart.current = null
    if (start === null || view.zoom > 1 || pointers.current.size > 0) return
    const distance = event.clientX - start
    if (Math.abs(distance) >= swipeDistance) onSwipe(distance < 0 ? 1 : -1)
  }

  const onDoubleClick = (event: ReactMouseEvent) => {
    const at = fromCentre(event.clientX, event.clientY)
    change((view, p, s) => (view.zoom > 1 ? fitted : zoomAround(view, zoomStep * zoomStep, at, p, s)), true)
  }

  const fit = fitSize(photo, stageSize)
  return {
    stageRef: setStage,
    view,
    smooth: state.smooth,
    drawn: { w: fit.w * view.zoom, h: fit.h * view.zoom },
    zoomed: view.zoom > 1,
    canZoomIn: view.zoom < maxZoom(photo, stageSize) - 1e-6,
    zoomIn: () => change((v, p, s) => zoomAround(v, v.zoom * zoomStep, centre, p, s), true),
    zoomOut: () => change((v, p, s) => zoomAround(v, v.zoom / zoomStep, centre, p, s), true),
    reset: () => change(() => fitted, true),
    pan: (dx: number, dy: number) => change((v, p, s) => panBy(v, dx, dy, p, s), true),
    stageSize,
    handlers: { onPointerDown, onPointerMove, onPointerUp, onPointerCancel: onPointerUp, onDoubleClick }
  }
}
