// A scripted day at one till, through the composition root as the cashier, supervisor and
// admin would drive it (Demo gateway, in-process): staff, a charge paid, a hosted payment and
// its refund, a mandate and a debit, a payout drafted, approved and sent, a shift closed with
// its Z-report, and the admin's update, crash reporting and shift settings. Used by the
// data-folder tamper harness (test/keychain/data-folder.test.ts), which copies the folder it
// leaves behind and changes one file at a time.
import type { ChargeView } from '../../common/ipc/collections'
import type { PayoutView } from '../../common/ipc/payouts'
import type { ShiftView } from '../../common/ipc/shifts'
import type { AppServices } from '../../main/compose/services'
import type { Keychain } from '../../main/keychain/keychain'
import { until } from './async'
import { dispatcher, startServices } from './services'

export const PINS = { ada: '246813', sade: '975318', bola: '2468', tunde: '1357' } as const
export type Who = keyof typeof PINS
export type Ids = Record<Who, string>

/** Every request the till sent, by URL and method (the harness checks where they went). */
export interface RecordedRequest {
  url: string
  method: string
  /** The key id it was signed with (X-Key-Id), or null. */
  keyId: string | null
}

export function openTill(
  dir: string,
  keychain: Keychain,
  requests: RecordedRequest[] = [],
): Promise<AppServices> {
  const fetcher: typeof fetch = (input, init) => {
    const url = input instanceof Request ? input.url : String(input)
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET')
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : {}))
    requests.push({ url, method, keyId: headers.get('X-Key-Id') })
    return globalThis.fetch(input, init)
  }
  return startServices(dir, keychain, fetcher)
}

/** The channels as the till's windows call them (test/support/services.ts). */
export const caller = dispatcher

const isoDay = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10)

/**
 * The first half of the day (staff, a sale, a payment); `midday` is called when it is done
 * (the harness keeps that folder as "an older copy"), then the rest.
 */
export async function scriptedDay(
  services: () => AppServices,
  midday: () => Promise<void>,
): Promise<Ids> {
  const { value } = caller(services)
  const ids: Ids = { ada: '', sade: '', bola: '', tunde: '' }
  const signIn = (who: Who) => value('session.signIn', { userId: ids[who], pin: PINS[who] })
  ids.ada = (
    await value<{ user: { id: string } }>('session.setup', {
      tillName: 'Front',
      adminName: 'Ada',
      pin: PINS.ada,
    })
  ).user.id
  await value('settings.update', { pollIntervals: { backgroundMs: 1_000 } })
  for (const [who, role] of [
    ['sade', 'supervisor'],
    ['bola', 'cashier'],
    ['tunde', 'cashier'],
  ] as const) {
    const name = who[0]!.toUpperCase() + who.slice(1)
    ids[who] = (await value<{ id: string }>('users.create', { name, role, pin: PINS[who] })).id
  }
  await value('payouts.updatePolicy', {
    limits: { cashier: { perItem: '50000', perDay: '200000' } },
  })
  await value('shifts.updateSettings', { endOfDay: '21:30' })
  await value('updates.configure', { channel: 'beta' })
  await value('app.setCrashReporting', { upload: true, url: 'https://crashes.example.com/till' })

  await signIn('bola')
  const shift = await value<ShiftView>('shifts.open', { openingFloat: 5_000_00 })
  const customer = await value<{ accountReference: string }>('customer.create', {
    name: 'Day Customer',
    email: 'day.customer@example.com',
    bvn: '22212345678',
  })
  const charge = await value<ChargeView>('charge.open', {
    accountReference: customer.accountReference,
    amount: '150.00',
  })
  await value('charge.watch', { chargeId: charge.id, waiting: true })
  await value('demo.simulateTransfer', {
    accountReference: customer.accountReference,
    amount: '150.00',
  })
  await until('charge paid', async () => {
    const now = await value<ChargeView>('charge.get', { chargeId: charge.id })
    return now.reconciliation.status === 'paid'
  })
  const payment = await value<{ reference: string }>('payments.start', {
    email: 'buyer@example.com',
    amount: '2500',
    currency: 'NGN',
  })
  await value('payments.simulate', { reference: payment.reference, outcome: 'success' })
  await midday()

  // After midday: a cashier is disabled, so the midday copy holds an older, enabled record.
  await signIn('ada')
  await value('users.update', { id: ids.tunde, disabled: true })
  await signIn('sade')
  await value('refunds.issue', {
    paymentReference: payment.reference,
    kind: 'full',
    reason: 'Returned goods',
  })
  await signIn('bola')
  const banks = await value<Array<{ code: string }>>('mandates.banks')
  const mandate = await value<{ mandateReference: string }>('mandates.create', {
    customerName: 'Day Customer',
    customerEmail: 'day.customer@example.com',
    accountNumber: '0123456789',
    bankCode: banks[0]!.code,
    startDate: isoDay(0),
    endDate: isoDay(60),
    maxMonthlyAmount: '10000',
    maxMonthlyDebitCount: '3',
    currency: 'NGN',
  })
  await value('mandates.initiateActivation', { mandateReference: mandate.mandateReference })
  await value('mandates.validateActivation', {
    mandateReference: mandate.mandateReference,
    otp: '48291376',
    pin: '739154',
  })
  await value('mandates.debit', {
    mandateReference: mandate.mandateReference,
    amount: '10',
    narration: 'Fee',
  })

  const list = await value<{ banks: Array<{ code: string }> }>('banks.list')
  const bankCode = list.banks[0]!.code
  const resolved = await value<{ accountName: string }>('payouts.resolve', {
    bankCode,
    accountNumber: '0123456789',
  })
  const payout = await value<PayoutView>('payouts.draft', {
    purpose: 'supplier',
    bankCode,
    accountNumber: '0123456789',
    accountName: resolved.accountName,
    nameConfirmed: true,
    amount: '2000',
    narration: 'Tamper day',
    recipientEmail: null,
    submit: true,
  })
  await signIn('sade')
  await value('payouts.approve', {
    reference: payout.reference,
    pin: PINS.sade,
    bindingHash: payout.bindingHash,
  })
  await until(
    'payout sent',
    async () => {
      await value('payouts.retryNow')
      const items = (await value<{ items: PayoutView[] }>('payouts.list')).items
      return items.find((p) => p.reference === payout.reference)?.state === 'success'
    },
    40_000,
  )
  await signIn('bola')
  await value('shifts.close', { shiftId: shift.id })
  await value('session.signOut')
  await services().integrity.flushed()
  return ids
}
