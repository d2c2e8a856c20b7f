// The real Electron shell (out/ from `npm run build`), one app for the whole story: launch,
// every window's webPreferences and session, the CSP on app://, navigation and window.open
// denied, the first-run wizard, a Demo connection test through main's own gateway session,
// storing a key through IPC without the secret ever reaching the renderer, the customer display
// on a second window with its narrow bridge, a receipt through printToPDF, and a clean quit.
// Where the Electron binary was not downloaded (ELECTRON_SKIP_BINARY_DOWNLOAD=1) every test
// reports itself skipped, with why; the release pipeline runs them on the real binary.
import {
  _electron as electron,
  expect,
  test,
  type ElectronApplication,
  type Page,
} from '@playwright/test'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { contentSecurityPolicy } from '../../main/security/csp'
import { GATEWAY_PARTITION, UI_PARTITION } from '../../main/security/partitions'
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

/** Why this suite can't run here, or null. */
function unavailable(): string | null {
  const binary = electronBinary()
  if ('reason' in binary) return binary.reason
  if (!existsSync('out/main/index.js')) return 'No build in out/: run `npm run build` first.'
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY)
    return 'No display: run under xvfb-run on Linux.'
  return null
}

const reason = unavailable()
// Printed as well as annotated, so the reason shows in every reporter.
if (reason) console.log(`[electron smoke] skipped: ${reason}`)

const ADMIN = { name: 'Ada Obi', pin: '246813' }
const SECRET = `sk_e2e_${'x7Q'.repeat(12)}`

test.describe('the Electron shell', () => {
  test.describe.configure({ mode: 'serial' })
  test.skip(reason !== null, reason ?? '')

  let app: ElectronApplication
  let window: Page
  let userData: string

  const pos = (page: Page, channel: string, input?: unknown) =>
    page.evaluate(
      ([c, i]) => (globalThis as unknown as PageGlobals).pos.invoke(c as never, i as never),
      [channel, input] as const,
    ) as Promise<{ ok: boolean; value?: unknown; error?: { code: string; message: string } }>
  const value = async <T>(page: Page, channel: string, input?: unknown): Promise<T> => {
    const envelope = await pos(page, channel, input)
    if (!envelope.ok) throw new Error(`${channel}: ${JSON.stringify(envelope.error)}`)
    return envelope.value as T
  }

  test.beforeAll(async () => {
    const binary = electronBinary()
    if ('reason' in binary) return
    userData = mkdtempSync(join(tmpdir(), 'tilldesk-electron-'))
    app = await electron.launch({
      executablePath: binary.path,
      args: ['.', `--user-data-dir=${userData}`],
      env: { ...process.env, NODE_ENV: 'production' },
    })
    window = await app.firstWindow()
  })

  test.afterAll(async () => {
    if (app && app.process().exitCode === null) await app.close()
    if (userData) rmSync(userData, { recursive: true, force: true })
  })

  test('launches on app:// with exactly window.pos and no Node', async () => {
    await expect(window.getByRole('heading', { name: 'Welcome to Tilldesk' })).toBeVisible({
      timeout: 30_000,
    })
    expect(window.url()).toMatch(/^app:\/\/tilldesk\//)
    expect(
      await window.evaluate(() => Object.keys((globalThis as unknown as PageGlobals).pos).sort()),
    ).toEqual(['invoke', 'on'])
    expect(await window.evaluate(() => typeof (globalThis as { require?: unknown }).require)).toBe(
      'undefined',
    )
    expect(await window.evaluate(() => typeof (globalThis as { process?: unknown }).process)).toBe(
      'undefined',
    )
  })

  test('serves app:// with our CSP and security headers', async () => {
    const headers = await window.evaluate(async () => {
      const response = await fetch('app://tilldesk/index.html')
      return {
        csp: response.headers.get('content-security-policy'),
        nosniff: response.headers.get('x-content-type-options'),
        frame: response.headers.get('x-frame-options'),
      }
    })
    expect(headers).toEqual({
      csp: contentSecurityPolicy(),
      nosniff: 'nosniff',
      frame: 'DENY',
    })
    // The page can't reach the network: the UI session's filter cancels it.
    const outside = await window.evaluate(async () => {
      try {
        await fetch('https://example.com/')
        return 'reached'
      } catch {
        return 'blocked'
      }
    })
    expect(outside).toBe('blocked')
  })

  test('denies navigation away and window.open', async () => {
    await window.evaluate(() =>
      (globalThis as unknown as PageGlobals).open('https://example.com/', '_blank'),
    )
    await window.evaluate(() => {
      ;(globalThis as unknown as PageGlobals).location.href = 'https://example.com/'
    })
    // The page is still ours and usable: a round trip through IPC proves it settled.
    await expect(window.getByRole('heading', { name: 'Welcome to Tilldesk' })).toBeVisible()
    expect(await pos(window, 'session.get')).toMatchObject({ ok: true })
    expect(window.url()).toMatch(/^app:\/\/tilldesk\//)
    expect(app.windows()).toHaveLength(1)
  })

  test('first-run wizard creates the admin', async () => {
    await window.getByLabel('Till name').fill('Front counter')
    await window.getByRole('button', { name: 'Continue' }).click()
    await window.getByLabel('Your name').fill(ADMIN.name)
    await window.getByLabel('PIN', { exact: true }).fill(ADMIN.pin)
    await window.getByLabel('PIN again').fill(ADMIN.pin)
    await window.getByRole('button', { name: 'Create admin and start' }).click()
    await expect(window.getByTestId('status-user')).toContainText(ADMIN.name)
    expect(await value(window, 'session.get')).toMatchObject({
      setupRequired: false,
      user: { name: ADMIN.name, role: 'admin' },
    })
  })

  test('the connection test passes in Demo: gateway calls go through main’s own session', async () => {
    const report = await value<{
      environment: string
      ok: boolean
      checks: Array<{ id: string; status: string; detail: string }>
    }>(window, 'environment.testConnection')
    expect(report.environment).toBe('demo')
    expect(report.checks.filter((check) => check.status !== 'pass')).toEqual([])
    expect(report.ok).toBe(true)
    // Main's gateway session is its own, apart from the windows' one, with no request filter
    // cancelling its calls (the connection test above went through it).
    const sessions = await app.evaluate(
      ({ session, BrowserWindow }, names) => {
        const ui = session.fromPartition(names.ui)
        const gateway = session.fromPartition(names.gateway)
        return {
          windowsInUi: BrowserWindow.getAllWindows().every((w) => w.webContents.session === ui),
          apart: gateway !== ui && gateway !== session.defaultSession,
          persistent: gateway.isPersistent(),
        }
      },
      { ui: UI_PARTITION, gateway: GATEWAY_PARTITION },
    )
    expect(sessions).toEqual({ windowsInUi: true, apart: true, persistent: false })
  })

  test('stores a key through IPC; the secret never reaches the renderer', async () => {
    const stored = await pos(window, 'settings.setKey', {
      environment: 'sandbox',
      keyId: 'key_e2e_electron',
      secret: SECRET,
    })
    // Without a Secret Service (a bare CI runner) main refuses and explains; never plaintext.
    if (!stored.ok) expect(stored.error?.code).toMatch(/keychain/)
    const seen = JSON.stringify([
      stored,
      await pos(window, 'settings.get'),
      await pos(window, 'environment.get'),
      await window.content(),
    ])
    expect(seen).not.toContain(SECRET)
    // Nor any file Tilldesk wrote.
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const path = join(dir, name)
        return statSync(path).isDirectory() ? files(path) : [path]
      })
    for (const file of files(userData)) {
      if (statSync(file).size > 5_000_000) continue
      expect(readFileSync(file).includes(SECRET), file).toBe(false)
    }
  })

  test('every window is locked down, and the customer display gets only its own bridge', async () => {
    const opened = app.waitForEvent('window')
    expect(await value(window, 'customerDisplay.open')).toMatchObject({ opened: true })
    const display = await opened
    await expect(display.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible()
    expect(display.url()).toMatch(/^app:\/\/tilldesk\/index\.html#\/customer-display$/)
    expect(
      await display.evaluate(() => Object.keys((globalThis as unknown as PageGlobals).pos).sort()),
    ).toEqual(['invoke', 'on'])
    expect(await pos(display, 'customerDisplay.get')).toMatchObject({ ok: true })
    for (const channel of ['session.get', 'settings.get', 'users.list', 'session.signOut'])
      expect(await pos(display, channel), channel).toMatchObject({ ok: false })
    // Still signed in: the display could not sign the cashier out.
    expect(await value(window, 'session.get')).toMatchObject({ user: { name: ADMIN.name } })

    // getLastWebPreferences is Electron's own record of what each web contents was created
    // with (in the runtime, not in its typings).
    const preferences = await app.evaluate(({ BrowserWindow }) =>
      BrowserWindow.getAllWindows().map((w) => ({
        url: w.webContents.getURL(),
        preferences: (
          w.webContents as unknown as { getLastWebPreferences(): Record<string, unknown> }
        ).getLastWebPreferences(),
      })),
    )
    expect(preferences).toHaveLength(2)
    for (const { url, preferences: p } of preferences) {
      expect(p, url).toMatchObject({
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        nodeIntegrationInWorker: false,
        nodeIntegrationInSubFrames: false,
        webSecurity: true,
        allowRunningInsecureContent: false,
        webviewTag: false,
        devTools: false,
      })
    }
    const preloads = preferences.map(({ url, preferences: p }) => [
      url.includes('#/customer-display') ? 'display' : 'cashier',
      String((p as { preload?: string }).preload ?? '').replace(/^.*[\\/]/, ''),
    ])
    expect(Object.fromEntries(preloads)).toEqual({
      cashier: 'index.cjs',
      display: 'customer-display.cjs',
    })
  })

  test('a paid charge’s receipt renders to PDF', async () => {
    const customer = await value<{ accountReference: string }>(window, 'customer.create', {
      name: 'Electron Customer',
      email: 'electron.customer@example.com',
      bvn: '22212345678',
    })
    const charge = await value<{ id: string }>(window, 'charge.open', {
      accountReference: customer.accountReference,
      amount: '1500.00',
    })
    await value(window, 'charge.watch', { chargeId: charge.id, waiting: true })
    await value(window, 'demo.simulateTransfer', {
      accountReference: customer.accountReference,
      amount: '1500.00',
    })
    await expect
      .poll(
        async () =>
          (
            await value<{ reconciliation: { status: string } }>(window, 'charge.get', {
              chargeId: charge.id,
            })
          ).reconciliation.status,
        { timeout: 30_000 },
      )
      .toBe('paid')
    const pdf = await value<{ filename: string; base64: string }>(window, 'receipt.pdf', {
      chargeId: charge.id,
    })
    expect(pdf.filename).toMatch(/\.pdf$/)
    expect(Buffer.from(pdf.base64, 'base64').subarray(0, 5).toString('latin1')).toBe('%PDF-')
    // The hidden PDF window is gone again.
    expect(app.windows()).toHaveLength(2)
  })

  test('quits cleanly: services stop, the process exits 0', async () => {
    const exited = new Promise<number | null>((resolve) =>
      app.process().once('exit', (code) => resolve(code)),
    )
    await app.evaluate(({ app: electronApp }) => electronApp.quit())
    expect(await exited).toBe(0)
  })
})
