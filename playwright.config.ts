// End-to-end tests against the browser preview (the same main-process services behind a
// loopback WebSocket) in Chromium, plus an Electron smoke test where the binary exists.
// Two previews, one per core: each a free port, a throwaway data dir, a host name of its own,
// Demo environment. A preview is one till (one signed-in person, one appearance, one Demo
// gateway), so the suites that share it run one at a time on it: each preview has its own
// project with one worker, and every spec file belongs to exactly one of them. Values go into
// process.env so Playwright's worker processes see the same ones.
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

// One token for both previews: each trades it once, in global-setup.ts, for its own session.
process.env.TILLDESK_PREVIEW_TOKEN ??= randomBytes(32).toString('base64url')
// With D-Bus and GNOME Keyring installed each preview gets a real Secret Service of its own,
// so key storage is tested for real; without them the tests check the "no keychain" path.
const keyring = keyringAvailable()
process.env.TILLDESK_E2E_EXPECT_KEYCHAIN = keyring ? '1' : '0'

/**
 * The spec files of the second preview, chosen so both previews take about as long (the
 * slowest suites split between them); every other spec runs on the first. Each suite brings
 * its till to the state it needs (support.ts `signIn`), whatever ran before it there.
 */
const SECOND = [
  'appearance',
  'collections',
  'day-charts',
  'day-nothing-received',
  'french-approvals',
  'french-gateway',
  'french-payouts',
  'french-reports',
  'french-settings',
  'french-shop',
  'french-walk',
  'lock-setting',
  'lock',
  'mandates',
  'words',
]
const onSecond = new RegExp(`/(${SECOND.join('|')})\\.spec\\.ts$`)

const chromiumPath =
  process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined)

/** One preview's address, data dir and storage state; kept in process.env for the workers. */
function preview(name: 'A' | 'B') {
  const env = (key: string, make: () => string) => (process.env[`${key}_${name}`] ??= make())
  const port = env('TILLDESK_E2E_PORT', freePort)
  const dataDir = env('TILLDESK_E2E_DATA', () => mkdtempSync(join(tmpdir(), 'tilldesk-e2e-')))
  // The preview answers on a host name of this run's own (its cookie reaches no other loopback
  // service); Chromium resolves *.localhost itself. The token is traded once, in global-setup.ts.
  const host = env(
    'TILLDESK_PREVIEW_HOST',
    () => `tilldesk-${randomBytes(6).toString('hex')}.localhost`,
  )
  const state = env('TILLDESK_E2E_STATE', () => join(dataDir, 'preview-session.json'))
  return {
    use: { baseURL: `http://${host}:${port}`, storageState: state },
    webServer: {
      command: previewCommand({ port, dataDir, keyring }),
      env: { TILLDESK_PREVIEW_HOST: host },
      url: `http://127.0.0.1:${port}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe' as const,
      stderr: 'pipe' as const,
    },
  }
}
const first = preview('A')
const second = preview('B')

export default defineConfig({
  testDir: 'test/e2e',
  fullyParallel: false,
  // One worker per preview (each project says workers: 1).
  workers: 2,
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
    {
      name: 'preview',
      testIgnore: [/electron\.spec\.ts/, onSecond],
      workers: 1,
      use: first.use,
    },
    { name: 'preview-b', testMatch: onSecond, workers: 1, use: second.use },
    // The Electron smoke test starts its own app: it uses neither preview.
    { name: 'electron', testMatch: /electron\.spec\.ts/, workers: 1 },
  ],
  webServer: [first.webServer, second.webServer],
})
