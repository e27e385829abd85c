/* global module */
/**
 * Main's layers, low to high (docs/decisions/010-main-layout.md). A folder may import its own
 * layer and any lower one, never a higher one, and no two folders import each other.
 *
 *   errors.ts, desktop-port.ts   leaves: only src/shared
 *   store/   firebase/           tables (and the community mirror's); Firebase ports and SDK adapter
 *   config/  media/              settings files; image files, and the image worker's client (media/image-worker/ runs in its own process)
 *   core/                        rules and live machinery both backends share
 *   backends/local/              the local store as the backend
 *   backends/community/          a Firebase project through its mirror (wraps local's rules)
 *   ipc/                         contract → handlers → Services
 *   app/                         composition root
 *   desktop/, index.ts           Electron glue
 */
const main = 'src/main/'
const test = '\\.test\\.tsx?$'

/** `from` may not import any of `to` (both folder names under src/main). */
const below = (name, from, to, comment) => ({
  name,
  comment,
  severity: 'error',
  from: { path: `^${main}(${from})`, pathNot: test },
  to: { path: `^${main}(${to.join('|')})` }
})

module.exports = {
  forbidden: [
    below('leaves-import-nothing', 'errors\\.ts|desktop-port\\.ts', ['store/', 'firebase/', 'config/', 'media/', 'core/', 'backends/', 'ipc/', 'app/', 'desktop/', 'index\\.ts'], 'errors.ts and desktop-port.ts are what every layer may import; they import only src/shared.'),
    below('store-is-lowest', 'store/', ['firebase/', 'config/', 'media/', 'core/', 'backends/', 'ipc/', 'app/', 'desktop/', 'index\\.ts'], 'The store knows tables, not who uses them.'),
    below('firebase-is-a-port', 'firebase/', ['store/', 'config/', 'media/', 'core/', 'backends/', 'ipc/', 'app/', 'desktop/', 'index\\.ts'], 'Firebase ports and the SDK adapter know Firebase, not Magpie.'),
    below('config-below-core', 'config/', ['store/', 'media/', 'core/', 'backends/', 'ipc/', 'app/', 'desktop/', 'index\\.ts']),
    below('media-below-core', 'media/', ['firebase/', 'config/', 'core/', 'backends/', 'ipc/', 'app/', 'desktop/', 'index\\.ts']),
    below('core-is-backend-agnostic', 'core/', ['firebase/', 'backends/', 'ipc/', 'app/', 'desktop/', 'index\\.ts'], 'Shared rules and live machinery never know which backend runs.'),
    below('local-backend-below-community', 'backends/local/', ['firebase/', 'backends/community/', 'ipc/', 'app/', 'desktop/', 'index\\.ts']),
    below('community-backend-below-ipc', 'backends/community/', ['ipc/', 'app/', 'desktop/', 'index\\.ts']),
    below('ipc-calls-core-only', 'ipc/', ['store/', 'firebase/', 'media/', 'backends/', 'app/', 'desktop/', 'index\\.ts'], 'Handlers reach the backends only through core/services.ts.'),
    below('app-below-glue', 'app/', ['desktop/', 'index\\.ts'], 'The composition root runs without Electron (the harness starts it too).'),
    {
      name: 'no-folder-cycles',
      comment: 'Folders of main never import each other in a circle.',
      severity: 'error',
      scope: 'folder',
      from: { path: `^${main}` },
      to: { circular: true }
    },
    {
      name: 'no-module-cycles',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true }
    },
    {
      name: 'database-stays-in-the-store',
      comment: 'The database handle (and its key) and its options are the store\'s: other code calls store/index.ts\'s typed tables.',
      severity: 'error',
      from: { path: `^${main}`, pathNot: [`^${main}store/`, test] },
      to: { path: `^${main}store/(database|handle)\\.ts$` }
    },
    {
      name: 'images-decode-in-the-worker',
      comment: 'sharp and heic-decode load only in the image worker\'s process (docs/decisions/018-image-process.md): never in main, where a hostile photo or a libvips/GLib clash would take the app down.',
      severity: 'error',
      from: { path: '^src/main/', pathNot: [`^${main}media/image-worker/`, test] },
      to: { path: '(^|/)node_modules/(sharp|heic-decode)/' }
    },
    {
      name: 'main-never-loads-the-worker',
      comment: 'The worker\'s modules pull sharp in: main reaches them only by starting the worker (media/image-pipeline.ts).',
      severity: 'error',
      from: { path: '^src/main/', pathNot: [`^${main}media/image-worker/`, test] },
      to: { path: `^${main}media/image-worker/` }
    },
    {
      name: 'product-never-imports-test-support',
      comment: 'tests/ holds doubles, fakes, fixtures and seeders: only tests import them.',
      severity: 'error',
      from: { path: '^src/', pathNot: test },
      to: { path: '^tests/' }
    },
    {
      name: 'product-never-imports-tests',
      severity: 'error',
      from: { path: '^src/', pathNot: test },
      to: { path: test }
    },
    {
      name: 'renderer-never-imports-main',
      comment: 'The renderer reaches main only through window.magpie (preload).',
      severity: 'error',
      from: { path: '^src/(renderer|preload)/' },
      to: { path: '^src/(main|harness)/' }
    },
    {
      name: 'shared-imports-nothing-of-ours',
      comment: 'src/shared is what main, preload and renderer agree on.',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { path: '^src/(main|preload|renderer|harness)/' }
    }
  ],
  options: {
    // Tests may import anything; what they import is not followed, so cycles are product cycles.
    doNotFollow: { path: ['node_modules', '^tests/'] },
    // node_modules stays in the graph (not followed) so rules can name packages (images-decode-in-the-worker).
    exclude: { path: ['^(out|dist)/', test] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.web.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'], extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] }
  }
}
