import { describe, expect, it } from 'vitest'
import { clampView, fitSize, fitted, maxZoom, panBy, zoomAround } from './zoom'

const stage = { w: 1600, h: 900 }
const panorama = { w: 4096, h: 546 }

describe('the viewer’s geometry', () => {
  it('fits a panorama to the stage’s width, its ratio kept', () => {
    const fit = fitSize(panorama, stage)
    expect(fit.w).toBe(1600)
    expect(fit.w / fit.h).toBeCloseTo(4096 / 546, 6)
  })

  it('never draws a small photo past twice its pixels, fitted or zoomed', () => {
    expect(fitSize({ w: 150, h: 100 }, stage)).toEqual({ w: 300, h: 200 })
    expect(maxZoom({ w: 150, h: 100 }, stage)).toBe(1)
  })

  it('zooms a large photo up to two CSS pixels for each of its own', () => {
    expect(maxZoom(panorama, stage)).toBeCloseTo((4096 * 2) / 1600, 6)
    expect(zoomAround(fitted, 100, { x: 0, y: 0 }, panorama, stage).zoom).toBeCloseTo((4096 * 2) / 1600, 6)
  })

  it('keeps the point under the pointer where it is when zooming', () => {
    const at = { x: 400, y: 0 }
    const view = zoomAround(fitted, 2, at, panorama, stage)
    // The photo point under x = 400 was 400 from the centre at zoom 1: 800 at zoom 2, moved back by the pan.
    expect(view.pan.x + 400 * 2).toBe(400)
  })

  it('never lets the photo leave the stage: panned to its edge at most, centred where it is smaller', () => {
    const zoomed = zoomAround(fitted, 3, { x: 0, y: 0 }, panorama, stage)
    const far = panBy(zoomed, 100_000, 100_000, panorama, stage)
    expect(far.pan.x).toBe((1600 * 3 - 1600) / 2)
    // 3× a 213 px band is 640 px: still shorter than the stage, so it stays centred.
    expect(far.pan.y).toBe(0)
    expect(clampView({ zoom: 1, pan: { x: 50, y: 50 } }, panorama, stage).pan).toEqual({ x: 0, y: 0 })
  })
})
