// The secure shell end to end in Chromium through the preview: first-run wizard, sign-in,
// role gates (in main, not only hidden buttons), settings, key storage, connection test,
// Live confirmation, and accessibility of every screen.
import { expect, test, type Page } from '@playwright/test'
import {
  ADMIN,
  completeFirstRun,
  keychainExpected,
  pickAndSignIn,
  seriousA11yViolations,
  signOut,
  startOwnPreview,
  type OwnPreview,
  type PageGlobals,
} from './support'

test.describe.configure({ mode: 'serial' })

const CASHIER = { name: 'Bola Ade', pin: '2468', role: 'cashier' as const }
const SUPERVISOR = { name: 'Chidi Eze', pin: '135790', role: 'supervisor' as const }

// The story starts from a brand-new till, so it runs on a preview of its own.
let own: OwnPreview
let page: Page
test.beforeAll(async ({ browser }) => {
  own = await startOwnPreview()
  // One page for the whole story (axe needs it to come from an explicit context).
  page = await (await browser.newContext({ baseURL: own.origin })).newPage()
})
test.afterAll(async () => {
  await page.context().close()
  await own.close()
})

const invoke = (channel: string, input?: unknown) =>
  page.evaluate(
    ([c, i]) => (globalThis as unknown as PageGlobals).pos.invoke(c as never, i as never),
    [channel, input] as const,
  )

test('the preview refuses visitors without the run token', async ({ browser }) => {
  const stranger = await (await browser.newContext()).newPage()
  const response = await stranger.goto(`${own.origin}/`)
  expect(response?.status()).toBe(401)
  await expect(stranger.getByRole('heading')).toContainText('npm run preview')
  expect(await stranger.evaluate(() => 'pos' in globalThis)).toBe(false)
  await stranger.context().close()
})

test('first-run wizard creates the admin and lands in Settings on Demo', async () => {
  await page.goto(own.url)
  await expect(page.getByRole('heading', { name: 'Welcome to Tilldesk' })).toBeVisible()
  expect(await seriousA11yViolations(page)).toEqual([])
  await page.getByLabel('Till name').fill('Front counter')
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.getByLabel('Your name').fill(ADMIN.name)
  // Long enough for an admin, so the only problem is that the two differ.
  await page.getByLabel('PIN', { exact: true }).fill('123456')
  await page.getByLabel('PIN again').fill('654321')
  await page.getByRole('button', { name: 'Create admin and start' }).click()
  await expect(page.getByText('The two PINs differ')).toBeVisible()
  await page.getByRole('button', { name: 'Back' }).click()
  await completeFirstRun(page)

  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible()
  await expect(page.getByTestId('status-environment')).toHaveText('DEMO')
  await expect(page.getByTestId('status-user')).toContainText(`${ADMIN.name} · Admin`)
  await expect(page.locator('.ribbon--demo')).toContainText('No real money moves')
  await expect(page.getByTestId('status-connectivity')).toHaveText('Online')
  expect(await seriousA11yViolations(page)).toEqual([])

  // The wizard runs once: main refuses a second setup.
  const again = await invoke('session.setup', { tillName: 'X', adminName: 'Eve', pin: '9999' })
  expect(again).toMatchObject({ ok: false, error: { code: 'already_set_up' } })
  // No Node in the renderer, ever.
  expect(await page.evaluate(() => typeof (globalThis as { process?: unknown }).process)).toBe(
    'undefined',
  )
  expect(await page.evaluate(() => typeof (globalThis as { require?: unknown }).require)).toBe(
    'undefined',
  )
})

test('connection test against the embedded demo gateway passes every check', async () => {
  await page.getByRole('link', { name: 'Connection test' }).click()
  await page.getByRole('button', { name: 'Test connection' }).click()
  await expect(page.getByText('Connected', { exact: true })).toBeVisible()
  for (const id of ['configuration', 'reachable', 'signed', 'capabilities', 'clock']) {
    await expect(page.getByTestId(`check-${id}`)).toHaveClass(/check--pass/)
  }
  await expect(page.getByTestId('capability-disbursements')).toContainText('Granted')
  await expect(page.getByTestId('capability-virtual_accounts')).toContainText('Granted')
  await expect(page.getByTestId('clock-skew')).toHaveText(/^[+-]?\d+ s$/)
  // A new till has sent nothing yet: lost answers are only looked up until the gateway has
  // answered a write with our own reference (main/exactly-once/trust.ts).
  await expect(page.getByTestId('resends')).toContainText(
    'not yet shown that it keeps our own reference',
  )
  for (const size of [
    { width: 1024, height: 768 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(size)
    await page.getByTestId('resends').scrollIntoViewIfNeeded()
    await page.screenshot({ path: `test-results/shell/connection-${size.width}.png` })
  }
  expect(await seriousA11yViolations(page)).toEqual([])
})

test('settings: till name, poll intervals and base URLs are validated in main', async () => {
  await page.getByRole('link', { name: 'Till' }).click()
  await page.getByLabel('Till name').fill('Counter 2')
  await page.getByLabel('Waiting for a transfer (seconds)').fill('0.05')
  await page.getByRole('button', { name: 'Save till settings' }).click()
  await expect(page.getByText('At least 0.25 seconds.')).toBeVisible()
  await page.getByLabel('Waiting for a transfer (seconds)').fill('0.75')
  await page.getByRole('button', { name: 'Save till settings' }).click()
  await expect(page.getByText('Till settings saved.')).toBeVisible()
  await expect(page.locator('.topbar__till')).toHaveText('Counter 2')
  expect(await seriousA11yViolations(page)).toEqual([])

  await page.getByRole('link', { name: 'Environment' }).click()
  await page.getByLabel('Live base URL').fill('http://api.gateway.example')
  await page.getByRole('button', { name: 'Save base URLs' }).click()
  await expect(page.getByText(/Enter an https:\/\/ address/).first()).toBeVisible()
  await page.getByLabel('Live base URL').fill('https://api.gateway.example/v1')
  await page.getByLabel('Sandbox base URL').fill('https://sandbox.gateway.example/v1/')
  await page.getByRole('button', { name: 'Save base URLs' }).click()
  await expect(page.getByText('Base URLs saved.')).toBeVisible()
  const settings = await invoke('settings.get')
  expect(settings).toMatchObject({
    ok: true,
    value: {
      baseUrls: {
        sandbox: 'https://sandbox.gateway.example/v1',
        live: 'https://api.gateway.example/v1',
      },
      pollIntervals: { waitingMs: 750 },
    },
  })
  expect(await seriousA11yViolations(page)).toEqual([])
})

test('key storage: the secret goes to the keychain once and never comes back', async () => {
  const secret = `sk_test_${'9f3a'.repeat(8)}`
  await page.getByRole('link', { name: 'API key' }).click()
  await expect(page.getByRole('heading', { name: 'Demo key' })).toBeVisible()
  expect(await seriousA11yViolations(page)).toEqual([])
  const sandboxCard = page.locator('#key-sandbox')

  if (!keychainExpected()) {
    await expect(page.getByText('No OS keychain available')).toBeVisible()
    await expect(page.getByText(/never writes secrets to a plain file/).first()).toBeVisible()
    await expect(sandboxCard.getByLabel('Secret')).toBeDisabled()
    const refused = await invoke('settings.setKey', {
      environment: 'sandbox',
      keyId: 'sbx_1',
      secret,
    })
    expect(refused).toMatchObject({ ok: false, error: { code: 'keychain_unavailable' } })
    await expect(page.getByText('Kept in memory only')).toBeVisible()
    return
  }

  await expect(page.getByText('Stored in the OS keychain')).toBeVisible()
  await sandboxCard.getByLabel('Key id').fill('sbx_key_1')
  await sandboxCard.getByLabel('Secret').fill(secret)
  await sandboxCard.getByRole('button', { name: 'Save key' }).click()
  await expect(
    sandboxCard.getByText('Key sbx_key_1 saved. The secret is in the OS keychain.'),
  ).toBeVisible()
  await expect(page.getByTestId('key-id-sandbox')).toHaveText('sbx_key_1')
  await expect(sandboxCard.getByLabel('Secret')).toHaveValue('')
  // Nowhere the renderer can reach shows it again.
  expect(await page.content()).not.toContain(secret)
  for (const channel of ['settings.get', 'environment.get', 'session.get', 'users.list']) {
    expect(JSON.stringify(await invoke(channel))).not.toContain(secret)
  }

  // Replace, then remove.
  await sandboxCard.getByLabel('New key id').fill('sbx_key_2')
  await sandboxCard.getByLabel('Secret').fill(`${secret}_v2`)
  await sandboxCard.getByRole('button', { name: 'Replace key' }).click()
  await expect(page.getByTestId('key-id-sandbox')).toHaveText('sbx_key_2')
  await sandboxCard.getByRole('button', { name: 'Remove key' }).click()
  const dialog = page.getByRole('dialog', { name: 'Remove the Sandbox key?' })
  expect(await seriousA11yViolations(page)).toEqual([])
  await dialog.getByRole('button', { name: 'Remove key' }).click()
  await expect(page.getByTestId('key-id-sandbox')).toHaveText('No key')
})

test('users: the admin adds a cashier and a supervisor', async () => {
  await page.getByRole('link', { name: 'Users' }).click()
  for (const profile of [CASHIER, SUPERVISOR]) {
    await page.getByLabel('Name', { exact: true }).fill(profile.name)
    await page.getByLabel('Role', { exact: true }).selectOption(profile.role)
    await page.getByLabel('PIN', { exact: true }).fill(profile.pin)
    await page.getByRole('button', { name: 'Add user' }).click()
    await expect(page.getByTestId(`user-row-${profile.name}`)).toBeVisible()
  }
  await page.getByLabel('Name', { exact: true }).fill(CASHIER.name.toUpperCase())
  await page.getByLabel('Role', { exact: true }).selectOption('cashier')
  await page.getByLabel('PIN', { exact: true }).fill('1111')
  await page.getByRole('button', { name: 'Add user' }).click()
  await expect(page.getByText('Name already used.')).toBeVisible()
  expect(await seriousA11yViolations(page)).toEqual([])
})

test('sign-in: picker, wrong PIN countdown, quick switching with the keyboard', async () => {
  await page.keyboard.press('Control+Shift+L')
  await expect(page.getByRole('heading', { name: 'Who’s at the till?' })).toBeVisible()
  expect(await seriousA11yViolations(page)).toEqual([])
  await page.getByRole('button', { name: new RegExp(`^${CASHIER.name}`) }).click()
  await page.getByLabel(`PIN for ${CASHIER.name}`).fill('0000')
  await page.keyboard.press('Enter')
  await expect(page.getByText('Wrong PIN. 4 tries left before the profile locks.')).toBeVisible()
  expect(await seriousA11yViolations(page)).toEqual([])
  // The on-screen keypad types too.
  for (const digit of CASHIER.pin)
    await page.getByRole('button', { name: digit, exact: true }).click()
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page.getByTestId('status-user')).toContainText(`${CASHIER.name} · Cashier`)
})

test('role gates: a cashier sees no admin screens, and main refuses admin calls', async () => {
  const nav = page.getByRole('navigation', { name: 'Main' })
  await expect(nav.getByRole('link', { name: /Collect/ })).toBeVisible()
  await expect(nav.getByRole('link', { name: /Settings/ })).toHaveCount(0)
  await expect(nav.getByRole('link', { name: /Approvals/ })).toHaveCount(0)

  await page.evaluate(() => ((globalThis as unknown as PageGlobals).location.hash = '#/settings'))
  await expect(page.getByRole('heading', { name: 'Settings needs an admin profile' })).toBeVisible()
  expect(await seriousA11yViolations(page)).toEqual([])

  // Bypassing the UI changes nothing: the checks are in main.
  for (const [channel, input] of [
    ['settings.get', undefined],
    ['settings.setKey', { environment: 'live', keyId: 'k', secret: 'secret-value' }],
    ['users.create', { name: 'Mallory', role: 'admin', pin: '1111' }],
    ['environment.switch', { environment: 'live', confirm: 'LIVE' }],
    ['environment.testConnection', undefined],
  ] as const) {
    expect(await invoke(channel, input)).toMatchObject({
      ok: false,
      error: { code: 'forbidden_role' },
    })
  }
  // Malformed input is refused before any role or service runs.
  expect(await invoke('session.signIn', { userId: 'u_nope', pin: '12' })).toMatchObject({
    ok: false,
    error: { code: 'invalid_input' },
  })
  await page.keyboard.press('F2')
  await expect(page.getByRole('heading', { level: 1, name: 'Collect' })).toBeVisible()
})

test('lockout after five wrong PINs; an admin unlocks', async () => {
  await signOut(page)
  await page.getByRole('button', { name: new RegExp(`^${SUPERVISOR.name}`) }).click()
  const pin = page.getByLabel(`PIN for ${SUPERVISOR.name}`)
  for (let attempt = 0; attempt < 5; attempt++) {
    await pin.fill('9999')
    await pin.press('Enter')
    await expect(pin).toHaveValue('')
  }
  await expect(page.getByText(/locked for 5 minutes/)).toBeVisible()
  await pin.fill(SUPERVISOR.pin)
  await pin.press('Enter')
  await expect(page.getByText(/can try again in/)).toBeVisible()

  await page.getByRole('button', { name: /Choose another profile/ }).click()
  await expect(page.getByRole('button', { name: new RegExp(`^${SUPERVISOR.name}`) })).toContainText(
    'Locked',
  )
  await pickAndSignIn(page, ADMIN.name, ADMIN.pin)
  await page.evaluate(
    () => ((globalThis as unknown as PageGlobals).location.hash = '#/settings/users'),
  )
  await page
    .getByTestId(`user-row-${SUPERVISOR.name}`)
    .getByRole('button', { name: 'Unlock' })
    .click()
  await expect(page.getByText(`${SUPERVISOR.name} unlocked.`)).toBeVisible()
  await signOut(page)
  await pickAndSignIn(page, SUPERVISOR.name, SUPERVISOR.pin)
  const nav = page.getByRole('navigation', { name: 'Main' })
  await expect(nav.getByRole('link', { name: /Approvals/ })).toBeVisible()
  await expect(nav.getByRole('link', { name: /Settings/ })).toHaveCount(0)
})

test('Live needs a typed confirmation and is marked on every screen', async () => {
  await signOut(page)
  await pickAndSignIn(page, ADMIN.name, ADMIN.pin)
  await page.evaluate(
    () => ((globalThis as unknown as PageGlobals).location.hash = '#/settings/environment'),
  )
  await page.getByRole('radio', { name: /Live/ }).click()
  const dialog = page.getByRole('dialog', { name: 'Switch this till to Live?' })
  await expect(dialog).toBeVisible()
  expect(await seriousA11yViolations(page)).toEqual([])
  const confirm = dialog.getByRole('button', { name: 'Switch to Live' })
  await expect(confirm).toBeDisabled()
  await dialog.getByLabel('Type LIVE to confirm').fill('live')
  await expect(confirm).toBeDisabled()
  await dialog.getByLabel('Type LIVE to confirm').fill('LIVE')
  await confirm.click()
  await expect(page.getByTestId('status-environment')).toHaveText('LIVE')
  await expect(page.locator('.ribbon--live')).toContainText('Real customer money moves')
  await page.keyboard.press('F2')
  await expect(page.locator('.ribbon--live')).toBeVisible()
  await expect(page.getByText('The gateway is not set up')).toBeVisible()
  expect(await seriousA11yViolations(page)).toEqual([])

  // Main requires the phrase even when the UI is bypassed.
  await invoke('environment.switch', { environment: 'demo' })
  await expect(page.getByTestId('status-environment')).toHaveText('DEMO')
  expect(await invoke('environment.switch', { environment: 'live' })).toMatchObject({
    ok: false,
    error: { code: 'live_confirmation_required' },
  })
})
