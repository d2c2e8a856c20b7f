// The spec-variation switches (docs/sandbox.md, "Spec variations"): which legal-but-unusual
// behaviours are on, set from the CLI (`--variant`) or at run time (POST /sandbox/variants).
// Late answers draw from their own seeded RNG so a chaos run replays exactly.
import { Variants, type VariantsInput } from '../../common/api/sandboxControls'
import { seededRng, type Rng } from '../rng'

export type { Variants, VariantsInput }

const OFF: Variants = Variants.parse({})

export class VariantSwitches {
  private current: Variants = OFF
  private rng: Rng

  constructor(initial: VariantsInput = {}, seed = 1) {
    this.rng = seededRng(seed)
    this.set(initial)
  }

  /** Replaces every switch (omitted ones are off). Throws a ZodError on a bad value. */
  set(input: VariantsInput): Variants {
    this.current = Variants.parse(input)
    return this.get()
  }

  get(): Variants {
    return structuredClone(this.current)
  }

  /** Any switch that rewrites answer bodies: the per-request check when all are off. */
  get reshapes(): boolean {
    const v = this.current
    return (
      v.message_only_errors ||
      v.extra_fields ||
      v.missing_fields ||
      v.unknown_statuses ||
      v.va_status_boolean
    )
  }

  get settings(): Readonly<Variants> {
    return this.current
  }

  /** Milliseconds to hold this write's answer, or 0 to answer at once. */
  lateDelayMs(path: string): number {
    const late = this.current.late_response
    if (!late) return 0
    if (late.path_prefix && !path.startsWith(late.path_prefix)) return 0
    return this.rng.next() < late.rate ? late.delay_ms : 0
  }

  /** Seconds a committed write at `path` stays invisible to lookups, or 0. */
  lagSeconds(path: string): number {
    const lag = this.current.commit_lag
    if (!lag) return 0
    if (lag.path_prefix && !path.startsWith(lag.path_prefix)) return 0
    return lag.seconds
  }
}

const FLAG_NAMES: Record<string, keyof Variants> = {
  'message-only-errors': 'message_only_errors',
  'extra-fields': 'extra_fields',
  'missing-fields': 'missing_fields',
  'unknown-statuses': 'unknown_statuses',
  'va-status-boolean': 'va_status_boolean',
  'va-processing-first': 'va_processing_first',
  'foreign-currency-transfers': 'foreign_currency_transfers',
  'commit-lag': 'commit_lag',
  'late-response': 'late_response',
}

export const VARIANT_FLAG_NAMES = Object.keys(FLAG_NAMES)

/**
 * Parses `--variant` values: comma-separated names, e.g.
 * `extra-fields,commit-lag=5,late-response=20000@0.5` (commit lag in seconds; late response
 * in milliseconds, optionally `@RATE`). Unknown names and bad numbers throw with the choices.
 */
export function parseVariantList(specs: readonly string[]): VariantsInput {
  const out: Record<string, unknown> = {}
  for (const spec of specs.flatMap((s) => s.split(',')).map((s) => s.trim())) {
    if (!spec) continue
    const [rawName = '', value] = spec.split('=', 2)
    const key = FLAG_NAMES[rawName] ?? FLAG_NAMES[rawName.replaceAll('_', '-')]
    if (!key) throw new Error(`Variant "${rawName}": use one of ${VARIANT_FLAG_NAMES.join(', ')}.`)
    if (key === 'commit_lag') {
      const seconds = Number(value ?? '5')
      out[key] = { seconds }
    } else if (key === 'late_response') {
      const [ms = '20000', rate] = (value ?? '').split('@')
      out[key] = { delay_ms: Number(ms || '20000'), ...(rate ? { rate: Number(rate) } : {}) }
    } else {
      if (value !== undefined) throw new Error(`Variant "${rawName}" takes no value.`)
      out[key] = true
    }
  }
  const parsed = Variants.safeParse(out)
  if (!parsed.success)
    throw new Error(
      `Variants: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')} (commit-lag=SECONDS, late-response=MS[@RATE]).`,
    )
  return out as VariantsInput
}
