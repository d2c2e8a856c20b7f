// The gateway sandbox: a local emulator of the whole gateway interface, importable by the
// Electron main process (Demo environment), tests and benches, and runnable as a CLI.
//
//   const sandbox = await startSandbox({ port: 0 })
//   sandbox.url, sandbox.keys[0]  // sign requests with these
//   await sandbox.close()
import type * as z from 'zod'
import type { EndpointName } from '../common/api/endpoints'
import type { WebhookDelivery } from '../common/api/sandboxControls'
import { minor } from '../common/money'
import { SandboxClock } from './clock'
import { createEmitter } from './events'
import { FaultInjector, HeldSockets, type FaultRule, type FaultRuleInput } from './faults'
import { buildServer } from './http/server'
import {
  KeyConfigSchema,
  KeyRing,
  generateDemoKey,
  type KeyConfig,
  type KeyConfigInput,
} from './keys'
import { Persistence, loadDataFile } from './persistence'
import { seededRng } from './rng'
import { registerRoutes } from './routes'
import { Scheduler } from './scheduler'
import { SandboxState } from './state'
import {
  CommitLagTracker,
  LateReplies,
  VariantSwitches,
  type Variants,
  type VariantsInput,
} from './variants'
import { WebhookDispatcher } from './webhooks'

export type { KeyConfig, KeyConfigInput } from './keys'
export type { FaultRule, FaultRuleInput } from './faults'
export type { Variants, VariantsInput } from './variants'

export interface SandboxOptions {
  /** 0 (default) picks a free port. */
  port?: number
  /** The sandbox listens on loopback only. */
  host?: '127.0.0.1'
  /** Accepted API keys; without them a demo key with every capability is generated. */
  keys?: KeyConfigInput[]
  /** Keep state in this JSON file across restarts (atomic writes). In memory when omitted. */
  dataFile?: string
  /** Merchant webhook URL: every event is delivered here. */
  webhookUrl?: string
  /** Secret for webhook signatures; defaults to the first active API key's secret. */
  webhookSecret?: string
  /** Time from acceptance to the final status of debits, refunds, transfers. Default 2000. */
  settleDelayMs?: number
  /** Base of the webhook retry backoff (1 s on the real gateway). Default 1000. */
  webhookBaseDelayMs?: number
  /** How long one webhook attempt may take. Default 10 000. */
  webhookTimeoutMs?: number
  /** Fault-injection rules from the start (also settable at runtime). */
  faults?: FaultRuleInput[]
  /** Seed for faults and generated account numbers. Default 1. */
  seed?: number
  /** Spec variations from the start (also settable at runtime; docs/sandbox.md). */
  variants?: VariantsInput
  /** How long a "timeout" fault holds the socket before destroying it. Default 60 000. */
  faultHoldMs?: number
  /** Starting payout balance per currency, in minor units. Default ₦100 billion. */
  initialBalanceMinor?: number
  /** Fastify request logging. Default false. */
  logger?: boolean
  /**
   * Benchmarks only (never set by the app): also serve these endpoints at `/bench/bare<path>`
   * without authentication, so a bench compares the same work signed and unsigned.
   */
  benchBareRoutes?: readonly EndpointName[]
}

export interface RunningSandbox {
  /** e.g. http://127.0.0.1:4010 (no trailing slash). */
  url: string
  port: number
  /** Every configured key, including a generated demo key. */
  keys: KeyConfig[]
  /** The generated key when no keys were given, else null. */
  demoKey: KeyConfig | null
  seed: number
  /** The business clock (what /sandbox/clock/advance moves). */
  clock: { now(): Date; advance(seconds: number): void; readonly offsetSeconds: number }
  setFaults(rules: FaultRuleInput[], seed?: number): FaultRule[]
  faults(): FaultRule[]
  /** Replaces every spec-variation switch (omitted ones are off). */
  setVariants(variants: VariantsInput): Variants
  variants(): Variants
  webhookDeliveries(): z.output<typeof WebhookDelivery>[]
  /** Resolves when no webhook delivery is in flight or waiting for a retry. */
  webhooksIdle(): Promise<void>
  /** Writes the data file now (no-op in memory). */
  flush(): Promise<void>
  /** Stops listening, cancels timers and held sockets, flushes the data file. Idempotent. */
  close(): Promise<void>
}

function nonNegative(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback
  if (!Number.isFinite(value) || value < 0) throw new RangeError(`${name} must be a number >= 0.`)
  return value
}

export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  if (options.host !== undefined && options.host !== '127.0.0.1')
    throw new Error('The sandbox listens on 127.0.0.1 only.')
  const keys = (options.keys ?? []).map((k, i) => {
    const parsed = KeyConfigSchema.safeParse(k)
    if (!parsed.success)
      throw new Error(
        `keys[${i}]: ${parsed.error.issues.map((x) => `${x.path.join('.')}: ${x.message}`).join('; ')}`,
      )
    return parsed.data
  })
  const demoKey = keys.length ? null : generateDemoKey()
  if (demoKey) keys.push(demoKey)
  const seed = options.seed ?? 1
  const settleDelayMs = nonNegative('settleDelayMs', options.settleDelayMs, 2000)
  const keyRing = new KeyRing(keys)

  const app = buildServer({ logger: options.logger ?? false })
  const clock = new SandboxClock()
  const scheduler = new Scheduler(clock, (error, task) =>
    app.log.error({ err: error, task }, 'sandbox task failed'),
  )
  const webhooks = new WebhookDispatcher({
    secret: () => options.webhookSecret ?? keyRing.first()?.secret.toString('utf8'),
    baseDelayMs: nonNegative('webhookBaseDelayMs', options.webhookBaseDelayMs, 1000),
    timeoutMs: nonNegative('webhookTimeoutMs', options.webhookTimeoutMs, 10_000),
    wallMs: () => clock.wallMs(),
    businessIso: () => clock.iso(),
  })
  const emit = createEmitter(
    webhooks,
    () => options.webhookUrl,
    () => clock.iso(),
  )
  let persistence: Persistence | null = null
  let baseUrl = ''
  const changed = () => persistence?.changed()
  const state = new SandboxState(
    {
      clock,
      scheduler,
      emit,
      rng: seededRng(seed),
      settleDelayMs,
      changed,
      baseUrl: () => baseUrl,
    },
    options.initialBalanceMinor === undefined ? undefined : minor(options.initialBalanceMinor),
  )
  if (options.dataFile) {
    const saved = loadDataFile(options.dataFile)
    if (saved) state.restore(saved)
    persistence = new Persistence(
      options.dataFile,
      () => state.snapshot(),
      25,
      (error) => app.log.error({ err: error }, 'could not write the sandbox data file'),
    )
  }

  const faults = new FaultInjector(options.faults ?? [], seed)
  const held = new HeldSockets(nonNegative('faultHoldMs', options.faultHoldMs, 60_000))
  const variants = new VariantSwitches(options.variants ?? {}, seed)
  const commitLag = new CommitLagTracker(() => clock.wallMs())
  const lateReplies = new LateReplies()
  registerRoutes(app, {
    variants,
    commitLag,
    lateReplies,
    state,
    clock,
    webhooks,
    changed,
    keys: keyRing,
    tokens: state.sessions,
    faults,
    held,
    benchBareRoutes: options.benchBareRoutes ?? [],
  })

  try {
    await app.listen({ port: options.port ?? 0, host: '127.0.0.1' })
  } catch (error) {
    scheduler.stop()
    await app.close().catch(() => {})
    throw error
  }
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : (options.port ?? 0)
  baseUrl = `http://127.0.0.1:${port}`

  let closing: Promise<void> | null = null
  return {
    url: baseUrl,
    port,
    keys,
    demoKey,
    seed,
    clock: {
      now: () => new Date(clock.nowMs()),
      advance: (seconds) => {
        clock.advance(seconds)
        changed()
      },
      get offsetSeconds() {
        return clock.offsetSeconds
      },
    },
    setFaults: (rules, s) => faults.set(rules, s),
    faults: () => faults.list(),
    setVariants: (v) => variants.set(v),
    variants: () => variants.get(),
    webhookDeliveries: () => webhooks.deliveries(),
    webhooksIdle: () => webhooks.idle(),
    flush: async () => {
      await persistence?.flush()
    },
    close: () =>
      (closing ??= (async () => {
        scheduler.stop()
        held.releaseAll()
        lateReplies.releaseAll()
        await app.close()
        webhooks.close()
        await persistence?.close()
      })()),
  }
}
