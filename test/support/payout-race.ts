// Payouts through the decision race (test/support/decision-race-rig.ts has the other kinds):
// the real sender and commands, in real time with short waits, against the model gateway,
// with a second supervisor deciding uncertain payouts at random moments. Seeded.
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
import { isUncertain } from '../../main/payouts/model'
import { Outbox } from '../../main/payouts/outbox'
import { PayoutSender } from '../../main/payouts/sender'
import { ModelGateway, seeded } from './model-gateway'
import { makerAndChecker, UNLIMITED } from './payout-rig'

const PAYOUTS = 40
const FENCE_MS = 60

export interface Totals {
  contradictions: number
  sentAfterDecision: number
  decisionsRaced: number
  decisions: number
  unknown: number
  items: number
}

export async function payoutsRace(seed: number): Promise<Totals> {
  const random = seeded(seed)
  const dir = await mkdtemp(join(tmpdir(), 'tilldesk-race-'))
  const model = new ModelGateway(random, Date.now, {
    initial: 'pending',
    ok: 'success',
    failed: 'failed',
  })
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
    reversalWatchMs: 0,
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
  await new Promise((resolve) => setTimeout(resolve, 1_500))
  await sender.stop()
  for (const item of outbox.items()) {
    const record = model.records.get(item.reference)
    const decidedAt = item.resolution?.at ?? null
    if (decidedAt !== null)
      totals.sentAfterDecision += model.writes.filter(
        (w) => w.reference === item.reference && w.at > decidedAt,
      ).length
    const final = ['success', 'failed', 'rejected', 'reversed'].includes(item.state)
    if (
      final &&
      record &&
      (item.state === 'success' ? record.status === 'failed' : record.status === 'success')
    )
      totals.contradictions++
  }
  const known = new Set([...outbox.items()].map((item) => item.reference))
  totals.unknown = [...model.records.keys()].filter((r) => !known.has(r)).length
  await outbox.close()
  await rm(dir, { recursive: true, force: true })
  return totals
}
