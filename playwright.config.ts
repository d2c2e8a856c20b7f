// End-to-end tests against the browser preview (the same main-process services behind a
// loopback WebSocket) in Chromium, plus an Electron smoke test where the binary exists.
// The shared preview: a free port, a throwaway data dir, a random token, Demo environment.
// Values go into process.env so Playwright's worker processes see the same ones.
import { defineConfig } from '@playwright/test'
import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { keyringAvailable, previewCommand } from './test/e2e/preview-command'

function freePort(): string {
  return execFileSync(process.execPath, [
    '-e',
    "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})",
  ])
    .toString()
    .trim()
}

process.env.TILLDESK_E2E_PORT ??= freePort()
process.env.TILLDESK_PREVIEW_TOKEN ??= randomBytes(32).toString('base64url')
process.env.TILLDESK_E2E_DATA ??= mkdtempSync(join(tmpdir(), 'tilldesk-e2e-'))
// The preview answers on a host name of this run's own (its cookie reaches no other loopback
// service); Chromium resolves *.localhost itself. The token is traded once, in global-setup.ts.
process.env.TILLDESK_PREVIEW_HOST ??= `tilldesk-${randomBytes(6).toString('hex')}.localhost`
process.env.TILLDESK_E2E_STATE ??= join(process.env.TILLDESK_E2E_DATA, 'preview-session.json')
// With D-Bus and GNOME Keyring installed the preview gets a real Secret Service of its own,
// so key storage is tested for real; without them the tests check the "no keychain" path.
const keyring = keyringAvailable()
process.env.TILLDESK_E2E_EXPECT_KEYCHAIN = keyring ? '1' : '0'
const port = process.env.TILLDESK_E2E_PORT

const chromiumPath =
  process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined)

export default defineConfig({
  testDir: 'test/e2e',
  fullyParallel: false,
  workers: 1,
  // One retry on CI only: two shared cores make the odd browser hiccup; Playwright still
  // reports such a test as flaky, and a real failure fails twice.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // The JSON report feeds the one closing line of `npm test` (scripts/test-summary.ts).
  reporter: [['list'], ['json', { outputFile: '.tmp/results/playwright.json' }]],
  globalSetup: './test/e2e/global-setup.ts',
  outputDir: 'test-results',
  use: {
    baseURL: `http://${process.env.TILLDESK_PREVIEW_HOST}:${port}`,
    storageState: process.env.TILLDESK_E2E_STATE,
    viewport: { width: 1366, height: 820 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      ...(chromiumPath ? { executablePath: chromiumPath } : {}),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'preview', testIgnore: /electron\.spec\.ts/ },
    { name: 'electron', testMatch: /electron\.spec\.ts/ },
  ],
  webServer: {
    command: previewCommand({ port, dataDir: process.env.TILLDESK_E2E_DATA, keyring }),
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
})
