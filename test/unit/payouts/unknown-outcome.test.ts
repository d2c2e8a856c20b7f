// After an unknown outcome only the gateway's word about our reference settles a payout. A
// later refusal, a 404 that is not "no such record", or silence never makes it `failed`: it
// stays `unknown`, is checked again with back-off over a bounded window, then waits for a
// supervisor in `needs_review` with what was tried and what the gateway said.
import { afterEach, describe, expect, it } from 'vitest'
import { bindingHash } from '../../../main/payouts/binding'
import type { PayoutItem } from '../../../main/payouts/model'
import { PayoutSender, type SenderOptions } from '../../../main/payouts/sender'
import { cashier, draftInput, GOOD_PIN, supervisor, realClock, world, type World } from './helpers'

let w: World
let sender: PayoutSender | null = null
afterEach(async () => {
  await sender?.stop()
  sender = null
  await w?.cleanup()
})

async function approvedItem(): Promise<PayoutItem> {
  const item = await w.commands.draft(cashier, draftInput({ submit: true }))
  return w.commands.approve(supervisor, item.reference, GOOD_PIN, bindingHash(item))
}

function startSender(extra: Partial<SenderOptions> = {}): PayoutSender {
  const s = new PayoutSender({
    outbox: w.outbox,
    gateway: async () => w.gateway,
    resolveName: async () => ({
      kind: 'resolved',
      accountName: 'OKAFOR ADAEZE NGOZI',
      bankName: 'Access Bank',
      at: w.clock.now,
    }),
    now: () => w.clock.now,
    pollMs: 1,
    retryBaseMs: 5,
    retryMaxMs: 20,
    idleMs: 5,
    reversalWatchMs: 0,
    verifyAfterMs: 30,
    unknownWindowMs: 400,
    ...extra,
  })
  s.start()
  return s
}

const notes = async (reference: string): Promise<string[]> => {
  const out: string[] = []
  await w.outbox.history((record) => {
    const body = record.body
    if (body.type !== 'created' && body.ref === reference)
      out.push(body.type === 'note' ? body.text : `${body.action}: ${body.reason ?? ''}`)
  })
  return out
}

describe('payouts: a refusal after an unknown outcome settles nothing', () => {
  it('timeout → verify 404 → resend refused (422): unknown, then needs_review; never failed', async () => {
    w = await world()
    const item = await approvedItem()
    realClock(w)
    w.gateway.initFaults.push(
      { kind: 'timeout', when: 'before' },
      { kind: '422', message: 'Insufficient balance for this transfer' },
    )
    const seen = new Set<string>()
    sender = startSender({ onProgress: (ref) => seen.add(w.outbox.get(ref)?.state ?? '') })
    await sender.idle(5_000)
    const after = w.outbox.get(item.reference)!
    expect(after.state).toBe('needs_review')
    expect(seen.has('failed')).toBe(false)
    expect(after.uncertainty).toMatchObject({ resendRefused: true })
    // The evidence says what was tried, what the gateway said and when.
    const steps = after.uncertainty!.steps.map((s) => `${s.call}: ${s.said}`)
    expect(steps[0]).toMatch(/^send: .*did not answer in time/)
    expect(steps).toContainEqual(expect.stringMatching(/^verify: .*no payout with this reference/))
    expect(steps).toContainEqual(expect.stringMatching(/^send: .*Insufficient balance/))
    for (const step of after.uncertainty!.steps) expect(step.at).toBeGreaterThan(0)
    expect(after.reviewReason).toMatch(/may or may not have been paid/i)
    // Nothing more was sent after the refusal; only lookups by reference.
    expect(w.gateway.count('initialize', item.reference)).toBe(2)
    expect(w.gateway.count('verify', item.reference)).toBeGreaterThanOrEqual(2)
    const history = await notes(item.reference)
    expect(history.some((line) => line.startsWith('refuse'))).toBe(false)
  })

  it('the first attempt lands late after the resend was refused: adopted, paid once', async () => {
    w = await world()
    const item = await approvedItem()
    realClock(w)
    w.gateway.initFaults.push(
      { kind: 'timeout', when: 'before' },
      { kind: '422', message: 'Insufficient balance for this transfer' },
    )
    const original = w.gateway.disbursements.initialize
    let landed = false
    w.gateway.disbursements.verify = ((verify) => async (reference: string) => {
      // The slow first request commits once the resend has been refused.
      if (!landed && w.gateway.count('initialize', reference) >= 2) {
        landed = true
        w.gateway.initFaults.length = 0
        await original({ ...disbursement(item) })
        w.gateway.calls.pop()
      }
      return verify(reference)
    })(w.gateway.disbursements.verify)
    sender = startSender({ unknownWindowMs: 5_000 })
    await sender.idle(5_000)
    expect(w.outbox.get(item.reference)?.state).toBe('success')
    expect(w.gateway.transfers.size).toBe(1)
  })

  it('a 404 that is not "no such record" (route, proxy page) never clears a resend', async () => {
    w = await world()
    const item = await approvedItem()
    realClock(w)
    w.gateway.initFaults.push({ kind: 'timeout', when: 'before' })
    for (let i = 0; i < 50; i++) w.gateway.verifyFaults.push({ kind: '404-route' })
    sender = startSender()
    await sender.idle(5_000)
    expect(w.gateway.count('initialize', item.reference)).toBe(1)
    const after = w.outbox.get(item.reference)!
    expect(after.state).toBe('needs_review')
    expect(after.uncertainty!.steps.map((s) => s.said)).toContainEqual(
      expect.stringMatching(/without saying whether it has this payout/),
    )
  })

  it('waits the minimum time after a timeout before it verifies', async () => {
    w = await world()
    const item = await approvedItem()
    realClock(w)
    w.gateway.initFaults.push({ kind: 'timeout', when: 'before' })
    const stamps: Array<[string, number]> = []
    const init = w.gateway.disbursements.initialize
    const verify = w.gateway.disbursements.verify
    w.gateway.disbursements.initialize = async (body) => {
      try {
        return await init(body)
      } finally {
        stamps.push(['initialize', w.clock.now])
      }
    }
    w.gateway.disbursements.verify = async (reference) => {
      stamps.push(['verify', w.clock.now])
      return verify(reference)
    }
    sender = startSender({ verifyAfterMs: 250 })
    await sender.idle(5_000)
    expect(w.outbox.get(item.reference)?.state).toBe('success')
    const timedOutAt = stamps[0]![1]
    const firstVerify = stamps.find(([call]) => call === 'verify')![1]
    expect(firstVerify - timedOutAt).toBeGreaterThanOrEqual(250)
  })

  it('commit lag: 409 on the resend while verify cannot see it yet → keeps checking, adopts', async () => {
    w = await world()
    const item = await approvedItem()
    realClock(w)
    w.gateway.commitLagVerifies = 3
    w.gateway.initFaults.push({ kind: 'timeout', when: 'after' })
    sender = startSender({ unknownWindowMs: 5_000 })
    await sender.idle(5_000)
    expect(w.outbox.get(item.reference)?.state).toBe('success')
    expect(w.gateway.transfers.size).toBe(1)
  })

  it('found in `sending` after a restart, verify 404, resend refused: still unknown, not failed', async () => {
    w = await world()
    const item = await approvedItem()
    await w.outbox.commit([
      {
        type: 'action',
        action: 'send',
        ref: item.reference,
        by: { id: 'system', name: 'Tilldesk', role: 'system' },
        from: 'approved',
        to: 'sending',
        reason: null,
        patch: {},
      },
    ])
    realClock(w)
    w.gateway.initFaults.push({ kind: '422', message: 'Bank not available' })
    sender = startSender()
    await sender.idle(5_000)
    expect(w.outbox.get(item.reference)?.state).toBe('needs_review')
  })

  it('a refusal of the very first request, with nothing unknown before it, is still failed', async () => {
    w = await world()
    const item = await approvedItem()
    realClock(w)
    w.gateway.initFaults.push({ kind: '422', message: 'Insufficient balance for this transfer' })
    sender = startSender()
    await sender.idle(5_000)
    expect(w.outbox.get(item.reference)?.state).toBe('failed')
  })
})

function disbursement(item: PayoutItem) {
  return {
    reference: item.reference,
    amount: item.amount,
    currency: item.currency,
    bank_code: item.bankCode,
    account_number: item.accountNumber,
    narration: item.narration,
  }
}
