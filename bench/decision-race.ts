// decision-race: every kind of money-moving request (refunds, payments, debits, payouts) through
// many unknown outcomes, with a supervisor's decision arriving at random moments, against a
// model gateway that keys writes by our reference (test/support/model-gateway.ts: commit lag,
// requests held on the wire and answered late, late landings, foreign records, HTML pages,
// route 404s). Counts, once the gateway has answered everything: `contradictions` (final at
// the till, contradicted by the gateway), `sent_after_decision` (requests that left for a
// reference after it was decided), `decisions_raced` (decisions refused because a request for
// the reference might still land), `unknown_to_till` (gateway records the till doesn't know),
// and for payouts `reversals` (paid transfers the gateway took back within the reversal watch;
// a payout left paid at the till over one is a contradiction) and
// `reversed_paid_without_alarm` (a "paid" decision the gateway reversed with no alarm waiting).
// Refunds, payments and debits run on the driver's clock; payouts run the real sender in
// real time with short waits.
import { raceRun, RIGS, type RigName } from '../test/support/decision-race-rig'
import { payoutsRace, type Totals } from '../test/support/payout-race'
import { emit } from './emit'

const SEEDS_PER_KIND = 40

export async function run(): Promise<void> {
  const all: Totals = {
    contradictions: 0,
    sentAfterDecision: 0,
    decisionsRaced: 0,
    decisions: 0,
    unknown: 0,
    items: 0,
    reversals: 0,
    paidReversed: 0,
    reversedWithoutAlarm: 0,
  }
  const add = (t: Totals) => {
    for (const key of Object.keys(all) as Array<keyof Totals>) all[key] += t[key]
  }
  let kinds = 0
  for (const kind of Object.keys(RIGS) as RigName[]) {
    for (let i = 0; i < SEEDS_PER_KIND; i++) {
      const r = await raceRun(kind, 50_000 + i * 104_729, 80)
      add({
        contradictions: r.contradictions.length,
        sentAfterDecision: r.sentAfterDecision.length,
        decisionsRaced: r.decisionsRaced,
        decisions: r.decisions,
        unknown: r.unknown.length,
        items: r.items,
        reversals: 0,
        paidReversed: 0,
        reversedWithoutAlarm: 0,
      })
    }
    kinds++
  }
  for (let i = 0; i < 3; i++) add(await payoutsRace(900 + i))
  kinds++
  const line = (metric: string, value: number, unit: string, goal: string | null) =>
    emit({ bench: 'decision-race', metric, value, unit, goal })
  line('kinds', kinds, 'kinds', '= 4')
  line('items', all.items, 'requests', null)
  line('decisions', all.decisions, 'decisions', null)
  line('decisions_raced', all.decisionsRaced, 'decisions', '> 0')
  line('contradictions', all.contradictions, 'items', '= 0')
  line('sent_after_decision', all.sentAfterDecision, 'requests', '= 0')
  line('unknown_to_till', all.unknown, 'records', '= 0')
  line('reversals', all.reversals, 'transfers', '> 0')
  line('reversed_paid_decisions', all.paidReversed, 'payouts', null)
  line('reversed_paid_without_alarm', all.reversedWithoutAlarm, 'payouts', '= 0')
}
