// The maker's till applying decisions made on other tills (main/shop/approvals.ts and
// payouts/commands.ts applyShopDecision): real payouts journals and a fake gateway, with the
// pulled decision events written by hand as the shop sync would hand them over.
import { randomUUID } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import { AppError } from '../../../main/kernel/errors'
import type { StaffMember } from '../../../main/payouts/commands'
import { PayoutsService } from '../../../main/payouts/service'
import { DECISION_KIND, ShopApprovalsApplier } from '../../../main/shop/approvals'
import type { StoredEvent } from '../../../main/shop/events'
import {
  admin,
  cashier,
  cashier2,
  FakeGateway,
  GOOD_PIN,
  supervisor,
  supervisor2,
  tempDir,
} from '../payouts/helpers'

const TILL_A = 'till-front'
const TILL_B = 'till-back'

const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

const member = (p: { id: string; name: string; role: StaffMember['role'] }, disabled = false) => ({
  ...p,
  disabled,
})

async function tillA(options: { send?: boolean } = {}) {
  const { dir, cleanup } = await tempDir()
  const gateway = new FakeGateway()
  const service = new PayoutsService({
    dataDir: dir,
    environment: () => 'demo',
    gateway: async () => gateway,
    verifyPin: async (_id, pin) => {
      if (pin !== GOOD_PIN) throw new AppError('wrong_pin', 'Wrong PIN.')
    },
    viewer: () => null,
    send: options.send ?? true,
    sender: { pollMs: 1, retryBaseMs: 2, retryMaxMs: 20, idleMs: 5, reversalWatchMs: 0 },
  })
  await service.start()
  await service.refreshBanks()
  cleanups.push(async () => {
    await service.stop()
    await cleanup()
  })
  const inbox: StoredEvent[] = []
  let staff: StaffMember[] = [
    member(cashier),
    member(supervisor),
    member(supervisor2),
    member(admin),
  ]
  const errors: unknown[] = []
  const applier = new ShopApprovalsApplier({
    tillId: () => TILL_A,
    payouts: () => service,
    staff: () => staff,
    pulled: () => inbox,
    onError: (error) => errors.push(error),
  })
  let seq = 0
  /** A decision as till B's event, pulled and handed to the applier. */
  const pull = async (
    body: Partial<{
      reference: string
      decision: 'approved' | 'rejected'
      payloadHash: string
      userId: string
      userName: string
      tillId: string
      reason: string
    }>,
  ) => {
    seq += 1
    const event: StoredEvent = {
      eventId: randomUUID(),
      tillId: TILL_B,
      tillSeq: seq,
      serverSeq: seq * 10,
      kind: DECISION_KIND,
      createdAt: new Date().toISOString(),
      signature: 'x'.repeat(86),
      body: {
        tillId: TILL_A,
        decision: 'approved',
        userId: supervisor.id,
        userName: supervisor.name,
        role: 'supervisor',
        reason: '',
        tillName: 'Back counter',
        at: new Date().toISOString(),
        ...body,
      },
    }
    inbox.push(event)
    return event
  }
  const draft = async (by = cashier) =>
    service.draft(by, {
      purpose: 'supplier',
      bankCode: '044',
      accountNumber: '0123456789',
      accountName: 'Okafor Adaeze Ngozi',
      nameConfirmed: false,
      amount: '₦3,500.00',
      narration: 'Invoice 7',
      recipientEmail: null,
      submit: true,
    })
  const state = async (reference: string) => (await service.item(reference))?.state
  const notes = async (reference: string) =>
    (await service.audit(supervisor, reference)).entries.map((e) => `${e.what} | ${e.why ?? ''}`)
  return {
    service,
    gateway,
    applier,
    inbox,
    errors,
    pull,
    draft,
    state,
    notes,
    setStaff: (next: StaffMember[]) => (staff = next),
  }
}

describe("applying other tills' decisions on the maker's till", () => {
  it('an approval from another till is signed here, sent by this till, and said in the audit', async () => {
    const a = await tillA()
    const payout = await a.draft()
    await a.pull({ reference: payout.reference, payloadHash: payout.bindingHash })
    await a.applier.apply(a.inbox)
    const { sender } = await a.service.runtime()
    await sender.idle(5_000)
    expect(await a.state(payout.reference)).toBe('success')
    expect(a.gateway.transfers.size).toBe(1)
    expect(await a.notes(payout.reference)).toContain(
      'Approved | Approved on Back counter by Sade Supervisor.',
    )
    expect(a.errors).toEqual([])
  })

  it('applies a decision once, however often it is pulled', async () => {
    const a = await tillA({ send: false })
    const payout = await a.draft()
    await a.pull({ reference: payout.reference, payloadHash: payout.bindingHash })
    await a.applier.apply(a.inbox)
    const before = (await a.service.audit(supervisor)).verification.records
    await a.applier.apply(a.inbox)
    await a.applier.apply(a.inbox)
    expect((await a.service.audit(supervisor)).verification.records).toBe(before)
    expect(await a.state(payout.reference)).toBe('approved')
  })

  it('an approval lives from when it was made, never from when this till heard of it', async () => {
    const a = await tillA({ send: false })
    const payout = await a.draft()
    const hours = (n: number) => new Date(Date.now() - n * 3_600_000).toISOString()
    // Received by the shop seven hours ago: approved here with the hour it has left.
    const recent = await a.pull({ reference: payout.reference, payloadHash: payout.bindingHash })
    recent.receivedAt = hours(7)
    recent.createdAt = hours(7)
    // Made by a till that decided offline two days ago and told the shop only now.
    const offline = await a.pull({
      reference: payout.reference,
      payloadHash: payout.bindingHash,
      userId: admin.id,
      userName: admin.name,
    })
    offline.createdAt = hours(48)
    offline.receivedAt = new Date().toISOString()
    // Submitted before either was made, as far as this till can tell.
    const item = (await a.service.item(payout.reference))!
    expect(item.submittedAt).not.toBeNull()
    offline.body.request = new Date(item.submittedAt!).toISOString()
    recent.body.request = offline.body.request
    await a.applier.apply(a.inbox)
    const approved = (await a.service.item(payout.reference))!
    expect(approved.state).toBe('approved')
    expect(approved.approval!.expiresAt).toBe(Date.parse(recent.receivedAt) + 8 * 3_600_000)
    expect(
      (await a.notes(payout.reference)).some((l) =>
        /Approval by Ngozi Admin on Back counter: it is too old: it was made at .* or earlier, longer ago than the approval lifetime \(8 hours\)/.test(
          l,
        ),
      ),
    ).toBe(true)
    expect(a.errors).toEqual([])
  })

  it('approve and reject made while partitioned: the rejection wins, in either order', async () => {
    for (const order of [
      ['approved', 'rejected'],
      ['rejected', 'approved'],
    ] as const) {
      const a = await tillA({ send: false })
      const payout = await a.draft()
      for (const decision of order) {
        const who = decision === 'approved' ? supervisor : supervisor2
        await a.pull({
          reference: payout.reference,
          payloadHash: payout.bindingHash,
          decision,
          userId: who.id,
          userName: who.name,
          reason: decision === 'rejected' ? 'Wrong supplier' : '',
        })
      }
      await a.applier.apply(a.inbox)
      expect(await a.state(payout.reference)).toBe('rejected')
      const log = await a.notes(payout.reference)
      expect(log).toContain(
        'Rejected | Rejected on Back counter by Tunde Supervisor: Wrong supplier',
      )
      expect(
        log.some((l) =>
          /Approval by Sade Supervisor on Back counter: another supervisor rejected/.test(l),
        ),
      ).toBe(true)
    }
  })

  it('a rejection that arrives after an approval but before sending still rejects', async () => {
    const a = await tillA({ send: false })
    const payout = await a.draft()
    await a.pull({ reference: payout.reference, payloadHash: payout.bindingHash })
    await a.applier.apply(a.inbox)
    expect(await a.state(payout.reference)).toBe('approved')
    const late = await a.pull({
      reference: payout.reference,
      payloadHash: payout.bindingHash,
      decision: 'rejected',
      userId: supervisor2.id,
      userName: supervisor2.name,
      reason: 'Duplicate invoice',
    })
    await a.applier.apply([late])
    expect(await a.state(payout.reference)).toBe('rejected')
  })

  it('after this till started sending, a rejection is kept as too late and the payout stands', async () => {
    const a = await tillA()
    const payout = await a.draft()
    await a.pull({ reference: payout.reference, payloadHash: payout.bindingHash })
    await a.applier.apply(a.inbox)
    await (await a.service.runtime()).sender.idle(5_000)
    expect(await a.state(payout.reference)).toBe('success')
    const late = await a.pull({
      reference: payout.reference,
      payloadHash: payout.bindingHash,
      decision: 'rejected',
      userId: supervisor2.id,
      userName: supervisor2.name,
      reason: 'Too late',
    })
    await a.applier.apply([late])
    expect(await a.state(payout.reference)).toBe('success')
    expect(
      (await a.notes(payout.reference)).some((l) =>
        /Rejection by Tunde Supervisor on Back counter: it came after this till had started sending/.test(
          l,
        ),
      ),
    ).toBe(true)
  })

  it('a decision made on other details is ignored, with why', async () => {
    const a = await tillA({ send: false })
    const payout = await a.draft()
    await a.pull({ reference: payout.reference, payloadHash: 'f'.repeat(64) })
    await a.applier.apply(a.inbox)
    expect(await a.state(payout.reference)).toBe('awaiting_approval')
    expect((await a.notes(payout.reference)).some((l) => /made on other details/.test(l))).toBe(
      true,
    )
  })

  it("the maker's own decision, from any till, does not count", async () => {
    const a = await tillA({ send: false })
    const payout = await a.draft(supervisor)
    await a.pull({ reference: payout.reference, payloadHash: payout.bindingHash })
    await a.applier.apply(a.inbox)
    expect(await a.state(payout.reference)).toBe('awaiting_approval')
    expect((await a.notes(payout.reference)).some((l) => /they made this payout/.test(l))).toBe(
      true,
    )
  })

  it('only an enabled supervisor or admin of the staff list counts', async () => {
    const a = await tillA({ send: false })
    const payout = await a.draft()
    await a.pull({
      reference: payout.reference,
      payloadHash: payout.bindingHash,
      userId: cashier2.id,
      userName: cashier2.name,
    })
    await a.pull({
      reference: payout.reference,
      payloadHash: payout.bindingHash,
      userId: 'u_stranger000',
      userName: 'Stranger',
    })
    a.setStaff([
      member(cashier),
      member(cashier2),
      member(supervisor, true),
      member(supervisor2),
      member(admin),
    ])
    await a.pull({ reference: payout.reference, payloadHash: payout.bindingHash })
    await a.applier.apply(a.inbox)
    expect(await a.state(payout.reference)).toBe('awaiting_approval')
    const log = await a.notes(payout.reference)
    expect(log.some((l) => /Bode Cashier.*only a supervisor or admin/.test(l))).toBe(true)
    expect(log.some((l) => /Stranger.*only a supervisor or admin/.test(l))).toBe(true)
    expect(log.some((l) => /Sade Supervisor.*disabled/.test(l))).toBe(true)
  })

  it("leaves other tills' payouts alone", async () => {
    const a = await tillA({ send: false })
    const payout = await a.draft()
    await a.pull({
      reference: payout.reference,
      payloadHash: payout.bindingHash,
      tillId: 'till-office',
    })
    await a.applier.apply(a.inbox)
    expect(await a.state(payout.reference)).toBe('awaiting_approval')
    expect(await a.notes(payout.reference)).toHaveLength(2)
  })

  it('the payouts command checks again what the rule passed: details, staff, maker', async () => {
    const a = await tillA({ send: false })
    const payout = await a.draft(supervisor2)
    const decision = {
      eventId: randomUUID(),
      reference: payout.reference,
      decision: 'approved' as const,
      payloadHash: payout.bindingHash,
      userId: supervisor.id,
      userName: supervisor.name,
      tillName: 'Back counter',
      reason: '',
      decidedAt: Date.now(),
      request: null,
    }
    const counts = { kind: 'counts' as const }
    const apply = (change: Partial<typeof decision>, approver: StaffMember | null) =>
      a.service.applyShopDecision(
        { ...decision, eventId: randomUUID(), ...change },
        approver,
        counts,
      )
    expect(await apply({ payloadHash: 'e'.repeat(64) }, member(supervisor))).toBe('ignored')
    expect(await apply({}, null)).toBe('ignored')
    expect(await apply({}, member(supervisor, true))).toBe('ignored')
    expect(await apply({ userId: cashier.id }, member(cashier))).toBe('ignored')
    expect(
      await apply({ userId: supervisor2.id, userName: supervisor2.name }, member(supervisor2)),
    ).toBe('ignored')
    expect(await a.state(payout.reference)).toBe('awaiting_approval')
    const once = { ...decision, eventId: randomUUID() }
    expect(await a.service.applyShopDecision(once, member(supervisor), counts)).toBe('approved')
    expect(await a.state(payout.reference)).toBe('approved')
    // Pulled again (after a crash between applying and saving the cursor): nothing twice.
    expect(await a.service.applyShopDecision(once, member(supervisor), counts)).toBe('already')
  })
})
