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
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
})
