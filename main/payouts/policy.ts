// Payout policy (limits per role, approval lifetime), kept in its own small file next to the
// outboxes and replaced atomically. It is till policy, the same in every environment.
//
// The limits and the approval lifetime carry authority, so with a device key (`seal`, the
// till's key from main/integrity/) the file carries the key's HMAC and a generation whose
// latest value is kept in the OS keychain. An edited, deleted or older file is never used:
// payouts stop with the reason in words until an admin saves the policy again.
import { readFile } from 'node:fs/promises'
import { mayAdopt, type JournalSeal } from '../integrity'
import * as z from 'zod'
import type { Said } from '../../common/ipc/contract'
import type { PayoutPolicyView, RoleLimitsView } from '../../common/ipc/payouts'
import { formatMoney, MoneyError, parseUserAmount, type Minor } from '../../common/money'
import { checkAmount } from '../../common/rules'
import { AppError, english, ruleRefusal } from '../kernel/errors'
import { writeFileAtomic } from '../kernel/atomicFile'
import type { PayoutPolicy } from './commands'
import { DEFAULT_LIMITS, type LimitRole, type PayoutLimits, type ShopLimits } from './limits'

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

const POLICY_DOMAIN = 'payouts.policy.v1'

export class PolicyStore {
  #data: PolicyFile
  #generation = 0
  /** Why the file is not trusted (in words), or null. */
  #problem: string | null = null

  private constructor(
    private readonly file: string,
    data: PolicyFile,
    private readonly seal: JournalSeal | null,
  ) {
    this.#data = data
  }

  static async open(file: string, seal: JournalSeal | null = null): Promise<PolicyStore> {
    let data: PolicyFile = {
      limits: DEFAULT_LIMITS,
      approvalTtlMinutes: DEFAULT_APPROVAL_TTL_MINUTES,
    }
    let raw: Record<string, unknown> | null = null
    try {
      raw = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>
      const parsed = PolicyFile.safeParse(raw)
      if (parsed.success) data = parsed.data as PolicyFile
    } catch {
      // No file yet (or unreadable: the seal check below says so when it matters).
    }
    const store = new PolicyStore(file, data, seal)
    await store.#check(raw)
    return store
  }

  /** Checks the file against its seal and the head in the keychain; adopts an old file once. */
  async #check(raw: Record<string, unknown> | null): Promise<void> {
    const seal = this.seal
    if (!seal?.sealer.enforced) return
    const head = seal.anchor?.head ?? null
    const generation = typeof raw?.generation === 'number' ? raw.generation : 0
    this.#generation = generation
    if (raw === null || raw.seal === undefined) {
      if (head === null && (raw === null || mayAdopt(seal))) {
        // None yet, or a file from before sealing on a till whose key was just made: sealed
        // now, once.
        if (raw !== null) await this.#write(this.#data)
        return
      }
      if (head === null) {
        // No admin ever saved limits here, so the built-in ones apply: the file is ignored.
        this.#data = { limits: DEFAULT_LIMITS, approvalTtlMinutes: DEFAULT_APPROVAL_TTL_MINUTES }
        seal.report?.({
          file: this.file,
          line: null,
          reason:
            'the payout policy file has no seal and no admin ever saved limits on this till, so it was not written by Tilldesk here; its limits and approval lifetime are ignored and the built-in ones apply until an admin saves the policy',
        })
        return
      }
      this.#problem =
        raw === null
          ? 'The payout policy file is missing, but this till wrote one.'
          : 'The payout policy file has no seal (it was replaced outside Tilldesk).'
    } else if (!seal.sealer.check(POLICY_DOMAIN, this.#sealed(this.#data, generation), raw.seal)) {
      this.#problem =
        'The payout limits or the approval lifetime were changed outside Tilldesk (the policy file does not match its seal).'
    } else if (head !== null && generation < head.seq) {
      this.#problem = `The payout policy file is an older copy (version ${generation}; this till last wrote version ${head.seq}).`
    }
    if (this.#problem !== null) {
      seal.report?.({ file: this.file, line: null, reason: this.#problem })
    }
  }

  #sealed(data: PolicyFile, generation: number) {
    return { generation, limits: data.limits, approvalTtlMinutes: data.approvalTtlMinutes }
  }

  async #write(next: PolicyFile): Promise<void> {
    const seal = this.seal
    if (!seal?.sealer.enforced) {
      await writeFileAtomic(this.file, JSON.stringify(next))
      return
    }
    const generation = Math.max(this.#generation, seal.anchor?.head?.seq ?? 0) + 1
    const mac = seal.sealer.seal(POLICY_DOMAIN, this.#sealed(next, generation))
    await writeFileAtomic(this.file, JSON.stringify({ ...next, generation, seal: mac }))
    this.#generation = generation
    seal.anchor?.set({ seq: generation, hash: mac })
  }

  /**
   * The policy commands use; the day follows the computer's time zone (and DST). In a shop the
   * limits carry what the other tills committed (`shop`, limits.ts).
   */
  current(now = Date.now(), shop: ShopLimits | null = null): PayoutPolicy {
    if (this.#problem !== null) {
      throw new AppError(
        'integrity_failed',
        `Payouts are stopped: ${this.#problem} An admin should check the limits and save them again.`,
        { say: { key: 'tamper.policy' } },
      )
    }
    return {
      limits: { ...(this.#data.limits as PayoutLimits), shop },
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
    const refused: Refused = { fields: {}, fieldSay: {} }
    for (const [role, text] of Object.entries(input.limits ?? {}) as [
      LimitRole,
      { perItem: string; perDay: string },
    ][]) {
      const perItem = parseLimit(text.perItem, `limits.${role}.perItem`, refused)
      const perDay = parseLimit(text.perDay, `limits.${role}.perDay`, refused)
      if (perItem !== null && perDay !== null) {
        if (perDay < perItem)
          refuseLimit(refused, `limits.${role}.perDay`, { key: 'input.form.dailyUnderPerPayout' })
        next.limits[role] = { perItem, perDay }
      }
    }
    const first = Object.values(refused.fields)[0]
    if (first)
      throw new AppError('invalid_input', first, { ...refused, say: { key: 'input.checkFields' } })
    if (input.approvalTtlMinutes !== undefined) next.approvalTtlMinutes = input.approvalTtlMinutes
    // An admin saving the policy confirms it: sealed again, and payouts may go on.
    await this.#write(next)
    this.#data = next
    this.#problem = null
    return this.view()
  }
}

/** The limits form's refusals by field: main's English, and the same sentence keyed. */
interface Refused {
  fields: Record<string, string>
  fieldSay: Record<string, Said>
}

function refuseLimit(refused: Refused, field: string, say: Said, message = english(say)): void {
  refused.fields[field] = message
  refused.fieldSay[field] = say
}

function parseLimit(text: string, field: string, refused: Refused): Minor | null {
  try {
    const value = parseUserAmount(text)
    const problem = checkAmount(value)
    if (problem) {
      const rule = ruleRefusal('invalid_amount', field, problem)
      refuseLimit(refused, field, rule.say!, rule.message)
      return null
    }
    return value
  } catch (error) {
    // common/money's refusal, said by its code in other languages (renderer/i18n/errors.ts).
    if (error instanceof MoneyError)
      refuseLimit(
        refused,
        field,
        { key: `money.${error.code}`, params: { text: text.trim() } },
        error.message,
      )
    else refuseLimit(refused, field, { key: 'input.form.enterAmount' })
    return null
  }
}
