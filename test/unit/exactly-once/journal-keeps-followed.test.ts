// A feature journal trims its oldest final entries past its limit (payments keep 500). An
// entry the exactly-once core still has work on must survive the trim: a decision watched for
// the gateway's reversal window (a later record for its reference is checked against it), and
// an overruled decision whose alarm no supervisor has read. Before, payments and debits
// dropped a decided "not paid" entry and every alarmed one as soon as newer entries pushed it
// past the limit, so the watch ended and the alarm vanished unread; refunds kept "not
// refunded" forever and dropped an alarmed refund.
import type { ZodType } from 'zod'
import { describe, expect, it } from 'vitest'
import { Journal, memoryStorage } from '../../../main/payments/journal'
import { PaymentEntry } from '../../../main/payments/payment-entry'
import { paymentsKeep } from '../../../main/payments/module'
import { refundsKeep } from '../../../main/refunds/module'
import { RefundEntry } from '../../../main/refunds/refund-entry'
import { DECIDED_WATCH_MS } from '../../../main/exactly-once/write-deps'
import type { Alarm } from '../../../main/exactly-once/alarm'
import type { Resolution } from '../../../main/exactly-once/decision'

const T0 = Date.parse('2026-11-20T09:00:00Z')
const at = (ms: number) => new Date(ms).toISOString()

const decision = (when: number, made: boolean): Resolution => ({
  made,
  byId: 'u_super0001',
  byName: 'Bisi',
  at: at(when),
  reason: 'Customer shows no debit',
  gatewayReference: null,
})
const alarm = (when: number, read: boolean): Alarm => ({
  text: 'The gateway now reports it as success.',
  at: at(when),
  acknowledged: read ? { byId: 'u_super0002', byName: 'Tunde', at: at(when + 60_000) } : null,
})

function payment(
  reference: string,
  createdMs: number,
  extra: Partial<PaymentEntry> = {},
): PaymentEntry {
  return {
    reference,
    status: 'success',
    email: 'ada@example.com',
    customerName: null,
    description: null,
    amount: 150_000 as PaymentEntry['amount'],
    currency: 'NGN',
    amountRefunded: 0 as PaymentEntry['amount'],
    paymentMethod: null,
    authorizationUrl: null,
    createdAt: at(createdMs),
    paidAt: null,
    verifiedAt: null,
    takenBy: 'Ada',
    notice: null,
    ...extra,
  }
}

function refund(
  reference: string,
  createdMs: number,
  extra: Partial<RefundEntry> = {},
): RefundEntry {
  return {
    reference,
    paymentReference: 'PAY_1',
    amount: 5_000 as RefundEntry['amount'],
    currency: 'NGN',
    status: 'success',
    reason: null,
    failureReason: null,
    createdAt: at(createdMs),
    updatedAt: at(createdMs),
    issuedBy: 'Bisi',
    ...extra,
  }
}

/** A journal of `limit` with the module's own rule, filled past its limit with newer settled entries. */
function crowded<T extends { createdAt: string }>(
  schema: ZodType<T>,
  keep: (now: () => number) => (entry: T) => boolean,
  clock: { now: number },
  keyOf: (entry: T) => string,
) {
  return new Journal<T>({
    name: 'test',
    schema,
    storage: memoryStorage(),
    keyOf,
    timeOf: (e) => e.createdAt,
    limit: 3,
    keep: keep(() => clock.now),
  })
}

describe('payments journal', () => {
  it('keeps a decided "not paid" payment for the reversal window, then lets it go', () => {
    const clock = { now: T0 }
    const journal = crowded(PaymentEntry, paymentsKeep, clock, (e) => e.reference)
    journal.put(payment('PAY_DECIDED', T0, { status: 'not_paid', resolution: decision(T0, false) }))
    for (let i = 1; i <= 5; i++) journal.put(payment(`PAY_${i}`, T0 + i * 1000))
    expect(journal.get('PAY_DECIDED')?.status).toBe('not_paid')

    clock.now = T0 + DECIDED_WATCH_MS + 1000
    journal.put(payment('PAY_6', clock.now))
    expect(journal.get('PAY_DECIDED')).toBeUndefined()
  })

  it('keeps an overruled payment until a supervisor acknowledges its alarm', () => {
    const clock = { now: T0 }
    const journal = crowded(PaymentEntry, paymentsKeep, clock, (e) => e.reference)
    const overruled = payment('PAY_ALARM', T0, {
      status: 'failed',
      resolution: decision(T0, true),
      alarm: alarm(T0 + 5_000, false),
    })
    journal.put(overruled)
    clock.now = T0 + 10 * DECIDED_WATCH_MS
    for (let i = 1; i <= 5; i++) journal.put(payment(`PAY_${i}`, T0 + i * 1000))
    expect(journal.get('PAY_ALARM')?.alarm?.acknowledged).toBeNull()

    journal.put({ ...overruled, alarm: alarm(T0 + 5_000, true) })
    journal.put(payment('PAY_6', clock.now))
    expect(journal.get('PAY_ALARM')).toBeUndefined()
  })
})

describe('refunds journal', () => {
  it('keeps an overruled refund until its alarm is read, and a "not refunded" one only while watched', () => {
    const clock = { now: T0 }
    const journal = crowded(RefundEntry, refundsKeep, clock, (e) => e.reference)
    journal.put(
      refund('RF_ALARM', T0, {
        status: 'success',
        resolution: decision(T0, false),
        alarm: alarm(T0 + 5_000, false),
      }),
    )
    journal.put(refund('RF_NOT', T0, { status: 'not_refunded', resolution: decision(T0, false) }))
    for (let i = 1; i <= 5; i++) journal.put(refund(`RF_${i}`, T0 + i * 1000))
    expect(journal.get('RF_ALARM')?.status).toBe('success')
    expect(journal.get('RF_NOT')?.status).toBe('not_refunded')

    clock.now = T0 + DECIDED_WATCH_MS + 1000
    journal.put(refund('RF_6', clock.now))
    expect(journal.get('RF_NOT')).toBeUndefined()
    expect(journal.get('RF_ALARM')).toBeDefined()
  })
})
