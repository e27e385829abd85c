import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'electron-vite'
import react from '@vitejs/plugin-react'
import type { Plugin } from 'vite'

const root = fileURLToPath(new URL('.', import.meta.url))
/**
 * The dev server's React refresh needs one inline script; only `npm run dev` gets it.
 * Built pages (npm start, installers, the harness) keep `script-src 'self'`.
 */
const devCsp: Plugin = {
  name: 'magpie-dev-csp',
  apply: 'serve',
  transformIndexHtml: (html) => html.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'")
}

const shared = { '@shared': resolve(root, 'src/shared') }

export default defineConfig({
  main: {
    resolve: { alias: shared },
    build: {
      // Native and heavy modules stay outside the bundle and load from node_modules.
      externalizeDeps: true,
      rollupOptions: {
        input: {
          index: resolve(root, 'src/main/index.ts'),
          // The only code that decodes images, run in a process of its own (docs/decisions/018-image-process.md).
          'image-worker': resolve(root, 'src/main/media/image-worker/entry.ts')
        }
      }
    }
  },
  preload: {
    resolve: { alias: shared },
    build: {
      rollupOptions: {
        input: { index: resolve(root, 'src/preload/index.ts') },
        // A sandboxed preload must be one CommonJS file.
        output: { format: 'cjs', entryFileNames: '[name].cjs' }
      }
    }
  },
  renderer: {
    root: resolve(root, 'src/renderer'),
    resolve: { alias: { ...shared, '@': resolve(root, 'src/renderer/src') } },
    plugins: [react(), devCsp],
    build: {
      minify: true,
      rollupOptions: { input: { index: resolve(root, 'src/renderer/index.html') } }
    }
  }
})
