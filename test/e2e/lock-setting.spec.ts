// The idle lock time as an admin sets it in Settings → Till, through the preview: the shortest
// time for every role is saved, main holds it (settings.get), and the screen shows it again
// after the app is loaded afresh, with no integrity finding (the new value is sealed). The lock
// itself is covered by lock.spec.ts (manual lock) and the unit tests (idle time, fake clock).
import { expect, test, type Page } from '@playwright/test'
import { openApp, seriousA11yViolations, signIn, type PageGlobals } from './support'

test.describe.configure({ mode: 'serial' })

let page: Page

async function settingsGet(): Promise<unknown> {
  return page.evaluate(async () => {
    const envelope = await (globalThis as unknown as PageGlobals).pos.invoke(
      'settings.get',
      undefined,
    )
    if (!envelope.ok) throw new Error(envelope.error.message)
    return envelope.value
  })
}

async function openTillSettings(): Promise<void> {
  await openApp(page, '#/settings/till')
  await expect(
    page.getByRole('group', { name: 'Lock the till after it is left idle for' }),
  ).toBeVisible()
}

test.beforeAll(async ({ browser }) => {
  page = await (await browser.newContext()).newPage()
  await signIn(page)
})
test.afterAll(async () => {
  // Back to the defaults, so a long wait in a later suite is not cut short by a lock.
  // A restore that fails is reported here, not as a lock screen in some later suite.
  const restored = await page.evaluate(async () => {
    const envelope = await (globalThis as unknown as PageGlobals).pos.invoke('settings.update', {
      idleLock: { cashier: 5, supervisor: 3, admin: 2 },
    })
    return envelope.ok ? 'restored' : envelope.error.message
  })
  await page.context().close()
  expect(restored).toBe('restored')
})

test('the admin sets the shortest idle time for every role; it is saved and shown after a reload', async () => {
  await openTillSettings()
  const group = page.getByRole('group', { name: 'Lock the till after it is left idle for' })
  // The defaults, and no "never" and nothing above each role's cap on offer.
  await expect(group.getByLabel('Cashier')).toHaveValue('5')
  await expect(group.getByLabel('Supervisor')).toHaveValue('3')
  await expect(group.getByLabel('Admin')).toHaveValue('2')
  await expect(group.getByLabel('Admin').locator('option')).toHaveText([
    '1 minute',
    '2 minutes',
    '3 minutes',
    '5 minutes',
  ])
  await expect(group.getByLabel('Cashier').locator('option').last()).toHaveText('15 minutes')
  expect(await seriousA11yViolations(page)).toEqual([])

  for (const role of ['Cashier', 'Supervisor', 'Admin']) {
    await group.getByLabel(role).selectOption({ label: '1 minute' })
  }
  await page.getByRole('button', { name: 'Save till settings' }).click()
  await expect(page.getByText('Till settings saved.')).toBeVisible()
  expect(await settingsGet()).toMatchObject({ idleLock: { cashier: 1, supervisor: 1, admin: 1 } })

  // Loaded afresh: the screen reads it back from main, and the sealed file raised no finding.
  await openTillSettings()
  const reloaded = page.getByRole('group', { name: 'Lock the till after it is left idle for' })
  for (const role of ['Cashier', 'Supervisor', 'Admin']) {
    await expect(reloaded.getByLabel(role)).toHaveValue('1')
  }
  const findings = await page.evaluate(async () => {
    const envelope = await (globalThis as unknown as PageGlobals).pos.invoke(
      'settings.integrity',
      undefined,
    )
    return envelope.ok ? envelope.value : envelope.error.message
  })
  expect(findings).toEqual([])
})

test('main refuses a time above the role’s cap, whatever the screen sends', async () => {
  const refused = await page.evaluate(async () => {
    const envelope = await (globalThis as unknown as PageGlobals).pos.invoke('settings.update', {
      idleLock: { admin: 30 },
    })
    return envelope.ok ? 'saved' : envelope.error.code
  })
  expect(refused).toBe('invalid_input')
  expect(await settingsGet()).toMatchObject({ idleLock: { admin: 1 } })
})
