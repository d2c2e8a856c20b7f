// Writes an upgrade fixture: a till's data folder as this version of Tilldesk leaves it after
// a day's work, for upgrade.test.ts to open with every later version.
//   npx tsx test/integration/upgrade/generate.ts
// It runs the real services on the demo gateway: first-run setup, three staff, a paid charge
// and one still open, a payout sent and one awaiting approval. The fixture is committed and
// never regenerated for the same version: it is what a shop's disk really holds.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { ChargeView } from '../../../common/ipc/collections'
import type { PayoutView } from '../../../common/ipc/payouts'
import { silentLogger } from '../../../main/kernel/log'
import { createServices, type AppServices } from '../../../main/compose/services'
import { confBackend } from '../../../main/settings/conf-backend'
import { dispatcher } from '../../support/services'
import { MemoryKeychain } from '../../unit/shell/helpers'
import { until } from '../../support/async'

export const PINS = { admin: '123456', cashier: '2468', supervisor: '135790' }

const here = dirname(fileURLToPath(import.meta.url))
const version = (
  JSON.parse(readFileSync(join(here, '../../../package.json'), 'utf8')) as {
    version: string
  }
).version
const target = join(here, 'fixtures', `v${version}`)

const dir = mkdtempSync(join(tmpdir(), 'tilldesk-fixture-'))
const keychain = new MemoryKeychain()
const services: AppServices = await createServices({
  settingsBackend: confBackend(dir),
  keychain,
  fetch: globalThis.fetch,
  dataDir: dir,
  log: silentLogger,
  isTrustedSender: (candidate) => candidate.transport === 'test',
})
await services.start()
const { value } = dispatcher(() => services)

await value('session.setup', { tillName: 'Upgrade till', adminName: 'Ada', pin: PINS.admin })
await value('settings.update', { pollIntervals: { backgroundMs: 1_000 } })
const ids: Record<string, string> = {}
for (const [name, role] of [
  ['Bola', 'cashier'],
  ['Sade', 'supervisor'],
] as const) {
  ids[role] = (await value<{ id: string }>('users.create', { name, role, pin: PINS[role] })).id
}

await value('session.signIn', { userId: ids.cashier, pin: PINS.cashier })
const customer = await value<{ accountReference: string }>('customer.create', {
  name: 'Upgrade Customer',
  email: 'upgrade@example.com',
  bvn: '22212345001',
})
const paid = await value<ChargeView>('charge.open', {
  accountReference: customer.accountReference,
  amount: '120.00',
})
await value('charge.watch', { chargeId: paid.id, waiting: true })
await value('demo.simulateTransfer', {
  accountReference: customer.accountReference,
  amount: '120.00',
})
await until('paid charge', async () => {
  const now = await value<ChargeView>('charge.get', { chargeId: paid.id })
  return now.reconciliation.status === 'paid'
})
const second = await value<{ accountReference: string }>('customer.create', {
  name: 'Open Charge Customer',
  email: 'open@example.com',
  bvn: '22212345002',
})
const open = await value<ChargeView>('charge.open', {
  accountReference: second.accountReference,
  amount: '75.50',
})

const banks = await value<{ banks: Array<{ code: string }> }>('banks.list')
const bankCode = banks.banks[0]!.code
const payouts: PayoutView[] = []
for (const [accountNumber, amount] of [
  ['0123456789', '2000'],
  ['0123456790', '350'],
] as const) {
  const resolved = await value<{ accountName: string }>('payouts.resolve', {
    bankCode,
    accountNumber,
  })
  payouts.push(
    await value<PayoutView>('payouts.draft', {
      purpose: 'supplier',
      bankCode,
      accountNumber,
      accountName: resolved.accountName,
      nameConfirmed: true,
      amount,
      narration: 'Upgrade fixture',
      recipientEmail: null,
      submit: true,
    }),
  )
}
await value('session.signIn', { userId: ids.supervisor, pin: PINS.supervisor })
const sent = payouts[0]!
await value('payouts.approve', {
  reference: sent.reference,
  pin: PINS.supervisor,
  bindingHash: sent.bindingHash,
})
await until('payout sent', async () => {
  await value('payouts.retryNow')
  const list = await value<{ items: PayoutView[] }>('payouts.list')
  return list.items.find((item) => item.reference === sent.reference)?.state === 'success'
})
await value('session.signOut')
await services.stop()

rmSync(target, { recursive: true, force: true })
mkdirSync(target, { recursive: true })
cpSync(dir, join(target, 'data'), { recursive: true })
writeFileSync(
  join(target, 'expected.json'),
  `${JSON.stringify(
    {
      version,
      tillName: 'Upgrade till',
      users: { admin: 'Ada', cashier: 'Bola', supervisor: 'Sade' },
      charges: { paid: paid.id, open: open.id },
      payouts: { success: sent.reference, awaiting_approval: payouts[1]!.reference },
    },
    null,
    2,
  )}\n`,
)
// The device keys the journals are sealed with: what the OS keychain would hold. Test keys
// of this fixture only; a till's real keys never leave its keychain.
writeFileSync(
  join(target, 'keychain.json'),
  `${JSON.stringify(Object.fromEntries(keychain.entries), null, 2)}\n`,
)
rmSync(dir, { recursive: true, force: true })
process.stdout.write(`upgrade fixture written to ${target}\n`)
