// Training controls for the Demo environment only: play the customer (send a transfer from
// their bank) and play the network (an outage, or the next payout's, refund's or debit's answer
// lost after the gateway took it). All go to the embedded sandbox through its signed control
// endpoints and its own fault rules; in Sandbox and Live they are refused in main, not just hidden.
import type { FaultRule } from '../../common/api/sandboxControls'
import type { collectionsChannels } from '../../common/ipc/collections'
import type { CoreServices } from '../compose/core'
import type { Handlers } from '../ipc/handlers'
import { parseAmountDue } from './charges'
import { CollectionsError, collectionsRefusal } from './errors'
import { readFailure } from './gatewayPort'

type DemoChannels = Pick<
  typeof collectionsChannels,
  | 'demo.simulateTransfer'
  | 'demo.simulateOutage'
  | 'demo.outage'
  | 'demo.loseNextAnswer'
  | 'demo.nextAnswer'
>

/** The rule the simulated outage sets: every call but /health and the controls answers 502. */
const OUTAGE = { kind: '502', rate: 1, when: 'before', retry_after_seconds: 1 } as const

/**
 * The requests that move money: a payout, a refund, a debit (and a debit's disbursement). A
 * hosted payment's initialize moves none (the customer pays later), and lookups, name checks and
 * mandate steps are left alone, so the till meets the lost answer where it matters and then
 * learns the truth by looking the reference up.
 */
const MONEY_MOVING = [
  '/disbursements/initialize',
  '/refunds/initialize',
  '/direct-debits/debit',
  '/direct-debits/disburse',
]

/** The next money-moving request commits, then its connection is reset: once, then gone. */
const LOSE_NEXT_ANSWER = {
  kind: 'reset',
  rate: 1,
  when: 'after',
  method: 'POST',
  path_prefixes: MONEY_MOVING,
  times: 1,
  retry_after_seconds: 1,
} as const

const isOutage = (rule: FaultRule) => rule.kind === OUTAGE.kind && rule.rate === 1
const isLoseNext = (rule: FaultRule) =>
  rule.kind === LOSE_NEXT_ANSWER.kind && rule.when === 'after' && rule.times !== undefined

type DemoClient = Awaited<ReturnType<CoreServices['environment']['client']>>

/**
 * The gateway's training faults, one changed and the other kept: the outage goes first, so a
 * payout refused by the outage does not spend the lost answer.
 */
async function setTraining(
  client: DemoClient,
  change: { outage?: boolean; loseNext?: boolean },
): Promise<{ outage: boolean; loseNext: boolean }> {
  const { data } = await client.sandbox.getFaults()
  const outage = change.outage ?? data.rules.some(isOutage)
  const loseNext = change.loseNext ?? data.rules.some(isLoseNext)
  const rules: FaultRule[] = [
    ...(outage ? [OUTAGE] : []),
    ...(loseNext ? [{ ...LOSE_NEXT_ANSWER, path_prefixes: [...MONEY_MOVING] }] : []),
  ]
  await client.sandbox.setFaults({ rules })
  return { outage, loseNext }
}

async function demoClient(core: CoreServices, what: 'transfers' | 'outages' | 'answers') {
  if (core.environment.current !== 'demo')
    throw collectionsRefusal('demo_only', { key: `collections.demoOnly.${what}` })
  return core.environment.client()
}

function refused(error: unknown): CollectionsError {
  if (error instanceof CollectionsError) return error
  const f = readFailure(error)
  return collectionsRefusal(f.unavailable ? 'gateway_unavailable' : 'gateway_rejected', {
    key: 'collections.demoRefused',
    params: { message: f.message },
  })
}

export function demoHandlers(core: CoreServices): Handlers<DemoChannels> {
  return {
    'demo.simulateTransfer': async ({ accountReference, amount, status }) => {
      const amountMinor = parseAmountDue(amount)
      try {
        const client = await demoClient(core, 'transfers')
        const result = await client.sandbox.simulateTransfer(accountReference, {
          amount: amountMinor,
          status: status ?? 'success',
        })
        return { reference: result.data.reference }
      } catch (error) {
        throw refused(error)
      }
    },
    'demo.simulateOutage': async ({ active }) => {
      try {
        const client = await demoClient(core, 'outages')
        // Sandbox controls and /health are never faulted, so training can still send transfers.
        return { active: (await setTraining(client, { outage: active })).outage }
      } catch (error) {
        throw refused(error)
      }
    },
    // The gateway's own state, so the training controls never offer to start an outage that
    // is on (the screen that started it may be gone).
    'demo.outage': async () => {
      try {
        const client = await demoClient(core, 'outages')
        const { data } = await client.sandbox.getFaults()
        return { active: data.rules.some(isOutage) }
      } catch (error) {
        throw refused(error)
      }
    },
    'demo.loseNextAnswer': async ({ armed }) => {
      try {
        const client = await demoClient(core, 'answers')
        return { armed: (await setTraining(client, { loseNext: armed })).loseNext }
      } catch (error) {
        throw refused(error)
      }
    },
    // Asked of the gateway: the rule leaves its list once the request it caught is served.
    'demo.nextAnswer': async () => {
      try {
        const client = await demoClient(core, 'answers')
        const { data } = await client.sandbox.getFaults()
        return { armed: data.rules.some(isLoseNext) }
      } catch (error) {
        throw refused(error)
      }
    },
  }
}
