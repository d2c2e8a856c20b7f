// The Demo's "lose the next answer" training control, through the real IPC guard and the embedded
// gateway: the next money-moving request (payout, refund, debit) commits at the gateway and its
// answer is lost, so the till meets an unknown outcome and then finds the truth by lookup; a
// read in between is not affected; outside Demo the control is refused in words.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppServices } from '../../main/compose/services'
import type { PayoutView, PayoutsList } from '../../common/ipc/payouts'
import type { RefundView } from '../../common/ipc/refunds'
import type { DebitView } from '../../common/ipc/mandates'
import { COMMIT_LAG_MARGIN_MS } from '../../main/exactly-once/fence'
import { DEFAULT_VERIFY_AFTER_MS } from '../../main/exactly-once/write-deps'
import { until } from '../support/async'
import { dispatcher, draftPayout, staffedTill } from '../support/services'

let services: AppServices
let dir: string
/** How far the till's clock runs ahead of the real one. */
let ahead = 0
const now = () => Date.now() + ahead
/** The payout sender's default request deadline (main/payouts/payout-core.ts). */
const PAYOUT_REQUEST_DEADLINE_MS = 15_000
const till = dispatcher(() => services)
const { value, code, call } = till

let cashierId = ''
let supervisorId = ''
const asCashier = () => value('session.signIn', { userId: cashierId, pin: '2468' })
const asSupervisor = () => value('session.signIn', { userId: supervisorId, pin: '135790' })
const armed = async () => (await value<{ armed: boolean }>('demo.nextAnswer')).armed
const arm = () => value<{ armed: boolean }>('demo.loseNextAnswer', { armed: true })

const day = (offset: number) => {
  const d = new Date(Date.now() + offset * 86_400_000)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tilldesk-lost-answer-'))
  ;({ services, cashierId, supervisorId } = await staffedTill(dir, now))
})

afterAll(async () => {
  await services?.stop()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

describe('Demo: lose the answer of the next money-moving request', () => {
  it('a refund: reads in between still answer; the refund is unknown, then found', async () => {
    await asCashier()
    expect(await armed()).toBe(false)
    const payment = await value<{ reference: string }>('payments.start', {
      email: 'buyer@example.com',
      amount: '20000',
      currency: 'NGN',
    })
    await value('payments.simulate', { reference: payment.reference, outcome: 'success' })
    expect(await arm()).toEqual({ armed: true })
    // A lookup and a read before the refund leaves: answered, and the control stays armed.
    expect(await code('refunds.prepare', { paymentReference: payment.reference })).toBe('ok')
    expect(await code('payments.get', { reference: payment.reference })).toBe('ok')
    expect(await armed()).toBe(true)

    await asSupervisor()
    expect(
      await code('refunds.issue', {
        paymentReference: payment.reference,
        kind: 'partial',
        amount: '5000',
        reason: 'Returned item',
      }),
    ).toBe('refund_unconfirmed')
    // Spent on that one request: the gateway's state says so.
    expect(await armed()).toBe(false)
    const [unknown] = await value<RefundView[]>('refunds.unsettled')
    expect(unknown?.paymentReference).toBe(payment.reference)
    // Looked up by its reference (as the screen does): the gateway has it, the till says so.
    const found = await value<RefundView>('refunds.get', { reference: unknown!.reference })
    expect(found.outcome).toBeNull()
    expect(await value<RefundView[]>('refunds.unsettled')).toEqual([])
    expect(found.amount).toBe(500_000)
    expect(found.status).not.toBe('unknown')
  })

  it('a debit: unknown when its answer is lost, then found by lookup', async () => {
    await asCashier()
    const banks = await value<Array<{ code: string }>>('mandates.banks')
    const mandate = await value<{ mandateReference: string; status: string }>('mandates.create', {
      customerName: 'Fatou Diallo',
      customerEmail: 'fatou@example.com',
      bankCode: banks[0]!.code,
      accountNumber: '0123456789',
      startDate: day(0),
      endDate: day(365),
      maxMonthlyAmount: '20000',
      maxMonthlyDebitCount: '2',
      currency: 'NGN',
    })
    const { mandateReference } = mandate
    await value('mandates.initiateActivation', { mandateReference })
    await value('mandates.validateActivation', { mandateReference, otp: '482913', pin: '4321' })
    await arm()
    // The mandate is looked up before the debit leaves: a read, not lost.
    expect(await code('mandates.get', { mandateReference })).toBe('ok')
    const debit = await value<DebitView>('mandates.debit', {
      mandateReference,
      amount: '12000',
      narration: 'January',
    })
    expect(debit.outcome?.state).toBe('unknown')
    expect(await armed()).toBe(false)
    // The till waits out the time a lost request may still land before it trusts a lookup:
    // asked now, it is still unknown; once its clock is past that wait, a lookup settles it.
    const early = await value<DebitView>('mandates.debitStatus', {
      paymentReference: debit.paymentReference,
    })
    expect(early.outcome?.state).toBe('unknown')
    ahead += DEFAULT_VERIFY_AFTER_MS
    const found = await until(
      'the debit found by lookup',
      async () => {
        const now = await value<DebitView>('mandates.debitStatus', {
          paymentReference: debit.paymentReference,
        })
        return now.outcome === null && now
      },
      45_000,
    )
    expect(found.status).not.toBe('not_sent')
    expect(found.amount).toBe(1_200_000)
  }, 60_000)

  it('a payout: its send is lost after the gateway took it, then found by lookup', async () => {
    await asCashier()
    const draft = await draftPayout<PayoutView>(till, '4200', 'Supplies')
    await arm()
    await asSupervisor()
    await value('payouts.approve', {
      reference: draft.reference,
      pin: '135790',
      bindingHash: draft.bindingHash,
    })
    await until('the payout unknown', async () => {
      const list = await value<PayoutsList>('payouts.list')
      return list.items.some((p) => p.reference === draft.reference && p.state === 'unknown')
    })
    expect(await armed()).toBe(false)
    // Past the sender's wait (its 15 s request deadline and the commit lag), "Try again now"
    // looks the unknown one up at once rather than at its next scheduled follow-up.
    ahead += PAYOUT_REQUEST_DEADLINE_MS + COMMIT_LAG_MARGIN_MS
    await value('payouts.retryNow')
    const settled = await until(
      'the payout found by lookup',
      async () => {
        const list = await value<PayoutsList>('payouts.list')
        const now = list.items.find((p) => p.reference === draft.reference)
        return now && !['approved', 'sending', 'unknown'].includes(now.state) ? now : null
      },
      45_000,
    )
    expect(settled.state).not.toBe('failed')
    // One request reached the gateway: the lookup found it, nothing was sent twice.
    expect(settled.sendAttempts).toBe(1)
  }, 60_000)

  it('is turned off again by the trainee, and refused in words outside Demo', async () => {
    await asCashier()
    await arm()
    expect(await value('demo.loseNextAnswer', { armed: false })).toEqual({ armed: false })
    expect(await armed()).toBe(false)
    await value('session.signIn', { userId: (await adminId())!, pin: '123456' })
    await value('environment.switch', { environment: 'sandbox' })
    const refused = await call('demo.loseNextAnswer', { armed: true })
    expect(refused.ok).toBe(false)
    if (!refused.ok) {
      expect(refused.error.code).toBe('demo_only')
      expect(refused.error.message).toMatch(/only in the Demo environment/)
    }
    expect(await code('demo.nextAnswer')).toBe('demo_only')
  })
})

async function adminId(): Promise<string | undefined> {
  const users = await value<Array<{ id: string; role: string }>>('users.list')
  return users.find((u) => u.role === 'admin')?.id
}
