import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

// Unit, integration, conformance and contract tests run in plain Node: everything outside the thin
// Electron adapters must work there. Keychain and e2e suites have their own runners.
export default defineConfig({
  test: {
    include: [
      'test/{unit,integration,conformance,contract}/**/*.test.ts',
      // Renderer components, rendered to HTML (react-dom/server) in Node.
      'test/unit/renderer/**/*.test.tsx',
    ],
    environment: 'node',
    // Vitest's default is one worker fewer than the cores: one on a 2-core CI machine, where
    // the files then run one after another, and a file waiting (on a gateway's timers,
    // PostgreSQL, the disk) leaves a core idle. Two there; bigger machines keep the default.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
})
