// The admin's connection test: is it configured, is the gateway reachable (health), does a
// signed request pass, which capabilities does the key hold, and how far off is our clock.
// Every failure carries an explanation the admin can act on (explain.ts).
import type {
  CapabilityResult,
  ConnectionCheck,
  ConnectionReport,
} from '../../common/ipc/environment'
import { ENVIRONMENT_LABEL } from '../../common/ipc/shared'
import type { Capability } from '../../common/api/endpoints'
import type { CapabilityProbe } from '../gateway'
import type { EnvironmentService } from './environment'
import { explainFacts, gatewayFacts } from './explain'

/** Skew the gateway tolerates is ±5 minutes; warn well before that. */
export const SKEW_WARN_SECONDS = 30
export const SKEW_FAIL_SECONDS = 240

export interface ConnectionTestOptions {
  environment: EnvironmentService
  now?: () => number
}

/** What each capability means at this till, in the order the report lists them. */
export const CAPABILITY_LABELS: Record<Capability, string> = {
  virtual_accounts: 'Collections into virtual accounts',
  disbursements: 'Payouts to bank accounts',
  banks: 'Bank list and account name lookup',
  payments: 'Card and checkout payments',
  transactions: 'Payment history',
  direct_debits: 'Direct debit mandates',
  refunds: 'Refunds',
  sandbox: 'Sandbox controls (simulate transfers)',
}

export function judgeSkew(
  skewSeconds: number,
): Pick<ConnectionCheck, 'status' | 'detail' | 'action'> {
  const magnitude = Math.abs(skewSeconds)
  const direction = skewSeconds > 0 ? 'ahead of' : 'behind'
  const rounded = Math.round(magnitude)
  const detail =
    rounded === 0
      ? "This computer's clock matches the gateway's."
      : `This computer's clock is ${rounded} s ${direction} the gateway's.`
  if (magnitude <= SKEW_WARN_SECONDS) return { status: 'pass', detail, action: null }
  const action =
    "Turn on automatic date and time in the operating system's settings. The gateway refuses requests more than 5 minutes off."
  return { status: magnitude <= SKEW_FAIL_SECONDS ? 'warn' : 'fail', detail, action }
}

/** Reads the health body's `time` if it has one, for a skew estimate independent of headers. */
function serverTimeOf(health: unknown): number | null {
  if (health && typeof health === 'object' && 'time' in health) {
    const time = Date.parse(String((health as { time: unknown }).time))
    return Number.isNaN(time) ? null : time
  }
  return null
}

export async function testConnection(options: ConnectionTestOptions): Promise<ConnectionReport> {
  const now = options.now ?? Date.now
  const started = now()
  const state = await options.environment.state()
  const context = { baseUrl: state.baseUrl, keyId: state.keyId }
  const checks: ConnectionCheck[] = []
  const capabilities: CapabilityResult[] = []
  let latencyMs: number | null = null
  let skew: number | null = null

  const report = (): ConnectionReport => ({
    environment: state.environment,
    baseUrl: state.baseUrl,
    keyId: state.keyId,
    ok: checks.every((check) => check.status !== 'fail'),
    startedAt: new Date(started).toISOString(),
    durationMs: Math.max(0, now() - started),
    latencyMs,
    clockSkewSeconds: skew,
    checks,
    capabilities,
  })
  const skipRest = (from: ConnectionCheck['id'][]) => {
    for (const id of from) {
      checks.push({
        id,
        title: TITLES[id],
        status: 'skip',
        detail: 'Not checked: an earlier step failed.',
        action: null,
      })
    }
  }
  const failWith = (id: ConnectionCheck['id'], error: unknown): void => {
    const facts = gatewayFacts(error)
    if (facts) {
      const explanation = explainFacts(facts, context)
      checks.push({
        id,
        title: TITLES[id],
        status: 'fail',
        detail: explanation.problem,
        action: explanation.action,
      })
    } else {
      checks.push({
        id,
        title: TITLES[id],
        status: 'fail',
        detail: error instanceof Error ? error.message : 'The check failed unexpectedly.',
        action: 'Try again; if it persists, restart Tilldesk.',
      })
    }
  }

  // 1. Configuration.
  if (state.notReady) {
    checks.push({
      id: 'configuration',
      title: TITLES.configuration,
      status: 'fail',
      detail: state.notReady,
      action: null,
    })
    skipRest(['reachable', 'signed', 'capabilities', 'clock'])
    return report()
  }
  checks.push({
    id: 'configuration',
    title: TITLES.configuration,
    status: 'pass',
    detail: `${ENVIRONMENT_LABEL[state.environment]} at ${state.baseUrl}, key ${state.keyId} (secret in ${state.secretStorage === 'memory' ? 'memory only' : 'the OS keychain'}).`,
    action: null,
  })

  // 2. Reachable: unauthenticated health.
  const credentials = await options.environment.credentials()
  const client = options.environment.createClient(credentials)
  try {
    const before = now()
    const health = await client.health()
    const after = now()
    latencyMs = after - before
    const serverTime = serverTimeOf(health)
    if (serverTime !== null) skew = Math.round(((before + after) / 2 - serverTime) / 1000)
    checks.push({
      id: 'reachable',
      title: TITLES.reachable,
      status: 'pass',
      detail: `The gateway answered in ${latencyMs} ms.`,
      action: null,
    })
  } catch (error) {
    failWith('reachable', error)
    skipRest(['signed', 'capabilities', 'clock'])
    return report()
  }

  // 3. A signed request. Its outcome also tells us whether the key and secret are right.
  let signedOk = false
  try {
    await client.banks.list()
    signedOk = true
    checks.push({
      id: 'signed',
      title: TITLES.signed,
      status: 'pass',
      detail: `The gateway accepted a request signed with key ${state.keyId}.`,
      action: null,
    })
  } catch (error) {
    const facts = gatewayFacts(error)
    if (facts?.kind === 'missing_capability') {
      signedOk = true
      checks.push({
        id: 'signed',
        title: TITLES.signed,
        status: 'pass',
        detail: `The gateway accepted the signature of key ${state.keyId} (the key lacks the bank-list capability; see below).`,
        action: null,
      })
    } else {
      // A clock problem surfaces here first; the clock step below still reports the skew.
      failWith('signed', error)
    }
  }

  // 4. Capabilities: one cheap signed read per capability (the gateway client's probe).
  if (signedOk) {
    const probes = await client.probeCapabilities()
    const order = Object.keys(CAPABILITY_LABELS) as Capability[]
    for (const capability of order) {
      // Sandbox controls don't exist on a live gateway; asking would only confuse.
      if (capability === 'sandbox' && state.environment === 'live') continue
      const probe = probes.find((candidate) => candidate.capability === capability)
      if (probe) capabilities.push(toCapabilityResult(probe))
    }
    const missing = capabilities.filter((result) => result.state === 'missing')
    const unknown = capabilities.filter((result) => result.state === 'unknown')
    checks.push({
      id: 'capabilities',
      title: TITLES.capabilities,
      status: missing.length > 0 || unknown.length > 0 ? 'warn' : 'pass',
      detail:
        missing.length > 0
          ? `The key lacks: ${missing.map((result) => result.label).join(', ')}.`
          : unknown.length > 0
            ? `Could not confirm: ${unknown.map((result) => result.label).join(', ')}.`
            : 'The key holds every capability Tilldesk uses.',
      action:
        missing.length > 0
          ? 'Screens that need a missing capability will refuse. Grant it in the merchant dashboard → API keys if this till needs it.'
          : unknown.length > 0
            ? 'Run the test again; if it persists, check the gateway status.'
            : null,
    })
  } else {
    skipRest(['capabilities'])
  }

  // 5. Clock. The health body's millisecond timestamp, taken at the request's midpoint, is
  // the finer measure; the client's Date-header reading (whole seconds, gateway minus local)
  // is the fallback.
  const measured = client.clockSkewSeconds
  if (skew === null && measured !== null && Number.isFinite(measured)) skew = -Math.round(measured)
  if (skew === null) {
    checks.push({
      id: 'clock',
      title: TITLES.clock,
      status: 'skip',
      detail: "The gateway's answers carried no time to compare with.",
      action: null,
    })
  } else {
    checks.push({ id: 'clock', title: TITLES.clock, ...judgeSkew(skew) })
  }
  return report()
}

function toCapabilityResult(probe: CapabilityProbe): CapabilityResult {
  const base = { capability: probe.capability, label: CAPABILITY_LABELS[probe.capability] }
  if (probe.allowed === true) return { ...base, state: 'granted', detail: null }
  if (probe.allowed === false) return { ...base, state: 'missing', detail: null }
  return { ...base, state: 'unknown', detail: probe.detail }
}

const TITLES: Record<ConnectionCheck['id'], string> = {
  configuration: 'Configuration',
  reachable: 'Gateway reachable',
  signed: 'Signed request',
  capabilities: 'Key capabilities',
  clock: 'Clock',
}
