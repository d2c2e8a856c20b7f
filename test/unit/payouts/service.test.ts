import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { PayoutView, PayoutsStatus } from '../../../common/ipc/payouts'
import { AppError } from '../../../main/kernel/errors'
import { recordHash } from '../../../main/payouts/journal'
import { PayoutsService } from '../../../main/payouts/service'
import type { Viewer } from '../../../main/payouts/view'
import { cashier, cashier2, FakeGateway, GOOD_PIN, supervisor, tempDir } from './helpers'

const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

async function setup() {
  const { dir, cleanup } = await tempDir()
  const gateway = new FakeGateway()
  let environment = 'demo'
  let viewer: Viewer | null = { id: cashier.id, role: 'cashier' }
  const changed: PayoutView[] = []
  const statuses: PayoutsStatus[] = []
  const service = new PayoutsService({
    dataDir: dir,
    environment: () => environment,
    gateway: async () => gateway,
    verifyPin: async (_id, pin) => {
      if (pin !== GOOD_PIN) throw new AppError('wrong_pin', 'Wrong PIN.')
    },
    viewer: () => viewer,
    onChanged: (views) => changed.push(...views),
    onStatus: (status) => statuses.push(status),
    sender: { pollMs: 1, retryBaseMs: 2, retryMaxMs: 20, idleMs: 5, reversalWatchMs: 0 },
  })
  await service.start()
  cleanups.push(async () => {
    await service.stop()
    await cleanup()
  })
  await service.refreshBanks()
  return {
    dir,
    gateway,
    service,
    changed,
    statuses,
    setEnvironment: (name: string) => (environment = name),
    setViewer: (next: Viewer | null) => (viewer = next),
  }
}

const input = {
  purpose: 'supplier' as const,
  bankCode: '044',
  accountNumber: '0123456789',
  accountName: 'Okafor Adaeze Ngozi',
  nameConfirmed: false,
  amount: '₦12,500.50',
  narration: 'Invoice 7',
  recipientEmail: null,
}

describe('payouts service', () => {
  it('carries a payout from draft to paid, with views, buttons and counts decided in main', async () => {
    const t = await setup()
    const drafted = await t.service.draft(cashier, { ...input, submit: true })
    expect(drafted).toMatchObject({
      state: 'awaiting_approval',
      amountText: '₦12,500.50',
      stateLabel: 'Waiting for approval',
      actions: ['edit', 'withdraw'],
      approveBlocked: 'Only a supervisor can approve payouts.',
    })
    expect(t.statuses.at(-1)).toMatchObject({ pending: 1, awaitingApproval: 1 })

    t.setViewer({ id: cashier2.id, role: 'cashier' })
    expect((await t.service.list()).items[0]?.actions).toEqual([])
    t.setViewer({ id: supervisor.id, role: 'supervisor' })
    expect((await t.service.list()).items[0]?.actions).toEqual(['edit', 'approve', 'reject'])

    await t.service.approve(supervisor, drafted.reference, GOOD_PIN, drafted.bindingHash)
    const { sender } = await t.service.runtime()
    await sender.idle(5_000)
    const paid = (await t.service.list()).items[0]!
    expect(paid).toMatchObject({
      state: 'success',
      stateLabel: 'Paid',
      progress: { step: 6, tone: 'good' },
    })
    expect(t.changed.map((v) => v.state)).toEqual(
      expect.arrayContaining(['awaiting_approval', 'approved', 'sending', 'submitted', 'success']),
    )
    expect(t.statuses.at(-1)).toMatchObject({ pending: 0, failed: 0 })
  })

  it('shows the audit log (verified) and exports it as re-checkable JSON lines', async () => {
    const t = await setup()
    const drafted = await t.service.draft(cashier, { ...input, submit: true })
    await t.service.reject(supervisor, drafted.reference, GOOD_PIN, 'Wrong invoice')

    await expect(t.service.audit(cashier)).rejects.toMatchObject({ code: 'forbidden_role' })
    const own = await t.service.audit(cashier, drafted.reference)
    expect(own.verification).toMatchObject({ ok: true, records: 3 })
    expect(own.entries.map((e) => [e.who, e.what, e.why])).toEqual([
      ['Sade Supervisor', 'Rejected', 'Wrong invoice'],
      ['Ada Cashier', 'Sent for approval', null],
      [
        'Ada Cashier',
        expect.stringMatching(/^Created: Okafor Adaeze Ngozi, account 0123456789/),
        null,
      ],
    ])

    const exported = await t.service.exportAudit()
    const lines = exported.content
      .trim()
      .split('\n')
      .map(
        (l) =>
          JSON.parse(l) as { seq: number; at: string; prev: string; hash: string; body: unknown },
      )
    expect(lines).toHaveLength(3)
    for (const [i, r] of lines.entries()) {
      // Anyone can re-check: sha256 over the canonical record, chained to the previous one.
      expect(recordHash(r.seq, r.at, r.prev, r.body)).toBe(r.hash)
      if (i > 0) expect(r.prev).toBe(lines[i - 1]!.hash)
    }
    expect(exported.verification.head).toBe(lines.at(-1)!.hash)
  })

  it('reports a tampered journal in the audit view instead of hiding it', async () => {
    const t = await setup()
    await t.service.draft(cashier, { ...input, submit: true })
    const file = join(t.dir, 'demo', 'outbox', 'journal.jsonl')
    const text = await readFile(file, 'utf8')
    await writeFile(file, text.replace('"amount":1250050', '"amount":9250050'))
    const view = await t.service.audit(supervisor)
    expect(view.verification.ok).toBe(false)
    expect(view.verification.problem).toMatch(/damaged.*checksum mismatch/)
  })

  it('keeps each environment’s payouts apart: Demo payouts never reach another gateway', async () => {
    const t = await setup()
    t.gateway.resolveUnavailable = true
    await t.service.draft(cashier, { ...input, submit: false })
    expect((await t.service.list()).items).toHaveLength(1)
    t.setEnvironment('live')
    await t.service.environmentChanged()
    expect((await t.service.list()).items).toHaveLength(0)
    t.setEnvironment('demo')
    await t.service.environmentChanged()
    expect((await t.service.list()).items).toHaveLength(1)
  })

  it('never sends a payout to another environment’s gateway while a switch is under way', async () => {
    const { dir, cleanup } = await tempDir()
    const gateways: Record<string, FakeGateway> = {
      demo: new FakeGateway(),
      live: new FakeGateway(),
    }
    let environment = 'demo'
    const service = new PayoutsService({
      dataDir: dir,
      environment: () => environment,
      gateway: async () => gateways[environment]!,
      verifyPin: async () => undefined,
      viewer: () => null,
      sender: { pollMs: 1, retryBaseMs: 2, retryMaxMs: 20, idleMs: 5, reversalWatchMs: 0 },
    })
    await service.start()
    cleanups.push(async () => {
      await service.stop()
      await cleanup()
    })
    await service.refreshBanks()
    gateways.demo!.resolveUnavailable = true
    const drafted = await service.draft(cashier, { ...input, submit: true })
    await service.approve(supervisor, drafted.reference, GOOD_PIN, drafted.bindingHash)
    const { sender, outbox } = await service.runtime()
    // Settings already say Live; the Demo runtime has not been told yet.
    environment = 'live'
    gateways.demo!.resolveUnavailable = false
    sender.kick()
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(gateways.live!.calls).toEqual([])
    expect(outbox.get(drafted.reference)?.state).toBe('approved')
  })

  it('refuses limit changes that make no sense, and keeps valid ones across restarts', async () => {
    const t = await setup()
    await expect(
      t.service.updatePolicy({ limits: { cashier: { perItem: '500000', perDay: '100000' } } }),
    ).rejects.toMatchObject({
      code: 'invalid_input',
      fields: { 'limits.cashier.perDay': expect.any(String) },
      // Keyed beside each field, for a French screen (common/words/errors.ts).
      fieldSay: { 'limits.cashier.perDay': { key: 'input.form.dailyUnderPerPayout' } },
    })
    await expect(
      t.service.updatePolicy({ limits: { supervisor: { perItem: '', perDay: '0' } } }),
    ).rejects.toMatchObject({
      fieldSay: {
        'limits.supervisor.perItem': { key: expect.stringMatching(/^(money|input\.form)\./) },
        'limits.supervisor.perDay': { key: expect.stringMatching(/^rule\./) },
      },
    })
    const updated = await t.service.updatePolicy({
      limits: { cashier: { perItem: '50000', perDay: '200000' } },
      approvalTtlMinutes: 90,
    })
    expect(updated.limits.cashier).toMatchObject({
      perItemText: '₦50,000.00',
      perDayText: '₦200,000.00',
    })
    await expect(
      t.service.draft(cashier, { ...input, amount: '60000', submit: true }),
    ).rejects.toMatchObject({
      code: 'limit_exceeded',
    })
  })
})
