// Renders resources/icon.svg to the PNGs the app and electron-builder use (run after changing the SVG).
import sharp from 'sharp'

const svg = 'resources/icon.svg'
await sharp(svg, { density: 300 }).resize(512, 512).png().toFile('resources/icon.png')
await sharp(svg, { density: 300 }).resize(64, 64).png().toFile('resources/tray.png')
console.log('resources/icon.png, resources/tray.png')
