// Smoke test of the real Electron app (out/ from `npm run build`). Where the Electron binary
// was not downloaded (ELECTRON_SKIP_BINARY_DOWNLOAD=1) it reports itself skipped, with why.
import { _electron as electron, expect, test } from '@playwright/test'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import type { PageGlobals } from './support'

const require = createRequire(import.meta.url)

/**
 * The binary `require('electron')` would return, found the same way but without its side
 * effect: on a missing binary electron's index.js starts a download, which must not happen.
 */
function electronBinary(): { path: string } | { reason: string } {
  const packageDir = dirname(require.resolve('electron/package.json'))
  const pathFile = join(packageDir, 'path.txt')
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH
  if (!existsSync(pathFile) && !override) {
    return {
      reason:
        'The Electron binary is not installed here (node_modules/electron/path.txt is missing: dependencies were installed with ELECTRON_SKIP_BINARY_DOWNLOAD=1). Install Electron to run this test.',
    }
  }
  const executable = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : 'electron'
  const path = override ? join(override, executable) : join(packageDir, 'dist', executable)
  return existsSync(path) ? { path } : { reason: `The Electron binary is missing at ${path}.` }
}

test('the app starts locked down and shows the first-run wizard', async () => {
  const binary = electronBinary()
  // Printed as well as annotated, so the reason shows in every reporter.
  if ('reason' in binary) console.log(`[electron smoke] skipped: ${binary.reason}`)
  test.skip('reason' in binary, 'reason' in binary ? binary.reason : '')
  test.skip(!existsSync('out/main/index.js'), 'No build in out/: run `npm run build` first.')
  test.skip(
    process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY,
    'No display: run under xvfb-run on Linux.',
  )
  if ('reason' in binary) return

  const userData = mkdtempSync(join(tmpdir(), 'tilldesk-electron-'))
  const app = await electron.launch({
    executablePath: binary.path,
    args: ['.', `--user-data-dir=${userData}`],
    env: { ...process.env, NODE_ENV: 'production' },
  })
  try {
    const window = await app.firstWindow()
    await expect(window.getByRole('heading', { name: 'Welcome to Tilldesk' })).toBeVisible({
      timeout: 30_000,
    })
    expect(window.url()).toMatch(/^app:\/\/tilldesk\//)

    // The renderer has exactly window.pos, and no Node.
    expect(
      await window.evaluate(() => Object.keys((globalThis as unknown as PageGlobals).pos).sort()),
    ).toEqual(['invoke', 'on'])
    expect(await window.evaluate(() => typeof (globalThis as { require?: unknown }).require)).toBe(
      'undefined',
    )
    expect(await window.evaluate(() => typeof (globalThis as { process?: unknown }).process)).toBe(
      'undefined',
    )

    // Navigation away and new windows are refused.
    await window.evaluate(() =>
      (globalThis as unknown as PageGlobals).open('https://example.com/', '_blank'),
    )
    await window.evaluate(() => {
      ;(globalThis as unknown as PageGlobals).location.href = 'https://example.com/'
    })
    await window.waitForTimeout(500)
    expect(window.url()).toMatch(/^app:\/\/tilldesk\//)
    expect(app.windows()).toHaveLength(1)

    // The IPC contract works end to end through preload.
    const session = await window.evaluate(() =>
      (globalThis as unknown as PageGlobals).pos.invoke('session.get', undefined),
    )
    expect(session).toMatchObject({ ok: true, value: { setupRequired: true, user: null } })
  } finally {
    await app.close()
    rmSync(userData, { recursive: true, force: true })
  }
})
