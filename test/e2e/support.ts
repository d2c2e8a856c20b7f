// Shared steps for end-to-end tests against the preview. Feature suites use `signIn` to get a
// signed-in till whatever ran before them: it runs the first-run wizard when needed and
// creates the named profile through Settings → Users.
import AxeBuilder from '@axe-core/playwright'
import { expect, type Browser, type Page } from '@playwright/test'
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Pos } from '../../common/ipc'
import { previewCommand } from './preview-command'

/**
 * The page's globals as e2e callbacks see them. Callbacks passed to page.evaluate run in the
 * browser, but this tsconfig has no DOM types: cast `globalThis` to this inside them.
 */
export interface PageGlobals {
  pos: Pos
  location: { hash: string; href: string }
  open(url: string, target?: string): unknown
}

export const ADMIN = { name: 'Ada Obi', pin: '123456' }

let bvnSeq = 0
/**
 * An 11-digit BVN no other customer of this run has. The suites share one preview, and the
 * till recognises a known BVN (it hands back that customer's account), so a BVN reused across
 * suites would turn a new customer into an old one.
 */
export function uniqueBvn(): string {
  bvnSeq += 1
  return `2${String((Date.now() * 100 + bvnSeq) % 1e10).padStart(10, '0')}`
}
export const previewUrl = (): string => `/?token=${process.env.TILLDESK_PREVIEW_TOKEN}`
export const keychainExpected = (): boolean => process.env.TILLDESK_E2E_EXPECT_KEYCHAIN === '1'

/** Opens the app through the token URL (sets the preview cookie) and waits for it to boot. */
export async function openApp(page: Page, hash = ''): Promise<void> {
  await page.goto(previewUrl())
  if (hash)
    await page.evaluate(
      (route) => ((globalThis as unknown as PageGlobals).location.hash = route),
      hash,
    )
  await expect(page.locator('.boot')).toHaveCount(0)
}

/**
 * Opens the customer display in `page`'s context, on the welcome screen: suites before may have
 * left a paid charge on it, and a new sale starts from the welcome, as Collect does.
 */
export async function openCustomerDisplay(page: Page): Promise<Page> {
  const display = await page.context().newPage()
  await page.evaluate(() =>
    (globalThis as unknown as PageGlobals).pos.invoke('customerDisplay.show', { chargeId: null }),
  )
  // Straight to the route: setting the hash after boot would race the shell's default route.
  await display.goto('/#/customer-display')
  await expect(display.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible()
  return display
}

/** Never leaves the shared demo gateway down for the suites after this one. */
export async function endOutage(page: Page): Promise<void> {
  await page
    .evaluate(() =>
      (globalThis as unknown as PageGlobals).pos.invoke('demo.simulateOutage', { active: false }),
    )
    .catch(() => undefined)
}

/** Serious and critical axe violations on the current page (empty when accessible). */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze()
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((n) => n.target.join(' ')).join(', ')})`,
    )
}

export async function completeFirstRun(page: Page, tillName = 'Front counter'): Promise<void> {
  await page.getByLabel('Till name').fill(tillName)
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.getByLabel('Your name').fill(ADMIN.name)
  await page.getByLabel('PIN', { exact: true }).fill(ADMIN.pin)
  await page.getByLabel('PIN again').fill(ADMIN.pin)
  await page.getByRole('button', { name: 'Create admin and start' }).click()
  await expect(page.getByTestId('status-user')).toContainText(ADMIN.name)
}

export async function signOut(page: Page): Promise<void> {
  // A locked till is switched from its lock screen, as the next person at the till would: the
  // top bar's own button sits behind it, inert.
  const lock = page.getByTestId('lock-screen')
  const from = (await lock.isVisible()) ? lock : page.locator('.app-frame')
  await from.getByRole('button', { name: /Switch user/ }).click()
  await expect(
    page
      .getByRole('heading', { name: 'Who’s at the till?' })
      .or(page.getByRole('button', { name: 'Sign in' })),
  ).toBeVisible()
}

/** From the profile picker (or a single-profile PIN screen), signs `name` in with `pin`. */
export async function pickAndSignIn(page: Page, name: string, pin: string): Promise<void> {
  const tile = page.getByRole('button', { name: new RegExp(`^${name}`) })
  if (await tile.isVisible()) await tile.click()
  await page.getByLabel(`PIN for ${name}`).fill(pin)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page.getByTestId('status-user')).toContainText(name)
}

/**
 * Leaves the page signed in as `name` with `role`, creating the admin (first run) and the
 * profile (as admin) when they don't exist yet.
 */
export async function signIn(
  page: Page,
  profile: { name: string; pin: string; role: 'cashier' | 'supervisor' | 'admin' } = {
    ...ADMIN,
    role: 'admin',
  },
): Promise<void> {
  await openApp(page)
  if (await page.getByRole('heading', { name: 'Welcome to Tilldesk' }).isVisible())
    await completeFirstRun(page)
  // Someone is signed in (the status bar names them; up to 1280 px wide it leaves the name to
  // the top bar, so the element is there but not shown).
  if ((await page.getByTestId('status-user').count()) > 0) {
    const lock = page.getByTestId('lock-screen')
    const current = await page.getByTestId('status-user').textContent()
    if (current?.includes(profile.name)) {
      // Left locked by a suite before: the person it was locked for unlocks it with their PIN.
      if (await lock.isVisible()) {
        await lock.getByLabel(`PIN for ${profile.name}`).fill(profile.pin)
        await lock.getByRole('button', { name: 'Unlock' }).click()
        await expect(lock).toHaveCount(0)
      }
      return
    }
    await signOut(page)
  }
  const exists = await page.evaluate(async (name) => {
    const envelope = await (globalThis as unknown as PageGlobals).pos.invoke(
      'users.list',
      undefined,
    )
    return envelope.ok ? envelope.value.some((user) => user.name === name) : false
  }, profile.name)
  if (!exists) {
    await pickAndSignIn(page, ADMIN.name, ADMIN.pin)
    await page.evaluate(async (p) => {
      const envelope = await (globalThis as unknown as PageGlobals).pos.invoke('users.create', p)
      if (!envelope.ok) throw new Error(envelope.error.message)
    }, profile)
    await signOut(page)
  }
  await pickAndSignIn(page, profile.name, profile.pin)
}

export interface OwnPreview {
  /** The token URL to open. */
  url: string
  origin: string
  /** Its data folder, for a story that edits a file as a cashier with the files could. */
  dataDir: string
  close(): Promise<void>
}

/**
 * A preview of the suite's own, on a fresh data dir: for stories that must start from a
 * brand-new till (the first-run wizard), whatever other suites did to the shared one.
 */
export async function startOwnPreview(): Promise<OwnPreview> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tilldesk-e2e-own-'))
  const command = previewCommand({ port: 0, dataDir, keyring: keychainExpected() })
  const child = spawn('sh', ['-c', command], {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, TILLDESK_PREVIEW_TOKEN: randomBytes(32).toString('base64url') },
  })
  let output = ''
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`preview did not start:\n${output}`)), 60_000)
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      const match = /Open:\s+(\S+)/.exec(output)
      if (match?.[1]) {
        clearTimeout(timer)
        resolve(match[1])
      }
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`preview exited with ${code}:\n${output}`))
    })
  })
  return {
    url,
    origin: new URL(url).origin,
    dataDir,
    close: async () => {
      // The whole group we started (sh, dbus-run-session, the keyring daemon, the preview).
      if (child.pid !== undefined && child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve))
        process.kill(-child.pid, 'SIGTERM')
        await exited
      }
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** `story` on a page of a preview of its own at 1024x768; the preview goes when it ends. */
export async function onOwnTill(
  browser: Browser,
  story: (page: Page, own: OwnPreview) => Promise<void>,
): Promise<void> {
  const own = await startOwnPreview()
  const context = await browser.newContext({
    baseURL: own.origin,
    viewport: { width: 1024, height: 768 },
  })
  try {
    const page = await context.newPage()
    await page.goto(own.url)
    await story(page, own)
  } finally {
    await context.close()
    await own.close()
  }
}
