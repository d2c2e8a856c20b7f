// The exactly-once core, driven through random interleavings (test/support/decision-race-rig.ts)
// against a model gateway, for every kind kept in a reference journal. Seeded: a failure names
// its seed and replays exactly. Holds, once the gateway has answered everything:
//   - no request for a reference leaves after a person decided it;
//   - nothing is final at the till with a status the gateway's record contradicts (a payout
//     paid at the till the gateway reversed within the reversal watch included);
//   - a payout decided paid that the gateway reversed has an alarm waiting for a supervisor;
//   - every record the gateway holds for our references is known to the till.
import { describe, expect, it } from 'vitest'
import { raceRun, RIGS, type RigName } from '../../support/decision-race-rig'
import { payoutsRace } from '../../support/payout-race'

const SEEDS = Array.from({ length: 12 }, (_, i) => 1_000 + i * 7919)

describe('exactly-once model: random interleavings against a model gateway', () => {
  for (const kind of Object.keys(RIGS) as RigName[]) {
    it(`${kind}: never sent after a decision, never contradicted, nothing unknown`, async () => {
      let items = 0
      for (const seed of SEEDS) {
        const result = await raceRun(kind, seed)
        items += result.items
        expect({ seed, sentAfterDecision: result.sentAfterDecision }).toEqual({
          seed,
          sentAfterDecision: [],
        })
        expect({ seed, contradictions: result.contradictions }).toEqual({
          seed,
          contradictions: [],
        })
        expect({ seed, unknown: result.unknown }).toEqual({ seed, unknown: [] })
      }
      expect(items).toBeGreaterThan(20)
    })
  }
})

describe('exactly-once model: payouts, the real sender in real time', () => {
  it('never sent after a decision, never contradicted, reversals seen, nothing unknown', async () => {
    // Side by side: each run waits on the clock far more than it works.
    const seeds = [900, 901, 902, 903]
    const results = await Promise.all(seeds.map((seed) => payoutsRace(seed)))
    for (const [i, r] of results.entries()) {
      // The gateway took paid transfers back in every run, so the checks met reversals.
      expect({
        seed: seeds[i],
        contradictions: r.contradictions,
        sentAfterDecision: r.sentAfterDecision,
        unknown: r.unknown,
        reversedWithoutAlarm: r.reversedWithoutAlarm,
        items: r.items,
        reversed: r.reversals > 0,
      }).toEqual({
        seed: seeds[i],
        contradictions: 0,
        sentAfterDecision: 0,
        unknown: 0,
        reversedWithoutAlarm: 0,
        items: 40,
        reversed: true,
      })
    }
  })
})
