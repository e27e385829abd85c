import { build } from 'esbuild'
import { join } from 'node:path'

/**
 * The browser harness built into one ES module (plus lazily loaded chunks) at out/harness/, with
 * the image worker beside it where node-image-worker.ts looks. Node then starts it without tsx
 * compiling and resolving several hundred source files at every start: the end-to-end suite starts
 * one harness per test (docs/BENCHMARKS.md, "CI time"). out/harness/ is two folders below the
 * project as src/harness/ is, so the harness finds out/renderer and package.json the same way.
 * Built afresh by each Playwright run (tests/e2e/global-setup.ts): never a stale copy.
 */
export async function bundleHarness(root: string): Promise<string> {
  const outdir = join(root, 'out/harness')
  await build({
    absWorkingDir: root,
    entryPoints: { harness: 'src/harness/cli.ts', 'image-worker': 'src/main/media/image-worker/entry.ts' },
    outdir,
    bundle: true,
    // Dynamic imports stay lazy (the Firebase SDK is loaded only when a community opens).
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    tsconfig: 'tsconfig.node.json',
    sourcemap: 'inline',
    logLevel: 'warning'
  })
  return join(outdir, 'harness.js')
}
