// Training controls for the Demo environment only: play the customer (send a transfer from
// their bank) and play the network (an outage). Both go to the embedded sandbox through its
// signed control endpoints; in Sandbox and Live they are refused in main, not just hidden.
import type { collectionsChannels } from '../../common/ipc/collections'
import type { CoreServices } from '../compose/core'
import type { Handlers } from '../ipc/handlers'
import { parseAmountDue } from './charges'
import { CollectionsError, collectionsRefusal } from './errors'
import { readFailure } from './gatewayPort'

type DemoChannels = Pick<
  typeof collectionsChannels,
  'demo.simulateTransfer' | 'demo.simulateOutage' | 'demo.outage'
>

/** The rule the simulated outage sets: every call but /health and the controls answers 502. */
const OUTAGE = { kind: '502', rate: 1, when: 'before', retry_after_seconds: 1 } as const

async function demoClient(core: CoreServices, what: 'transfers' | 'outages') {
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
        await client.sandbox.setFaults({
          rules: active ? [OUTAGE] : [],
        })
        return { active }
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
        return { active: data.rules.some((rule) => rule.kind === OUTAGE.kind && rule.rate === 1) }
      } catch (error) {
        throw refused(error)
      }
    },
  }
}
