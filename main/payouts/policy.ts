// Payout policy (limits per role, approval lifetime), kept in its own small file next to the
// outboxes and replaced atomically. It is till policy, the same in every environment.
import { readFile } from 'node:fs/promises'
import * as z from 'zod'
import type { PayoutPolicyView, RoleLimitsView } from '../../common/ipc/payouts'
import { formatMoney, MoneyError, parseUserAmount, type Minor } from '../../common/money'
import { AppError } from '../app/errors'
import { writeFileAtomic } from '../app/atomicFile'
import type { PayoutPolicy } from './commands'
import { DEFAULT_LIMITS, type LimitRole, type PayoutLimits } from './limits'

const MinorInt = z.number().int().positive().max(Number.MAX_SAFE_INTEGER)
const RoleLimitsSchema = z.object({ perItem: MinorInt, perDay: MinorInt })
const PolicyFile = z.object({
  limits: z.object({
    cashier: RoleLimitsSchema,
    supervisor: RoleLimitsSchema,
    admin: RoleLimitsSchema,
  }),
  approvalTtlMinutes: z
    .number()
    .int()
    .min(5)
    .max(7 * 24 * 60),
})
type PolicyFile = z.infer<typeof PolicyFile>

export const DEFAULT_APPROVAL_TTL_MINUTES = 8 * 60

export class PolicyStore {
  #data: PolicyFile

  private constructor(
    private readonly file: string,
    data: PolicyFile,
  ) {
    this.#data = data
  }

  static async open(file: string): Promise<PolicyStore> {
    let data: PolicyFile = {
      limits: DEFAULT_LIMITS,
      approvalTtlMinutes: DEFAULT_APPROVAL_TTL_MINUTES,
    }
    try {
      const parsed = PolicyFile.safeParse(JSON.parse(await readFile(file, 'utf8')))
      if (parsed.success) data = parsed.data as PolicyFile
    } catch {
      // No file yet: defaults.
    }
    return new PolicyStore(file, data)
  }

  /** The policy commands use; the day follows the computer's time zone (and DST). */
  current(now = Date.now()): PayoutPolicy {
    return {
      limits: this.#data.limits as PayoutLimits,
      approvalTtlMs: this.#data.approvalTtlMinutes * 60_000,
      utcOffsetMinutes: -new Date(now).getTimezoneOffset(),
    }
  }

  view(): PayoutPolicyView {
    const role = (r: LimitRole): RoleLimitsView => {
      const limits = this.#data.limits[r]
      return {
        perItem: limits.perItem as Minor,
        perDay: limits.perDay as Minor,
        perItemText: formatMoney(limits.perItem as Minor),
        perDayText: formatMoney(limits.perDay as Minor),
      }
    }
    return {
      limits: { cashier: role('cashier'), supervisor: role('supervisor'), admin: role('admin') },
      approvalTtlMinutes: this.#data.approvalTtlMinutes,
    }
  }

  async update(input: {
    limits?: Partial<Record<LimitRole, { perItem: string; perDay: string }>>
    approvalTtlMinutes?: number
  }): Promise<PayoutPolicyView> {
    const next: PolicyFile = structuredClone(this.#data)
    const fields: Record<string, string> = {}
    for (const [role, text] of Object.entries(input.limits ?? {}) as [
      LimitRole,
      { perItem: string; perDay: string },
    ][]) {
      const perItem = parseLimit(text.perItem, `limits.${role}.perItem`, fields)
      const perDay = parseLimit(text.perDay, `limits.${role}.perDay`, fields)
      if (perItem !== null && perDay !== null) {
        if (perDay < perItem)
          fields[`limits.${role}.perDay`] = 'The daily limit must be at least the per-payout limit.'
        next.limits[role] = { perItem, perDay }
      }
    }
    const first = Object.values(fields)[0]
    if (first) throw new AppError('invalid_input', first, { fields })
    if (input.approvalTtlMinutes !== undefined) next.approvalTtlMinutes = input.approvalTtlMinutes
    await writeFileAtomic(this.file, JSON.stringify(next))
    this.#data = next
    return this.view()
  }
}

function parseLimit(text: string, field: string, fields: Record<string, string>): Minor | null {
  try {
    const value = parseUserAmount(text)
    if (value <= 0) {
      fields[field] = 'Enter an amount above zero.'
      return null
    }
    return value
  } catch (error) {
    fields[field] = error instanceof MoneyError ? error.message : 'Enter an amount.'
    return null
  }
}
