// A shop with two tills, end to end in Chromium: two previews of their own (two tills, each
// with its own data folder, port, token and keychain) and one throwaway PostgreSQL. The admin
// creates the shop on till 1 (Settings → Shop), makes a one-time code and joins till 2 with it;
// the supervisor made on till 1 can sign in on till 2 (one staff list). A cashier drafts a
// payout on till 1, the supervisor approves it on till 2 with their PIN, and till 1, which
// alone sends it, shows it paid through the Demo gateway. Screens go to test-results/shop/.
import { expect, test, type Page } from '@playwright/test'
import { accountName } from '../../sandbox/data/accounts'
import {
  findPostgresBin,
  startThrowawayPostgres,
  type ThrowawayPostgres,
} from '../support/postgres'
import { firstRun, go, invoke, openTill } from './shop-support'
import { pickAndSignIn, signOut, startOwnPreview, type OwnPreview } from './support'

test.describe.configure({ mode: 'serial' })

const found = findPostgresBin()
test.skip(
  !('bin' in found),
  `PostgreSQL server programs are absent: ${'reason' in found ? found.reason : ''}`,
)

const ADMIN_1 = { name: 'Ada Obi', pin: '123456' }
const ADMIN_2 = { name: 'Ade Bello', pin: '654321' }
const SUPERVISOR = { name: 'Grace Eze', pin: '975310', role: 'supervisor' as const }
const CASHIER = { name: 'Kemi Adebayo', pin: '2468', role: 'cashier' as const }
const ACCOUNT = '2034567891'
const HOLDER = accountName(ACCOUNT)
const SHOTS = 'test-results/shop'

let server: ThrowawayPostgres
let till1: OwnPreview
let till2: OwnPreview
let page1: Page
let page2: Page
let reference = ''

async function switchTo(page: Page, profile: { name: string; pin: string }) {
  await signOut(page)
  await pickAndSignIn(page, profile.name, profile.pin)
}

async function fillServer(form: ReturnType<Page['getByRole']>) {
  await form.getByLabel('Shop server address').fill(server.host)
  await form.getByLabel('Port', { exact: true }).fill(String(server.port))
  await form.getByLabel('Database', { exact: true }).fill('postgres')
  await form.getByLabel('Server certificate (only for a private server)').fill(server.ca)
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000)
  server = await startThrowawayPostgres()
  till1 = await startOwnPreview()
  till2 = await startOwnPreview()
  page1 = await openTill(browser, till1)
  page2 = await openTill(browser, till2)
  await firstRun(page1, 'Front counter', ADMIN_1)
  await firstRun(page2, 'Back counter', ADMIN_2)
})

test.afterAll(async () => {
  await page1?.context().close()
  await page2?.context().close()
  await till1?.close()
  await till2?.close()
  server?.destroy()
})

test('the admin creates the shop on till 1 and joins till 2 with a one-time code', async () => {
  await go(page1, '#/settings/shop')
  const create = page1.getByRole('form', { name: 'Create a shop' })
  await create.getByLabel('Shop name').fill('Corner Shop')
  await fillServer(create)
  await create.getByLabel("Shop owner's database user").fill(server.superuser)
  await create.getByLabel('Password', { exact: true }).fill(server.superPassword)
  await create.getByRole('button', { name: 'Create the shop' }).click()
  await expect(page1.getByText('In step with Corner Shop.')).toBeVisible({ timeout: 30_000 })

  const make = page1.getByRole('form', { name: 'Make a code' })
  await make.getByLabel("Shop owner's database user").fill(server.superuser)
  await make.getByLabel('Password', { exact: true }).fill(server.superPassword)
  await make.getByRole('button', { name: 'Make a code' }).click()
  const code = (await make.locator('strong.mono').textContent({ timeout: 30_000 }))?.trim() ?? ''
  expect(code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/)

  await go(page2, '#/settings/shop')
  const join = page2.getByRole('form', { name: 'Join a shop' })
  await fillServer(join)
  await join.getByLabel('Code').fill(code)
  await join.getByRole('button', { name: 'Join the shop' }).click()
  await expect(page2.getByText('In step with Corner Shop.')).toBeVisible({ timeout: 30_000 })
  await page2.screenshot({ path: `${SHOTS}/1-till-2-joined.png` })
})

test('staff made on till 1 can sign in on till 2', async () => {
  for (const profile of [SUPERVISOR, CASHIER]) await invoke(page1, 'users.create', profile)
  await expect
    .poll(
      async () =>
        (await invoke<Array<{ name: string }>>(page2, 'users.list')).map((u) => u.name).sort(),
      { timeout: 30_000 },
    )
    .toEqual(expect.arrayContaining([SUPERVISOR.name, CASHIER.name]))
  await switchTo(page2, SUPERVISOR)
})

test('a cashier drafts a payout on till 1', async () => {
  await switchTo(page1, CASHIER)
  const banks = await invoke<{ banks: Array<{ code: string; name: string }> }>(page1, 'banks.list')
  const bank = banks.banks.find((b) => b.code === '058') ?? banks.banks[0]!
  const resolved = await invoke<{ accountName: string }>(page1, 'payouts.resolve', {
    bankCode: bank.code,
    accountNumber: ACCOUNT,
  })
  expect(resolved.accountName).toBe(HOLDER)
  const drafted = await invoke<{ reference: string; state: string }>(page1, 'payouts.draft', {
    purpose: 'supplier',
    bankCode: bank.code,
    accountNumber: ACCOUNT,
    accountName: resolved.accountName,
    nameConfirmed: true,
    amount: '3500',
    narration: 'Invoice 1042, rice',
    recipientEmail: null,
    submit: true,
  })
  expect(drafted.state).toBe('awaiting_approval')
  reference = drafted.reference
  await go(page1, '#/payouts')
  const row = page1.getByTestId('payout-row').filter({ hasText: reference })
  await expect(row.getByTestId('payout-state')).toHaveText('Waiting for approval')
})

test('the supervisor approves it on till 2 with their PIN', async () => {
  // Till 2 has nothing of its own waiting: the badge counts the payout waiting on till 1.
  await expect(page2.getByTestId('nav-approvals-count')).toHaveText('1', { timeout: 30_000 })
  await expect(page2.getByTestId('status-approvals')).toContainText('1')
  await go(page2, '#/approvals')
  const section = page2.getByRole('region', { name: 'Waiting on other tills' })
  const item = section.getByTestId('other-till-item').filter({ hasText: HOLDER })
  await expect(item).toBeVisible({ timeout: 30_000 })
  await expect(item).toContainText('Front counter')
  await item.click()
  const details = section.getByTestId('other-till-details')
  await expect(details).toContainText('₦3,500.00')
  await expect(details).toContainText(HOLDER)
  await expect(details).toContainText('Invoice 1042, rice')
  await expect(details).toContainText(CASHIER.name)
  await expect(details).toContainText(reference)
  await section.getByLabel('Your PIN, to sign this decision').fill('000000')
  await section.getByRole('button', { name: 'Approve ₦3,500.00' }).click()
  await expect(section.getByText(/Wrong PIN/)).toBeVisible()
  await section.getByLabel('Your PIN, to sign this decision').fill(SUPERVISOR.pin)
  // The list with the till's name and the top of the details, as the supervisor reads them.
  await item.scrollIntoViewIfNeeded()
  await page2.screenshot({ path: `${SHOTS}/2-till-2-approves.png` })
  await section.getByRole('button', { name: 'Approve ₦3,500.00' }).click()
  await expect(section.getByText(/Approval of ₦3,500.00 .* sent to Front counter/)).toBeVisible()
})

test('till 1, and only till 1, sends it: paid', async () => {
  const row = page1.getByTestId('payout-row').filter({ hasText: reference })
  await expect(row.getByTestId('payout-state')).toHaveText('Paid', { timeout: 45_000 })
  await page1.screenshot({ path: `${SHOTS}/3-till-1-paid.png` })
  // Till 2 never had this payout in its own journal, so it has nothing to send it from.
  const onTill2 = await invoke<{ items: Array<{ reference: string }> }>(page2, 'payouts.list')
  expect(onTill2.items.some((p) => p.reference === reference)).toBe(false)
  await switchTo(page1, SUPERVISOR)
  const audit = await invoke<{ entries: Array<{ what: string; why: string | null }> }>(
    page1,
    'payouts.audit',
    { reference },
  )
  expect(audit.entries.map((e) => e.why)).toContain(
    `Approved on Back counter by ${SUPERVISOR.name}.`,
  )
})
