// One transfer, one sale (docs/shop.md), end to end in Chromium: three previews of their own
// (three tills, each with its own data folder, token and keychain), one throwaway PostgreSQL and
// ONE gateway, as in a real shop: every till is set to the Sandbox environment with the
// merchant's key, against one sandbox this test runs. The kiosk reaches the shop's server
// through a relay the test can cut.
//   1. A customer with one dedicated account has a ₦3,000 sale open on the front counter and
//      another on the back counter, and sends ₦3,000 once: exactly one till shows Paid, the
//      other says in words where the money went, and the shop's Z-report counts it once.
//   2. The kiosk is offline while the same happens between the front counter and the kiosk:
//      both take the money offline-first (the kiosk's screen warned of it), and when the kiosk
//      is back the first sync settles it by the rule, with the alarm where goods may have left
//      twice.
// Screens go to test-results/shop-claims/ (1280 × 800).
import { expect, test, type Page } from '@playwright/test'
import { minor } from '../../common/money'
import type { ChargeView, CustomerCreated } from '../../common/ipc/collections'
import type { ShopZReport } from '../../common/ipc/shop'
import { createGatewayClient } from '../../main/gateway/client'
import { startSandbox, type RunningSandbox } from '../../sandbox'
import {
  findPostgresBin,
  startThrowawayPostgres,
  type ThrowawayPostgres,
} from '../support/postgres'
import { startRelay, type CuttableRelay } from '../support/shared-gateway'
import { firstRun, go, invoke, openTill } from './shop-support'
import { keychainExpected, startOwnPreview, type OwnPreview } from './support'

test.describe.configure({ mode: 'serial' })

const found = findPostgresBin()
test.skip(
  !('bin' in found),
  `PostgreSQL server programs are absent: ${'reason' in found ? found.reason : ''}`,
)
// The Sandbox environment keeps its key's secret in the OS keychain, and nowhere else.
test.skip(!keychainExpected(), 'no OS keychain for the Sandbox key (see playwright.config.ts)')

const SHOTS = 'test-results/shop-claims'
const TILLS = [
  { name: 'Front counter', admin: 'Ada Obi', pin: '123456' },
  { name: 'Back counter', admin: 'Ade Bello', pin: '654321' },
  { name: 'Kiosk', admin: 'Ify Nwosu', pin: '246813' },
] as const

let server: ThrowawayPostgres
let sandbox: RunningSandbox
let relay: CuttableRelay
const previews: OwnPreview[] = []
const pages: Page[] = []
let customers = 0
/** Each till's open shift. */
const shifts: string[] = []

/** The customer's bank: one transfer into the dedicated account, at the one gateway. */
async function customerSends(accountReference: string): Promise<string> {
  const key = sandbox.keys[0]!
  const client = createGatewayClient({
    baseUrl: sandbox.url,
    keyId: key.key_id,
    secret: key.secret,
  })
  const sent = await client.sandbox.simulateTransfer(accountReference, { amount: minor(300_000) })
  return sent.data.reference
}

async function newCustomer(page: Page): Promise<string> {
  customers += 1
  const c = await invoke<CustomerCreated>(page, 'customer.create', {
    name: `Chinedu Okafor ${customers}`,
    email: `chinedu${customers}@example.com`,
    bvn: `2225556667${customers}`,
  })
  return c.accountReference
}

/** The cashier's sale of ₦3,000 for this customer, its instructions screen showing. */
async function sell(page: Page, accountReference: string): Promise<string> {
  const charge = await invoke<ChargeView>(page, 'charge.open', {
    accountReference,
    amount: '3000',
  })
  await go(page, `#/instructions/${charge.id}`)
  await expect(page.getByTestId('charge-screen')).toHaveAttribute('data-phase', 'awaiting')
  return charge.id
}

const charge = (page: Page, chargeId: string) =>
  invoke<ChargeView>(page, 'charge.get', { chargeId })

/** This till's claim is in the shop's order (so every till knows it). */
async function inStep(page: Page, chargeId: string) {
  await expect
    .poll(async () => (await charge(page, chargeId)).shop?.atRisk, { timeout: 30_000 })
    .toBe(false)
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000)
  server = await startThrowawayPostgres()
  sandbox = await startSandbox({ port: 0, host: '127.0.0.1' })
  relay = await startRelay(server.port)
  previews.push(...(await Promise.all(TILLS.map(() => startOwnPreview()))))
  const key = sandbox.keys[0]!
  for (const [i, till] of TILLS.entries()) {
    const page = await openTill(browser, previews[i]!)
    pages.push(page)
    await firstRun(page, till.name, { name: till.admin, pin: till.pin })
    // The merchant's Sandbox key on every till: one gateway for the shop.
    await invoke(page, 'settings.update', { baseUrls: { sandbox: sandbox.url } })
    await invoke(page, 'settings.setKey', {
      environment: 'sandbox',
      keyId: key.key_id,
      secret: key.secret,
    })
    await invoke(page, 'environment.switch', { environment: 'sandbox' })
  }
  const owner = { ownerUser: server.superuser, ownerPassword: server.superPassword }
  const address = (port: number) => ({
    host: server.host,
    port,
    database: 'postgres',
    ca: server.ca,
  })
  const [front, back, kiosk] = pages as [Page, Page, Page]
  await invoke(front, 'shop.create', { server: address(server.port), ...owner, shopName: 'Market' })
  for (const [page, port] of [
    [back, server.port],
    [kiosk, relay.port],
  ] as const) {
    const { code } = await invoke<{ code: string }>(front, 'shop.createCode', owner)
    await invoke(page, 'shop.join', { server: address(port), code })
  }
  for (const page of pages) shifts.push((await invoke<{ id: string }>(page, 'shifts.open', {})).id)
})

test.afterAll(async () => {
  for (const page of pages) await page.context().close()
  for (const preview of previews) await preview.close()
  await relay?.close()
  await sandbox?.close()
  server?.destroy()
})

test('one transfer, a sale open on two tills: one Paid, the other says where it went, counted once', async () => {
  const [front, back] = pages as [Page, Page]
  const account = await newCustomer(front)
  const atFront = await sell(front, account)
  await inStep(front, atFront)
  const atBack = await sell(back, account)
  await inStep(back, atBack)

  const reference = await customerSends(account)
  await expect(front.getByTestId('paid-panel')).toBeVisible({ timeout: 30_000 })
  await expect(front.getByTestId('paid-panel')).toContainText('₦3,000.00 received')
  await front.screenshot({ path: `${SHOTS}/1-front-counter-paid.png` })

  const words = back.getByText("This customer's money went to another till's sale")
  await expect(words).toBeVisible({ timeout: 30_000 })
  await expect(back.getByTestId('charge-screen')).toContainText(
    `pays the sale open on Front counter, not this one`,
  )
  await expect(back.getByTestId('charge-screen')).toContainText(reference)
  await expect(back.getByTestId('charge-screen')).toHaveAttribute('data-phase', 'awaiting')
  await expect(back.getByTestId('paid-panel')).toHaveCount(0)
  await back.screenshot({ path: `${SHOTS}/2-back-counter-told.png` })
  expect((await charge(back, atBack)).reconciliation.counted).toEqual([])
  expect((await charge(front, atFront)).reconciliation.counted).toEqual([reference])

  // The back counter's cashier cancels; both shifts close; the shop's Z counts ₦3,000 once.
  await invoke(back, 'charge.cancel', { chargeId: atBack, reason: 'paid at the front counter' })
  for (const [i, page] of [front, back].entries())
    await invoke(page, 'shifts.close', { shiftId: shifts[i] })
  await expect
    .poll(
      async () => {
        const report = await invoke<ShopZReport>(front, 'shop.zReport')
        return report.shifts.length >= 2 ? report.total.figures.collections.received : null
      },
      { timeout: 30_000 },
    )
    .toEqual([{ currency: 'NGN', amountMinor: '300000' }])
})

test('a till offline during the payment takes it, warned, and settles by the rule when back, with the alarm', async () => {
  const [front, , kiosk] = pages as [Page, Page, Page]
  const account = await newCustomer(front)
  // The kiosk loses the shop's server before the front counter's sale is told.
  relay.cut()
  await expect
    .poll(async () => (await invoke<{ sync: string }>(kiosk, 'shop.status')).sync, {
      timeout: 30_000,
    })
    .toBe('offline')
  const atFront = await sell(front, account)
  await inStep(front, atFront)
  const atKiosk = await sell(kiosk, account)
  // Out of step: the instructions screen says a double claim is possible.
  await expect(kiosk.getByText('This till is not in step with the shop')).toBeVisible()
  await kiosk.screenshot({ path: `${SHOTS}/3-kiosk-out-of-step.png` })

  const reference = await customerSends(account)
  // Offline-first: both tills take it (the kiosk looks at the gateway for itself).
  await expect(front.getByTestId('paid-panel')).toBeVisible({ timeout: 30_000 })
  await expect(kiosk.getByTestId('paid-panel')).toBeVisible({ timeout: 30_000 })

  // Back in step: the kiosk's claim came after the front counter's, so the money is theirs.
  relay.restore()
  const alarm = kiosk.getByText('Goods may have left twice')
  await expect(alarm.first()).toBeVisible({ timeout: 45_000 })
  await expect(kiosk.getByTestId('charge-screen')).toContainText(
    `By the shop's rule it pays the sale on Front counter.`,
  )
  await expect(kiosk.getByTestId('charge-screen')).toContainText(reference)
  await kiosk.screenshot({ path: `${SHOTS}/4-kiosk-settled-alarm.png` })
  expect((await charge(kiosk, atKiosk)).reconciliation.counted).toEqual([])
  expect((await charge(front, atFront)).reconciliation.counted).toEqual([reference])
  const late = await invoke<Array<{ reference: string; claimedBy?: string | null }>>(
    kiosk,
    'collections.late',
    {},
  )
  expect(late.find((t) => t.reference === reference)).toMatchObject({ claimedBy: 'Front counter' })
})

test('Settings → Shop says which till watches, the shop’s request rate, and the relay', async () => {
  const back = pages[1]!
  await go(back, '#/settings/shop')
  const watch = back.getByTestId('shop-watch')
  await expect(watch).toBeVisible({ timeout: 30_000 })
  // The till that holds the watch, as every till hears it, by name; its requests a minute.
  const holders: string[] = []
  for (const [i, page] of pages.entries()) {
    const status = await invoke<{ watch: { thisTill: boolean } | null }>(page, 'shop.status')
    if (status.watch?.thisTill) holders.push(TILLS[i]!.name)
  }
  expect(holders).toHaveLength(1)
  await expect(watch.locator('dd').first()).toHaveText(holders[0]!)
  // The whole shop's requests (every till's), against the shop's budget.
  await expect(watch.locator('dd').nth(1)).toHaveText(
    /^\d+ gateway requests? from all tills \(budget 90\)$/,
  )
  // No relay in this shop: said in words, with what still finds the money.
  await expect(watch.locator('dd').nth(2)).toHaveText(/^Not heard from/)
  await watch.scrollIntoViewIfNeeded()
  await back.screenshot({ path: `${SHOTS}/5-settings-shop-watch.png` })
})
