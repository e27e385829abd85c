import type { ChartSeries } from './types'

/**
 * A small line chart as SVG, written by hand (no dependencies): log-scaled x (store size)
 * and y (latency), one line per series with min–max whiskers, and a legend beside it.
 */
export function lineChartSvg(options: { title: string; subtitle?: string; xLabel: string; yLabel: string; series: ChartSeries[] }): string {
  const width = 960
  const height = 560
  const plot = { left: 84, top: 70, width: 500, height: 400 }
  const colours = ['#1f6feb', '#d9480f', '#2b8a3e', '#9c36b5', '#c2255c', '#0b7285', '#e67700', '#495057']
  const points = options.series.flatMap((s) => s.points)
  const xs = points.map((p) => p.x)
  const ys = points.flatMap((p) => [p.y, p.min ?? p.y, p.max ?? p.y]).filter((v) => v > 0)
  const xMin = Math.min(...xs)
  const xMax = Math.max(...xs)
  const yMin = 10 ** Math.floor(Math.log10(Math.min(...ys)))
  const yMax = 10 ** Math.ceil(Math.log10(Math.max(...ys)))
  const lx = (x: number) =>
    plot.left + (xMax === xMin ? plot.width / 2 : ((Math.log10(x) - Math.log10(xMin)) / (Math.log10(xMax) - Math.log10(xMin))) * plot.width)
  const ly = (y: number) => plot.top + plot.height - ((Math.log10(y) - Math.log10(yMin)) / (Math.log10(yMax) - Math.log10(yMin))) * plot.height
  const esc = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
  const fmtY = (v: number) => (v >= 1 ? `${v} ms` : `${v.toFixed(Math.max(0, -Math.floor(Math.log10(v))))} ms`)
  const fmtX = (v: number) => (v >= 1000 && v % 1000 === 0 ? `${v / 1000}k` : String(v))

  const parts: string[] = []
  parts.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="Helvetica, Arial, sans-serif" font-size="13">`,
    `<rect width="100%" height="100%" fill="#ffffff"/>`,
    `<text x="${plot.left}" y="30" font-size="18" font-weight="bold" fill="#212529">${esc(options.title)}</text>`
  )
  if (options.subtitle) parts.push(`<text x="${plot.left}" y="50" fill="#495057">${esc(options.subtitle)}</text>`)

  // Grid: every decade and its 2× and 5× steps on y; each measured size on x.
  for (let decade = yMin; decade <= yMax * 1.0001; decade *= 10) {
    for (const step of [1, 2, 5]) {
      const v = decade * step
      if (v > yMax * 1.0001) break
      const y = ly(v)
      parts.push(`<line x1="${plot.left}" x2="${plot.left + plot.width}" y1="${y}" y2="${y}" stroke="${step === 1 ? '#ced4da' : '#f1f3f5'}"/>`)
      if (step === 1 || yMax / yMin <= 100) {
        parts.push(`<text x="${plot.left - 8}" y="${y + 4}" text-anchor="end" fill="#495057">${fmtY(Number(v.toPrecision(3)))}</text>`)
      }
    }
  }
  for (const x of [...new Set(xs)].sort((a, b) => a - b)) {
    parts.push(
      `<line x1="${lx(x)}" x2="${lx(x)}" y1="${plot.top}" y2="${plot.top + plot.height}" stroke="#e9ecef"/>`,
      `<text x="${lx(x)}" y="${plot.top + plot.height + 20}" text-anchor="middle" fill="#495057">${fmtX(x)}</text>`
    )
  }
  parts.push(
    `<rect x="${plot.left}" y="${plot.top}" width="${plot.width}" height="${plot.height}" fill="none" stroke="#adb5bd"/>`,
    `<text x="${plot.left + plot.width / 2}" y="${plot.top + plot.height + 44}" text-anchor="middle" fill="#212529">${esc(options.xLabel)}</text>`,
    `<text transform="translate(22 ${plot.top + plot.height / 2}) rotate(-90)" text-anchor="middle" fill="#212529">${esc(options.yLabel)}</text>`
  )

  options.series.forEach((series, i) => {
    const colour = colours[i % colours.length]!
    const path = series.points.map((p, k) => `${k === 0 ? 'M' : 'L'}${lx(p.x).toFixed(1)} ${ly(p.y).toFixed(1)}`).join(' ')
    parts.push(`<path d="${path}" fill="none" stroke="${colour}" stroke-width="2.5"/>`)
    for (const p of series.points) {
      if (p.min !== undefined && p.max !== undefined && p.max > p.min) {
        parts.push(`<line x1="${lx(p.x)}" x2="${lx(p.x)}" y1="${ly(p.min)}" y2="${ly(p.max)}" stroke="${colour}" stroke-width="1.5"/>`)
      }
      parts.push(`<circle cx="${lx(p.x)}" cy="${ly(p.y)}" r="4" fill="${colour}"/>`)
    }
    const legendY = plot.top + 10 + i * 44
    const lastPoint = series.points.at(-1)!
    const firstPoint = series.points[0]!
    parts.push(
      `<line x1="${plot.left + plot.width + 30}" x2="${plot.left + plot.width + 54}" y1="${legendY}" y2="${legendY}" stroke="${colour}" stroke-width="3"/>`,
      `<text x="${plot.left + plot.width + 62}" y="${legendY + 4}" fill="#212529">${esc(series.label)}</text>`,
      `<text x="${plot.left + plot.width + 62}" y="${legendY + 22}" fill="#6c757d" font-size="12">${esc(
        `${fmtX(firstPoint.x)} → ${fmtX(lastPoint.x)}: ×${(lastPoint.y / firstPoint.y).toFixed(2)}`
      )}</text>`
    )
  })
  parts.push('</svg>')
  return parts.join('\n')
}
