/** The viewer's geometry: sizes in CSS pixels, points relative to the stage's centre. */
export interface Size {
  w: number
  h: number
}

export interface Point {
  x: number
  y: number
}

/** Zoom 1 is the photo fitted to the stage; pan moves its centre away from the stage's. */
export interface View {
  zoom: number
  pan: Point
}

export const fitted: View = { zoom: 1, pan: { x: 0, y: 0 } }

/** How far one press of 확대 or + goes, and one step of a wheel's notch. */
export const zoomStep = 1.5
/** The most a photo is ever drawn: two CSS pixels for each of its own (never blown up further). */
export const maxPixelScale = 2

/** The photo fitted to the stage: as large as fits, but never past twice its own pixels (a small photo stays small). */
export function fitSize(photo: Size, stage: Size): Size {
  if (photo.w <= 0 || photo.h <= 0 || stage.w <= 0 || stage.h <= 0) return { w: 0, h: 0 }
  const scale = Math.min(stage.w / photo.w, stage.h / photo.h, maxPixelScale)
  return { w: photo.w * scale, h: photo.h * scale }
}

/** The largest zoom: the photo's own pixels at maxPixelScale; 1 where fitting already reaches it. */
export function maxZoom(photo: Size, stage: Size): number {
  const fit = fitSize(photo, stage)
  return fit.w > 0 ? Math.max(1, (photo.w * maxPixelScale) / fit.w) : 1
}

/** Keeps the photo over the stage: centred on an axis where it is smaller, its edges never inside the stage where larger. */
export function clampView(view: View, photo: Size, stage: Size): View {
  const zoom = Math.min(Math.max(view.zoom, 1), maxZoom(photo, stage))
  const fit = fitSize(photo, stage)
  const limit = (drawn: number, room: number, at: number) => {
    const most = Math.max(0, (drawn - room) / 2)
    return Math.min(Math.max(at, -most), most)
  }
  return { zoom, pan: { x: limit(fit.w * zoom, stage.w, view.pan.x), y: limit(fit.h * zoom, stage.h, view.pan.y) } }
}

/** Zooms to `zoom` keeping the point of the photo under `at` (the pointer, the pinch's centre) where it is. */
export function zoomAround(view: View, zoom: number, at: Point, photo: Size, stage: Size): View {
  const next = Math.min(Math.max(zoom, 1), maxZoom(photo, stage))
  const ratio = next / view.zoom
  return clampView({ zoom: next, pan: { x: at.x - (at.x - view.pan.x) * ratio, y: at.y - (at.y - view.pan.y) * ratio } }, photo, stage)
}

export function panBy(view: View, dx: number, dy: number, photo: Size, stage: Size): View {
  return clampView({ zoom: view.zoom, pan: { x: view.pan.x + dx, y: view.pan.y + dy } }, photo, stage)
}
