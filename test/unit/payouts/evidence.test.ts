// The evidence a supervisor decides on keeps what each attempt was told: a long run of
// "no transfer yet" lookups must not push the gateway's refusal of a resend out of it.
import { expect, it } from 'vitest'
import type { EvidenceStep } from '../../../main/payouts/model'
import { keepEvidence, MAX_EVIDENCE_STEPS } from '../../../main/gateway/evidence'

// Payout evidence is kept by the exactly-once core, as every kind's is.
const withStep = (steps: EvidenceStep[], step: EvidenceStep): EvidenceStep[] =>
  keepEvidence(steps, step, MAX_EVIDENCE_STEPS)

it('keeps the first step and every send, trimming the oldest lookups', () => {
  let steps: EvidenceStep[] = []
  let at = 1
  const add = (call: EvidenceStep['call'], said: string) => {
    steps = withStep(steps, { at: at++, call, said })
  }
  add('send', 'The gateway did not answer in time.')
  add('verify', 'The gateway has no transfer with this reference yet.')
  add('send', 'The gateway refused: Insufficient balance for this transfer')
  for (let i = 0; i < 40; i += 1)
    add('verify', 'The gateway has no transfer with this reference yet.')
  expect(steps.length).toBeLessThanOrEqual(20)
  expect(steps[0]!.said).toMatch(/did not answer in time/)
  expect(steps.filter((s) => s.call === 'send').map((s) => s.said)).toEqual([
    'The gateway did not answer in time.',
    'The gateway refused: Insufficient balance for this transfer',
  ])
  expect(steps.at(-1)!.at).toBe(at - 1)
  // In time order still.
  expect(steps.map((s) => s.at)).toEqual([...steps.map((s) => s.at)].sort((a, b) => a - b))
})

it('keeps every send in the evidence of refunds, payments and debits too', async () => {
  const { keepEvidence } = await import('../../../main/gateway/evidence')
  let steps: Array<{ call: 'send' | 'lookup'; said: string }> = [{ call: 'send', said: 'lost' }]
  steps = keepEvidence(steps, { call: 'send', said: 'refused' })
  for (let i = 0; i < 50; i += 1) steps = keepEvidence(steps, { call: 'lookup', said: 'none' })
  expect(steps.filter((s) => s.call === 'send').map((s) => s.said)).toEqual(['lost', 'refused'])
  expect(steps).toHaveLength(20)
})
