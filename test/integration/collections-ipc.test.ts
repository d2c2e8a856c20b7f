// The collections channels through the composition root and the real IPC guard, on the
// embedded demo gateway: one account per customer, search by name, "customer says it's sent",
// receipts laid out per paper, printing in a place without printers, and who may do what.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type {
  ChargeView,
  CustomerCreated,
  CustomerSummary,
  FastCheck,
  PrintResult,
  ReceiptSettings,
} from '../../common/ipc/collections'
import type { AppServices } from '../../main/compose/services'
import { dispatcher, startServices } from '../support/services'
import { until } from '../support/async'

let services: AppServices
let dir: string
const { value, code } = dispatcher(() => services)
const PINS = { admin: '123456', bola: '2468', sade: '135790' }
const ids = { bola: '', sade: '' }
const signIn = (who: 'bola' | 'sade') =>
  value('session.signIn', { userId: ids[who], pin: PINS[who] })

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tilldesk-collections-ipc-'))
  services = await startServices(dir)
  await value('session.setup', { tillName: 'Front counter', adminName: 'Ada', pin: PINS.admin })
  for (const [who, role] of [
    ['bola', 'cashier'],
    ['sade', 'supervisor'],
  ] as const) {
    const name = who[0]!.toUpperCase() + who.slice(1)
    ids[who] = (await value<{ id: string }>('users.create', { name, role, pin: PINS[who] })).id
  }
  await signIn('bola')
})

afterAll(async () => {
  await services?.stop()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

describe('collections over IPC', () => {
  let account: CustomerCreated

  it('one account per customer, found again by e-mail or BVN, searchable by name', async () => {
    account = await value<CustomerCreated>('customer.create', {
      name: 'Ngozi Eze',
      email: 'ngozi@example.com',
      bvn: '22233344455',
      phone: '0803 555 1212',
    })
    expect(account).toMatchObject({ existing: false, bvnMasked: '••••••••455' })
    const byEmail = await value<CustomerCreated>('customer.create', {
      name: 'Ngozi Eze',
      email: 'NGOZI@example.com',
      bvn: '',
    })
    expect(byEmail).toMatchObject({ existing: true, matchedBy: 'email' })
    expect(byEmail.accountNumber).toBe(account.accountNumber)
    const byBvn = await value<CustomerCreated>('customer.create', {
      name: 'Ngozi E.',
      email: 'ngozi.eze@work.example',
      bvn: '222 333 444 55',
    })
    expect(byBvn).toMatchObject({ existing: true, matchedBy: 'bvn' })
    expect(byBvn.accountReference).toBe(account.accountReference)

    const hits = await value<CustomerSummary[]>('customer.search', { query: 'ngozi' })
    expect(hits).toEqual([
      expect.objectContaining({ name: 'Ngozi Eze', accountReference: account.accountReference }),
    ])
    expect(
      await value<CustomerSummary[]>('customer.search', { query: '+234 803 555 1212' }),
    ).toHaveLength(1)
    // The BVN is nowhere on disk.
    const file = readFileSync(join(dir, 'customers-demo.jsonl'), 'utf8')
    expect(file).not.toContain('22233344455')
  })

  it('customer says it’s sent: checks at once and finds the transfer', async () => {
    const charge = await value<ChargeView>('charge.open', {
      accountReference: account.accountReference,
      amount: '₦2500',
    })
    await value('demo.simulateTransfer', {
      accountReference: account.accountReference,
      amount: '2500',
    })
    const burst = await value<FastCheck>('charge.customerSaysSent', { chargeId: charge.id })
    expect(burst).toMatchObject({ chargeId: charge.id, checkingNow: true })
    expect(burst.message).toMatch(/Checking now/)
    const paid = await until('paid', async () => {
      const now = await value<ChargeView>('charge.get', { chargeId: charge.id })
      return now.reconciliation.status === 'paid' && now
    })
    expect(paid.transfers[0]?.customerName).toBe('Ngozi Eze')

    const { html } = await value<{ html: string }>('receipt.html', {
      chargeId: charge.id,
      paper: '58mm',
    })
    expect(html).toContain('paper-58mm')
    expect(html).toContain('Ngozi Eze')
    expect(html).toContain('Front counter')
    expect(html).toContain('Bola')
    // No printers here (not the desktop app): said in words, nothing marked printed.
    const print = await value<PrintResult>('receipt.print', { chargeId: charge.id })
    expect(print).toMatchObject({ printed: false })
    expect(print.message).toMatch(/desktop app/)
  })

  it('refuses $5 for a naira charge with the reason beside the amount', async () => {
    expect(
      await code('charge.open', { accountReference: account.accountReference, amount: '$5' }),
    ).toBe('validation')
  })

  it('printer settings: anyone reads them, only an admin changes them; reprint is a supervisor’s', async () => {
    const settings = await value<ReceiptSettings>('receipt.settings')
    expect(settings).toEqual({ printer: null, paper: '80mm', autoPrintOnPaid: false })
    const next = { printer: 'XP-80', paper: '80mm', autoPrintOnPaid: true }
    expect(await code('receipt.saveSettings', next)).toBe('forbidden_role')
    expect(await code('receipt.printers')).toBe('forbidden_role')
    const charges = await value<ChargeView[]>('charge.list', { scope: 'recent' })
    expect(await code('receipt.reprint', { chargeId: charges[0]!.id })).toBe('forbidden_role')
    await signIn('sade')
    expect(await code('receipt.reprint', { chargeId: charges[0]!.id })).toBe('ok')
  })
})
