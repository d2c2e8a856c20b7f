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
  {
    // The composition root imports the feature modules, never the other way round: a feature
    // takes its CoreServices type from main/app/core.ts, so no import circle runs back through
    // services.ts → modules.ts → <feature>/module.ts.
    files: ['main/**/*.ts'],
    ignores: ['main/app/**', 'main/index.ts'],
    rules: {
      'no-restricted-imports': restrict(
        [
          {
            group: ['**/app/services', '**/app/modules'],
            message:
              'Feature code imports CoreServices from main/app/core.ts, never the composition root.',
          },
        ],
        [rawIpc],
      ),
    },
  },
  {
    // The typed wrappers are the only places raw IPC may appear.
    files: ['main/ipc/**/*.ts', 'preload/**/*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
)
