// The admin's connection test: is it configured, is the gateway reachable (health), does a
// signed request pass, which capabilities does the key hold, and how far off is our clock.
// Every failure carries an explanation the admin can act on (explain.ts).
import type {
  CapabilityResult,
  ConnectionCheck,
  ConnectionReport,
} from '../../common/ipc/environment'
import type { Said } from '../../common/ipc/contract'
import type { Capability } from '../../common/api/endpoints'
import { offlineSaid } from '../../common/words/offline'
import { english } from '../kernel/errors'
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

/** The capabilities in the order the report lists them (their words: `connection.capability`). */
export const CAPABILITY_ORDER: readonly Capability[] = [
  'virtual_accounts',
  'disbursements',
  'banks',
  'payments',
  'transactions',
  'direct_debits',
  'refunds',
  'sandbox',
]

const labelSay = (capability: Capability): Said => ({ key: `connection.capability.${capability}` })

/** "A, B, C" as one keyed sentence, each name said in the screen's language. */
function listSaid(items: readonly Said[]): Said {
  return items
    .slice(1)
    .reduce<Said>((first, next) => ({ key: 'connection.list', params: { first, next } }), items[0]!)
}

/** A step's words: main's English from the same keyed sentences the screen says. */
function step(
  id: ConnectionCheck['id'],
  status: ConnectionCheck['status'],
  detail: Said | { text: string; say: Said | undefined },
  action: Said | null = null,
): ConnectionCheck {
  const titleSay: Said = { key: `connection.title.${id}` }
  const shown = 'text' in detail ? detail : { text: english(detail), say: detail }
  return {
    id,
    title: english(titleSay),
    status,
    detail: shown.text,
    action: action && english(action),
    titleSay,
    ...(shown.say ? { detailSay: shown.say } : {}),
    ...(action ? { actionSay: action } : {}),
  }
}

export function judgeSkew(skewSeconds: number): {
  status: ConnectionCheck['status']
  detail: Said
  action: Said | null
} {
  const magnitude = Math.abs(skewSeconds)
  const seconds = Math.round(magnitude)
  const detail: Said =
    seconds === 0
      ? { key: 'connection.clockMatches' }
      : {
          key: skewSeconds > 0 ? 'connection.clockAhead' : 'connection.clockBehind',
          params: { seconds },
        }
  if (magnitude <= SKEW_WARN_SECONDS) return { status: 'pass', detail, action: null }
  const action: Said = { key: 'connection.fixClock' }
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
    for (const id of from) checks.push(step(id, 'skip', { key: 'connection.skipped' }))
  }
  const failWith = (id: ConnectionCheck['id'], error: unknown): void => {
    const facts = gatewayFacts(error)
    if (facts) {
      const explanation = explainFacts(facts, context)
      checks.push(step(id, 'fail', explanation.problemSay, explanation.actionSay))
    } else {
      // The error's own text is an engineer's detail: kept in English, said on screen by key.
      const say: Said = { key: 'connection.unexpected' }
      const text = error instanceof Error ? error.message : english(say)
      checks.push(step(id, 'fail', { text, say }, { key: 'connection.tryRestart' }))
    }
  }

  // 1. Configuration.
  if (state.notReady) {
    // Main's English for why it is not ready, named by key again (common/words/offline.ts).
    checks.push(
      step('configuration', 'fail', { text: state.notReady, say: offlineSaid(state.notReady) }),
    )
    skipRest(['reachable', 'signed', 'capabilities', 'clock'])
    return report()
  }
  checks.push(
    step('configuration', 'pass', {
      key: 'connection.configured',
      params: {
        environment: { key: `environment.${state.environment}` },
        baseUrl: state.baseUrl ?? '',
        keyId: state.keyId ?? '',
        storage: {
          key: state.secretStorage === 'memory' ? 'connection.inMemory' : 'connection.inKeychain',
        },
      },
    }),
  )

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
    checks.push(
      step('reachable', 'pass', { key: 'connection.answered', params: { ms: latencyMs } }),
    )
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
    checks.push(
      step('signed', 'pass', { key: 'connection.accepted', params: { keyId: state.keyId ?? '' } }),
    )
  } catch (error) {
    const facts = gatewayFacts(error)
    if (facts?.kind === 'missing_capability') {
      signedOk = true
      checks.push(
        step('signed', 'pass', {
          key: 'connection.acceptedNoBanks',
          params: { keyId: state.keyId ?? '' },
        }),
      )
    } else {
      // A clock problem surfaces here first; the clock step below still reports the skew.
      failWith('signed', error)
    }
  }

  // 4. Capabilities: one cheap signed read per capability (the gateway client's probe).
  if (signedOk) {
    const probes = await client.probeCapabilities()
    for (const capability of CAPABILITY_ORDER) {
      // Sandbox controls don't exist on a live gateway; asking would only confuse.
      if (capability === 'sandbox' && state.environment === 'live') continue
      const probe = probes.find((candidate) => candidate.capability === capability)
      if (probe) capabilities.push(toCapabilityResult(probe))
    }
    const missing = capabilities.filter((result) => result.state === 'missing')
    const unknown = capabilities.filter((result) => result.state === 'unknown')
    const list = (results: CapabilityResult[]) =>
      listSaid(results.map((result) => result.labelSay!))
    checks.push(
      missing.length > 0
        ? step(
            'capabilities',
            'warn',
            { key: 'connection.lacks', params: { list: list(missing) } },
            { key: 'connection.grantMissing' },
          )
        : unknown.length > 0
          ? step(
              'capabilities',
              'warn',
              { key: 'connection.unconfirmed', params: { list: list(unknown) } },
              { key: 'connection.runAgain' },
            )
          : step('capabilities', 'pass', { key: 'connection.holdsAll' }),
    )
  } else {
    skipRest(['capabilities'])
  }

  // 5. Clock. The health body's millisecond timestamp, taken at the request's midpoint, is
  // the finer measure; the client's Date-header reading (whole seconds, gateway minus local)
  // is the fallback.
  const measured = client.clockSkewSeconds
  if (skew === null && measured !== null && Number.isFinite(measured)) skew = -Math.round(measured)
  if (skew === null) {
    checks.push(step('clock', 'skip', { key: 'connection.noTime' }))
  } else {
    const judged = judgeSkew(skew)
    checks.push(step('clock', judged.status, judged.detail, judged.action))
  }
  return report()
}

function toCapabilityResult(probe: CapabilityProbe): CapabilityResult {
  const say = labelSay(probe.capability)
  const base = { capability: probe.capability, label: english(say), labelSay: say }
  if (probe.allowed === true) return { ...base, state: 'granted', detail: null }
  if (probe.allowed === false) return { ...base, state: 'missing', detail: null }
  return { ...base, state: 'unknown', detail: probe.detail }
}
