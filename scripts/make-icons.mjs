// Renders resources/icon.svg to the PNGs the app and electron-builder use (run after changing the SVG).
import sharp from 'sharp'

const svg = 'resources/icon.svg'
await sharp(svg, { density: 300 }).resize(512, 512).png().toFile('resources/icon.png')
await sharp(svg, { density: 300 }).resize(64, 64).png().toFile('resources/tray.png')

// macOS menu bar: the magpie alone as a black template image, 16 pt with its @2x twin
// (Electron loads trayTemplate@2x.png beside trayTemplate.png; the menu bar tints both).
const template = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="3 5 42 42">
  <mask id="eye"><rect x="0" y="0" width="48" height="48" fill="#fff"/><circle cx="35" cy="15" r="1.6" fill="#000"/></mask>
  <path mask="url(#eye)" fill="#000" d="M6 30c6-1 11-5 14-11 2-5 6-9 12-9 5 0 9 3 10 7l-5 2c-1 8-7 14-15 15l-9 9v-7c-3 0-6-2-7-6Z"/>
</svg>`
for (const [size, file] of [
  [16, 'resources/trayTemplate.png'],
  [32, 'resources/trayTemplate@2x.png']
]) {
  await sharp(Buffer.from(template), { density: 72 * (size / 16) * 4 })
    .resize(size, size, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toFile(file)
}
console.log('resources/icon.png, resources/tray.png, resources/trayTemplate.png, resources/trayTemplate@2x.png')
