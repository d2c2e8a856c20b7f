// A payout decided "not paid" that the gateway later showed as paid carries an alarm a
// supervisor must acknowledge: acknowledging marks it seen (by whom, when), keeps its words,
// is a journal record in the audit log and survives a restart; a cashier may not, a second
// acknowledgement changes nothing, and a hand-written acknowledgement by anyone else, or one
// that rewrites the alarm, is refused on replay.
import { afterEach, describe, expect, it } from 'vitest'
import { overruleAlarm } from '../../../main/exactly-once/alarm'
import { readAudit } from '../../../main/payouts/audit'
import { bindingHash } from '../../../main/payouts/binding'
import { SYSTEM_ACTOR, type PayoutItem } from '../../../main/payouts/model'
import { Outbox } from '../../../main/payouts/outbox'
import { RecordRejectedError } from '../../../main/payouts/records'
import { toView } from '../../../main/payouts/view'
import { rejection } from '../../support/async'
import {
  cashier,
  GOOD_PIN,
  supervisor,
  supervisor2,
  world,
  draftInput,
  type World,
} from './helpers'

let w: World
afterEach(async () => {
  await w?.cleanup()
})

/** Approved, sent, lost, decided "not paid" by supervisor2, then overruled by the gateway. */
async function overruledPayout(): Promise<PayoutItem> {
  const drafted = await w.commands.draft(cashier, draftInput({ submit: true }))
  const approved = await w.commands.approve(
    supervisor,
    drafted.reference,
    GOOD_PIN,
    bindingHash(drafted),
  )
  const ref = approved.reference
  const system = { ref, by: SYSTEM_ACTOR, reason: null, type: 'action' as const }
  await w.outbox.commit([{ ...system, action: 'send', from: 'approved', to: 'sending', patch: {} }])
  await w.outbox.commit([
    {
      ...system,
      action: 'lose',
      from: 'sending',
      to: 'unknown',
      patch: {
        uncertainty: {
          since: w.clock.now,
          lastUnknownAt: null,
          resendRefused: false,
          existsSaid: false,
          steps: [],
        },
      },
    },
  ])
  await w.commands.decideOutcome(supervisor2, ref, GOOD_PIN, {
    outcome: 'not_paid',
    reason: 'Not on the gateway dashboard',
  })
  const alarm = overruleAlarm({
    noun: 'payout',
    reference: ref,
    decidedAs: 'not paid',
    byName: supervisor2.name,
    gatewaySays: 'success',
    at: new Date(w.clock.now).toISOString(),
  })
  const [overruled] = await w.outbox.commit([
    { ...system, action: 'overrule', from: 'rejected', to: 'submitted', patch: { alarm } },
  ])
  return overruled!
}

describe('acknowledging the alarm of an overruled payout', () => {
  it('marks it seen by the supervisor, keeps the words, and is in the audit log', async () => {
    w = await world()
    const item = await overruledPayout()
    expect(toView(item, supervisor).actions).toContain('acknowledgeAlarm')
    expect(toView(item, cashier).actions).not.toContain('acknowledgeAlarm')
    w.clock.now += 60_000
    const seen = await w.commands.acknowledgeAlarm(supervisor, item.reference)
    expect(seen.alarm?.text).toBe(item.alarm?.text)
    expect(seen.alarm?.acknowledged).toEqual({
      byId: supervisor.id,
      byName: supervisor.name,
      byRole: 'supervisor',
      at: new Date(w.clock.now).toISOString(),
    })
    expect(seen.state).toBe(item.state)
    expect(seen.resolution?.outcome).toBe('not_paid')
    const view = toView(seen, supervisor)
    expect(view.actions).not.toContain('acknowledgeAlarm')
    expect(view.outcome?.alarm?.acknowledgedBy).toBe(supervisor.name)
    const audit = await readAudit(w.outbox, item.reference)
    expect(audit.verification.ok).toBe(true)
    expect(audit.entries[0]).toMatchObject({ who: supervisor.name, role: 'supervisor' })
    expect(audit.entries[0]?.what).toMatch(/^Alarm acknowledged.*marked as not paid/)
    // Still acknowledged after a restart: the journal replays it.
    await w.outbox.close()
    w.outbox = await Outbox.open({ dir: w.dir, now: () => w.clock.now })
    expect(w.outbox.get(item.reference)?.alarm?.acknowledged?.byName).toBe(supervisor.name)
  })

  // Settled payouts leave memory at a checkpoint once older than the retention (120 days); the
  // supervisors' list reads memory, so an alarm nobody acknowledged would vanish unread.
  it('keeps an overruled payout whose alarm waits past the retention, until it is acknowledged', async () => {
    w = await world()
    const item = await overruledPayout()
    const system = { ref: item.reference, by: SYSTEM_ACTOR, reason: null, type: 'action' as const }
    await w.outbox.commit([
      { ...system, action: 'succeed', from: 'submitted', to: 'success', patch: {} },
    ])
    w.clock.now += 200 * 86_400_000
    await w.outbox.checkpoint()
    expect(w.outbox.get(item.reference)?.alarm?.acknowledged).toBeNull()
    await w.commands.acknowledgeAlarm(supervisor, item.reference)
    w.clock.now += 200 * 86_400_000
    await w.outbox.checkpoint()
    expect(w.outbox.get(item.reference)).toBeUndefined()
  })

  it('is refused to a cashier and changes nothing a second time', async () => {
    w = await world()
    const item = await overruledPayout()
    const refused = await rejection(w.commands.acknowledgeAlarm(cashier, item.reference))
    expect(refused.code).toBe('forbidden_role')
    expect(w.outbox.get(item.reference)?.alarm?.acknowledged).toBeNull()
    const first = await w.commands.acknowledgeAlarm(supervisor, item.reference)
    const before = (await readAudit(w.outbox, item.reference)).entries.length
    const again = await w.commands.acknowledgeAlarm(supervisor2, item.reference)
    expect(again.alarm?.acknowledged?.byName).toBe(supervisor.name)
    expect((await readAudit(w.outbox, item.reference)).entries.length).toBe(before)
    expect(first.alarm?.acknowledged?.byId).toBe(supervisor.id)
  })

  it('is refused where there is no alarm', async () => {
    w = await world()
    const drafted = await w.commands.draft(cashier, draftInput({ submit: true }))
    const refused = await rejection(w.commands.acknowledgeAlarm(supervisor, drafted.reference))
    expect(refused.code).toBe('wrong_state')
  })

  it('the reducer refuses an acknowledgement by a cashier, one that rewrites the alarm, or an alarm slipped into another note', async () => {
    w = await world()
    const item = await overruledPayout()
    const alarm = item.alarm!
    const note = (by: typeof cashier, text: string, kind: 'alarmAcknowledged' | 'alert') => ({
      type: 'note' as const,
      note: kind,
      ref: item.reference,
      by: { id: by.id, name: by.name, role: by.role },
      state: item.state,
      text: 'seen',
      patch: {
        alarm: { ...alarm, text, acknowledged: { byId: by.id, byName: by.name, at: alarm.at } },
      },
    })
    await expect(w.outbox.commit([note(cashier, alarm.text, 'alarmAcknowledged')])).rejects.toThrow(
      RecordRejectedError,
    )
    await expect(
      w.outbox.commit([note(supervisor, 'All is well.', 'alarmAcknowledged')]),
    ).rejects.toThrow(RecordRejectedError)
    await expect(w.outbox.commit([note(supervisor, alarm.text, 'alert')])).rejects.toThrow(
      RecordRejectedError,
    )
    expect(w.outbox.get(item.reference)?.alarm?.acknowledged).toBeNull()
  })
})
