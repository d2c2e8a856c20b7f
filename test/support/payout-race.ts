// Payouts through the decision race (test/support/decision-race-rig.ts has the other kinds):
// the real sender and commands, in real time with short waits, against the model gateway,
// with a second supervisor deciding uncertain payouts at random moments, and the gateway
// reversing some paid transfers at random moments within the reversal watch. Seeded.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Transfer } from '../../common/api/disbursements'
import type { Minor } from '../../common/money'
import { AppError } from '../../main/kernel/errors'
import { HONOURED } from '../../main/exactly-once/trust'
import { bindingHash } from '../../main/payouts/binding'
import { PayoutCommands } from '../../main/payouts/commands'
import type { PayoutsGateway } from '../../main/payouts/gatewayPort'
import { awaitsAcknowledgement } from '../../main/exactly-once/alarm'
import { isUncertain, type PayoutItem } from '../../main/payouts/model'
import { Outbox } from '../../main/payouts/outbox'
import { PayoutSender } from '../../main/payouts/sender'
import { ModelGateway, seeded } from './model-gateway'
import { makerAndChecker, UNLIMITED } from './payout-rig'

const PAYOUTS = 40
const FENCE_MS = 60
/** The gateway takes a paid transfer back within this long after it first showed it paid. */
const REVERSAL_WITHIN_MS = 1_000
/**
 * The till's reversal watch: the gateway's window and room for many looks after it (the
 * watch looks up at its pace, so one as long as the window could miss a reversal made in
 * its last interval).
 */
const REVERSAL_WATCH_MS = 5 * REVERSAL_WITHIN_MS

export interface Totals {
  contradictions: number
  sentAfterDecision: number
  decisionsRaced: number
  decisions: number
  unknown: number
  items: number
  /** Paid transfers the gateway reversed. */
  reversals: number
  /** Payouts decided paid that the gateway reversed. */
  paidReversed: number
  /** Payouts decided paid that the gateway reversed, without an alarm waiting for a supervisor. */
  reversedWithoutAlarm: number
}

/** Whether the gateway's settled status says the transfer was made (pending says nothing). */
const MADE: Record<string, boolean> = { success: true, failed: false }

/**
 * Final at the till with a state the gateway's record contradicts: paid while it says failed
 * or reversed, not paid while it says paid, or anything but reversed while it says reversed.
 */
function contradicted(item: PayoutItem, status: string): boolean {
  if (!['success', 'failed', 'rejected', 'reversed'].includes(item.state)) return false
  if (status === 'reversed') return item.state !== 'reversed'
  const made = MADE[status]
  return made !== undefined && made !== (item.state === 'success')
}

export async function payoutsRace(seed: number): Promise<Totals> {
  const random = seeded(seed)
  const dir = await mkdtemp(join(tmpdir(), 'tilldesk-race-'))
  const model = new ModelGateway(
    random,
    Date.now,
    { initial: 'pending', ok: 'success', failed: 'failed' },
    { status: 'reversed', chance: 0.6, withinMs: REVERSAL_WITHIN_MS },
  )
  const transfer = (r: { reference: string; status: string }, item?: { amount: Minor }): Transfer =>
    ({
      reference: r.reference,
      status: r.status,
      ...(item ? { amount: item.amount } : {}),
    }) as Transfer
  const gateway = {
    banks: {
      list: async () => ({ data: [] }),
      resolve: async () => Promise.reject(new Error('unused')),
    },
    disbursements: {
      initialize: async (body: { reference: string }) =>
        transfer(await model.write(body.reference)),
      verify: async (reference: string) => transfer(await model.lookup(reference)),
    },
  } as unknown as PayoutsGateway
  const outbox = await Outbox.open({ dir })
  const { maker, checker } = makerAndChecker(
    { maker: 'u_racemaker', checker: 'u_racecheck' },
    'Race',
  )
  const decider = { id: 'u_racedecide', name: 'Race Decider', role: 'supervisor' as const }
  const commands = new PayoutCommands({
    outbox,
    now: Date.now,
    policy: () => ({ limits: UNLIMITED, approvalTtlMs: 86_400_000, utcOffsetMinutes: 0 }),
    verifyPin: async () => undefined,
    resolveName: async () => ({
      kind: 'resolved',
      accountName: 'ADA OBI',
      bankName: 'GTB',
      at: Date.now(),
    }),
    recentBankName: () => null,
    bankName: () => 'Guaranty Trust Bank',
    verifyAfterMs: FENCE_MS,
  })
  for (let i = 0; i < PAYOUTS; i++) {
    const item = await commands.draft(maker, {
      purpose: 'supplier',
      bankCode: '058',
      accountNumber: String(1_000_000_000 + i),
      accountName: 'Ada Obi',
      nameConfirmed: false,
      amount: `${100 + i}.00`,
      narration: `Race ${i}`,
      recipientEmail: null,
      submit: true,
    })
    await commands.approve(checker, item.reference, '0000', bindingHash(item))
  }
  const sender = new PayoutSender({
    outbox,
    gateway: async () => gateway,
    resolveName: async () => ({
      kind: 'resolved',
      accountName: 'ADA OBI',
      bankName: 'GTB',
      at: Date.now(),
    }),
    concurrency: 8,
    pollMs: 5,
    maxPollMs: 20,
    retryBaseMs: 5,
    retryMaxMs: 20,
    idleMs: 5,
    reversalWatchMs: REVERSAL_WATCH_MS,
    reversalPollMs: 20,
    requestTimeoutMs: 40,
    verifyAfterMs: FENCE_MS,
    unknownWindowMs: 400,
    reviewPollMs: 30,
    decidedWatchMs: 60_000,
    referenceTrust: random() < 0.5 ? HONOURED : { honoured: () => false, learn: () => undefined },
  })
  sender.start()
  const totals: Totals = {
    contradictions: 0,
    sentAfterDecision: 0,
    decisionsRaced: 0,
    decisions: 0,
    unknown: 0,
    items: PAYOUTS,
    reversals: 0,
    paidReversed: 0,
    reversedWithoutAlarm: 0,
  }
  const until = Date.now() + 2_500
  while (Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 2 + random() * 10))
    if (model.held.length > 0 && random() < 0.5)
      model.release(Math.floor(random() * model.held.length))
    const open = [...outbox.items()].filter((item) => isUncertain(item))
    const pick = open[Math.floor(random() * open.length)]
    if (!pick || random() < 0.5) continue
    try {
      await commands.decideOutcome(decider, pick.reference, '0000', {
        outcome: random() < 0.5 ? 'paid' : 'not_paid',
        reason: 'Race',
        gatewayReference: 'GW-R',
      } as never)
      totals.decisions++
    } catch (error) {
      if (error instanceof AppError && error.code === 'decision_fenced') totals.decisionsRaced++
    }
  }
  model.drain()
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
  await pause(1_500)
  // A transfer paid late (a late landing, found by the decided watch) may be reversed within
  // its window: wait for it, then give the watches many looks at it.
  while (model.reversing()) await pause(REVERSAL_WITHIN_MS / 10)
  // The watches look every 20 ms, later on a loaded machine: the till is read once it agrees
  // with the gateway, or once the watch has had its whole window to see a reversal.
  const agrees = () =>
    [...outbox.items()].every((item) => {
      const record = model.records.get(item.reference)
      return !record || !contradicted(item, record.status)
    })
  for (let end = Date.now() + REVERSAL_WATCH_MS; !agrees() && Date.now() < end;) await pause(20)
  await sender.stop()
  for (const item of outbox.items()) {
    const record = model.records.get(item.reference)
    const decidedAt = item.resolution?.at ?? null
    if (decidedAt !== null)
      totals.sentAfterDecision += model.writes.filter(
        (w) => w.reference === item.reference && w.at > decidedAt,
      ).length
    if (record && contradicted(item, record.status)) totals.contradictions++
    // A "paid" the gateway took back is overruled, and a supervisor must read why.
    const paidReversed = item.resolution?.outcome === 'paid' && record?.status === 'reversed'
    if (paidReversed) totals.paidReversed++
    if (paidReversed && !awaitsAcknowledgement(item.alarm)) totals.reversedWithoutAlarm++
  }
  totals.reversals = model.reversed.length
  const known = new Set([...outbox.items()].map((item) => item.reference))
  totals.unknown = [...model.records.keys()].filter((r) => !known.has(r)).length
  await outbox.close()
  await rm(dir, { recursive: true, force: true })
  return totals
}
