import { defineConfig } from 'vitest/config'

// The real OS keychain (Secret Service on Linux). Run inside a D-Bus session with an unlocked
// GNOME Keyring, e.g.:
//   dbus-run-session -- sh -c 'echo -n pw | gnome-keyring-daemon --unlock --components=secrets; npm run test:keychain'
// Without a reachable Secret Service every test reports itself skipped with the reason.
export default defineConfig({
  test: {
    include: ['test/keychain/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    reporters: ['verbose', 'json'],
    outputFile: { json: '.tmp/results/vitest-keychain.json' },
    // One keyring, one writer.
    fileParallelism: false,
  },
})
