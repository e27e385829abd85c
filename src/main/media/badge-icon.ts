import sharp from 'sharp'

/**
 * Digits drawn as strokes on a 4×6 grid, so the badge needs no font: the same number
 * looks the same on every OS, with or without fonts installed.
 */
const digitStrokes: Record<string, string> = {
  '0': 'M0 0H4V6H0Z',
  '1': 'M1 1L2 0V6M1 6H3',
  '2': 'M0 0H4V3H0V6H4',
  '3': 'M0 0H4V6H0M0 3H4',
  '4': 'M0 0V3H4M4 0V6',
  '5': 'M4 0H0V3H4V6H0',
  '6': 'M4 0H0V6H4V3H0',
  '7': 'M0 0H4V6',
  '8': 'M0 0H4V6H0ZM0 3H4',
  '9': 'M4 3H0V0H4V6H0',
  '+': 'M2 1.5V4.5M0.5 3H3.5'
}

/** What the badge says: the count, or 99+ when it would not fit. */
export function badgeLabel(count: number): string {
  if (count <= 0) return ''
  return count > 99 ? '99+' : String(count)
}

export function badgeSvg(baseIcon: string, count: number, size: number): string {
  const label = badgeLabel(count)
  const chars = [...label]
  const digitWidth = 4
  const gap = 1.6
  const textWidth = chars.length * digitWidth + (chars.length - 1) * gap
  const scale = (size * 0.34) / 6
  const badgeHeight = size * 0.56
  const badgeWidth = Math.max(badgeHeight, textWidth * scale + size * 0.24)
  const x = size - badgeWidth
  const glyphs = chars
    .map((ch, i) => `<path transform="translate(${i * (digitWidth + gap)} 0)" d="${digitStrokes[ch]}"/>`)
    .join('')
  const badge = label
    ? `<rect x="${x}" y="0" width="${badgeWidth}" height="${badgeHeight}" rx="${badgeHeight / 2}" fill="#e5484d"/>
       <g transform="translate(${x + (badgeWidth - textWidth * scale) / 2} ${(badgeHeight - 6 * scale) / 2}) scale(${scale})"
          fill="none" stroke="#fff" stroke-width="${1.25}" stroke-linecap="round" stroke-linejoin="round">${glyphs}</g>`
    : ''
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
    <image href="data:image/png;base64,${baseIcon}" width="${size}" height="${size}"/>${badge}</svg>`
}

/** The tray icon with the alert count drawn on it (at 0, the plain icon), as PNG. */
export async function renderBadgeIcon(baseIconPng: Buffer, count: number, size = 32): Promise<Buffer> {
  if (count <= 0) return sharp(baseIconPng).resize(size, size).png().toBuffer()
  const base = await sharp(baseIconPng).resize(size, size).png().toBuffer()
  return sharp(Buffer.from(badgeSvg(base.toString('base64'), count, size))).png().toBuffer()
}
