// Layering is enforced here, the way VS Code does it: each process folder may import only
// what its process can run. `common/` depends on nothing of ours; the renderer never reaches
// Node, Electron or main; raw ipcMain/ipcRenderer live only inside the typed IPC wrappers.
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'

// Bare builtin names go in `paths` (exact module names): as gitignore-style patterns,
// 'events' would also match our own './events'.
const nodeBuiltinNames = [
  'fs',
  'path',
  'os',
  'crypto',
  'child_process',
  'net',
  'http',
  'https',
  'stream',
  'url',
  'util',
  'events',
  'worker_threads',
].map((name) => ({ name, message: 'This layer may not import Node built-ins.' }))
const nodeBuiltins = ['node:*']

const rawIpc = {
  name: 'electron',
  importNames: ['ipcMain', 'ipcRenderer'],
  message: 'Use the typed IPC wrappers (main/ipc/, preload/) instead of raw ipcMain/ipcRenderer.',
}

const restrict = (patterns, paths = []) => [
  'error',
  {
    paths,
    patterns: patterns.map((p) =>
      typeof p === 'string' ? { group: [p], message: `This layer may not import ${p}.` } : p,
    ),
  },
]

// The floor plan of main/ (docs/architecture.md): each folder, or top-level file, stands on a
// floor and may import only what stands on a lower one (and its own folder). The kernel is the
// ground; the composition root (compose/) is built on every feature, and nothing but the entry
// files above it imports it. The one door back up is `compose/core.ts`: the type of what a
// feature module receives, and the contract it plugs in with. `npx tsx scripts/floors.ts`
// draws the same plan from the imports and fails on a circle anywhere in the tree.
export const mainFloors = [
  ['kernel'],
  ['gateway', 'windows', 'menu.ts'],
  ['ipc', 'keychain', 'security'],
  ['integrity'],
  ['collections', 'exactly-once', 'settings', 'updates'],
  ['diagnostics', 'environment', 'payments', 'payouts', 'users'],
  ['mandates', 'refunds', 'reports', 'session', 'shifts'],
  ['reconcile'],
  ['shop', 'adapters', 'window.ts'],
  ['compose'],
  ['desktop.ts'],
  ['index.ts'],
]
/** Files a lower floor may import from a higher one, each named with why in the docs. */
export const floorEntryPoints = ['compose/core.ts']

const roomPatterns = (room) => {
  const name = room.replace(/\.ts$/, '')
  if (room.endsWith('.ts')) return [`../${name}`, `../../${name}`]
  // A door is re-included after its folder: the folder itself must then not be named bare,
  // or the pattern would shut every file under it (gitignore's parent-directory rule).
  const doors = floorEntryPoints
    .filter((file) => file.startsWith(`${name}/`))
    .map((file) => file.replace(/\.ts$/, ''))
  const folder = doors.length
    ? [`../${name}/*`, `../../${name}/*`]
    : [`../${name}`, `../${name}/*`, `../../${name}`, `../../${name}/*`]
  return [...folder, ...doors.flatMap((door) => [`!../${door}`, `!../../${door}`])]
}

const mainFloorRules = mainFloors.flatMap((floor, level) =>
  floor.map((room) => {
    const above = mainFloors
      .slice(level)
      .flat()
      .filter((other) => other !== room)
    // Raw ipcMain may appear only inside the typed IPC wrappers (main/ipc/).
    const paths = room === 'ipc' ? [] : [rawIpc]
    const patterns = above.length
      ? [
          {
            group: above.flatMap(roomPatterns),
            message:
              level === 0
                ? 'main/kernel is the ground floor of main/ (docs/architecture.md): it imports only itself and common/.'
                : `main/${room} stands on floor ${level} of main/ (docs/architecture.md): it may import only lower floors, common/ and the door compose/core.ts.`,
          },
        ]
      : []
    return {
      files: room.endsWith('.ts') ? [`main/${room}`] : [`main/${room}/**/*.ts`],
      rules: { 'no-restricted-imports': restrict(patterns, paths) },
    }
  }),
)

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      'out/**',
      'dist/**',
      'release/**',
      'test-results/**',
      'playwright-report/**',
      'coverage/**',
      '.tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-imports': restrict([], [rawIpc]),
      // Money is integer minor units; parseFloat has no business near it.
      'no-restricted-globals': ['error', { name: 'parseFloat', message: 'Use common/money.ts.' }],
    },
  },
  {
    files: ['common/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict(
        [
          '../main/*',
          '../../main/*',
          '../renderer/*',
          '../../renderer/*',
          '../preload/*',
          '../sandbox/*',
          '../../sandbox/*',
          '../preview/*',
          'electron',
          ...nodeBuiltins,
        ],
        nodeBuiltinNames,
      ),
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': restrict(
        [
          '**/main/**',
          '**/sandbox/**',
          '**/preview/**',
          '**/preload/**',
          'electron',
          'electron/*',
          'keytar',
          'electron-store',
          'conf',
          ...nodeBuiltins,
        ],
        nodeBuiltinNames,
      ),
    },
  },
  {
    // The webhook relay runs beside the shop's database, never inside the app or a window.
    files: ['relay/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([
        '**/renderer/**',
        '**/preload/**',
        '**/preview/**',
        'electron',
        'electron/*',
        'keytar',
      ]),
    },
  },
  {
    files: ['sandbox/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([
        '**/main/**',
        '**/renderer/**',
        '**/preload/**',
        '**/preview/**',
        'electron',
      ]),
    },
  },
  ...mainFloorRules,
  {
    // preload/ is the renderer's side of the typed IPC wrappers: raw ipcRenderer belongs there.
    files: ['preload/**/*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
)
