// Payouts: bank list and name enquiry, the outbox (draft → approval → sending → final), the
// supervisor's approvals and the audit log. Main decides every amount, state and permitted
// action; these views carry the decision to the Payouts and Approvals screens.
import * as z from 'zod'
import { REFERENCE_PATTERN } from '../api/primitives'
import type { Minor } from '../money'
import { defineChannels, defineEvents, payload, returns, type Said } from './contract'
import { NoInput, PinSchema } from './shared'

export type PayoutStateName =
  | 'draft'
  | 'awaiting_approval'
  | 'approved'
  | 'sending'
  | 'unknown'
  | 'submitted'
  | 'success'
  | 'failed'
  | 'reversed'
  | 'rejected'
  | 'needs_review'
  | 'expired'

export type PayoutPurpose = 'supplier' | 'refund' | 'cash_out'

/** Buttons the signed-in user may press on a payout; main decides. */
export type PayoutActionName =
  | 'edit'
  | 'submit'
  | 'resubmit'
  | 'withdraw'
  | 'acceptBankName'
  | 'approve'
  | 'reject'
  | 'decideOutcome'
  | 'acknowledgeAlarm'

export interface BankOption {
  name: string
  code: string
}

// Bank search, shared by the picker and main: name, word starts ("guar tru"), initials
// ("gtb") and codes ("058").
const words = (text: string): string[] =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9 ]+/g, ' ')
    .split(' ')
    .filter(Boolean)

/** Lower is better; null means no match. */
export function bankMatchRank(bank: BankOption, query: string): number | null {
  const q = query.trim().toLowerCase()
  if (q === '') return 5
  if (bank.code === q) return 0
  if (/^\d+$/.test(q) && bank.code.startsWith(q)) return 1
  const name = bank.name.toLowerCase()
  if (name.startsWith(q)) return 2
  const nameWords = words(bank.name)
  const queryWords = words(q)
  if (
    queryWords.length > 0 &&
    queryWords.every((qw) => nameWords.some((nw) => nw.startsWith(qw)))
  ) {
    return 3
  }
  const initials = nameWords.map((w) => w[0]).join('')
  if (q.length >= 2 && initials.startsWith(q.replace(/\s+/g, ''))) return 4
  if (name.includes(q)) return 5
  return null
}

export function searchBanks(banks: readonly BankOption[], query: string, limit = 50): BankOption[] {
  return banks
    .map((bank) => ({ bank, rank: bankMatchRank(bank, query) }))
    .filter((entry): entry is { bank: BankOption; rank: number } => entry.rank !== null)
    .sort((a, b) => a.rank - b.rank || a.bank.name.localeCompare(b.bank.name))
    .slice(0, limit)
    .map((entry) => entry.bank)
}

export interface BanksView {
  banks: BankOption[]
  /** ISO time of the last fetch from the gateway; null if never. */
  fetchedAt: string | null
  /** More than a day old: shown, and refreshed when the gateway is reachable. */
  stale: boolean
}

export type NameEnquiryView =
  | { kind: 'resolved'; accountName: string; bankName: string }
  | { kind: 'no_account'; message: string; say?: Said }
  | { kind: 'unavailable'; message: string; say?: Said }

/** Where a payout is on its way, for a progress bar: step of steps, and a tone. */
export interface PayoutProgress {
  step: number
  of: number
  tone: 'neutral' | 'busy' | 'good' | 'bad' | 'attention'
}

/**
 * A payout whose outcome Tilldesk could not find out: why, in words, what was tried and what
 * the gateway said, and the supervisor's decision once made.
 */
export interface PayoutOutcomeView {
  why: string
  /** `why` keyed for the screen's language (renderer/i18n/errors.ts), when our words made it. */
  whySay?: Said
  since: string
  steps: Array<{ at: string; call: 'send' | 'verify'; said: string }>
  decided: {
    outcome: 'paid' | 'not_paid'
    byName: string
    at: string
    reason: string
    gatewayReference: string | null
  } | null
  /** Why the signed-in user may not decide it (not a supervisor, or they made it), or null. */
  decideBlocked: string | null
  /** The same, keyed; only when blocked. */
  decideBlockedSay?: Said
  /** The gateway later contradicted the decision and won: in words, and who acknowledged it. */
  alarm?: { text: string; at: string; acknowledgedBy: string | null }
}

export interface PayoutView {
  reference: string
  state: PayoutStateName
  stateLabel: string
  /** What the state means for the money, in a sentence. */
  stateMeaning: string
  /** `stateMeaning` keyed, when it is a sentence of ours beyond the state's own (a decision). */
  stateMeaningSay?: Said
  progress: PayoutProgress
  purpose: PayoutPurpose
  purposeLabel: string
  amount: Minor
  amountText: string
  currency: string
  bankCode: string
  bankName: string
  accountNumber: string
  accountName: string
  nameSource: 'bank' | 'typed'
  /** The bank's answer to the latest name enquiry, in words. */
  nameCheckText: string
  nameCheck: { status: 'matched' | 'mismatch'; bankName: string; at: string } | null
  narration: string
  recipientEmail: string | null
  createdBy: { id: string; name: string; role: string }
  createdAt: string
  submittedAt: string | null
  approval: { byName: string; at: string; expiresAt: string; current: boolean } | null
  decision: { byName: string; at: string; reason: string } | null
  reviewReason: string | null
  /** The review reason keyed (`payouts.review`); absent for an older till's own sentence. */
  reviewReasonSay?: Said
  transferStatus: string | null
  sendAttempts: number
  /** The latest problem, in words; `transient` while Tilldesk is still working on it. */
  /** `say`: the same sentence keyed, for the screen's language (older rows have none). */
  problem: { message: string; transient: boolean; say?: Said } | null
  /** The hash an approver approves: it binds amount, bank, account, name and reference. */
  bindingHash: string
  actions: PayoutActionName[]
  /** Why the signed-in user may not approve this one (e.g. they made it), or null. */
  approveBlocked: string | null
  /** The same, keyed for the screen's language (renderer/i18n/errors.ts); only when blocked. */
  approveBlockedSay?: Said
  /** Set once any attempt's outcome was unknown: the evidence and any decision. */
  outcome: PayoutOutcomeView | null
  updatedAt: string
}

export interface PayoutsStatus {
  /** Not final yet: waiting for approval, approved, sending, with the bank, or held. */
  pending: number
  awaitingApproval: number
  needsReview: number
  failed: number
  /** Why nothing can be sent right now (no key, key refused), in words. */
  blocked: string | null
}

export interface PayoutsList {
  items: PayoutView[]
  status: PayoutsStatus
}

export interface AuditEntryView {
  seq: number
  at: string
  reference: string
  who: string
  role: string
  /** What happened, e.g. "Approved", "Attempt 2: the gateway did not answer in time". */
  what: string
  /** A note's `what` keyed, for the screen's language (main/payouts/audit.ts `noteSaid`). */
  whatSay?: Said
  from: string | null
  to: string | null
  /** The reason given (reject, withdraw, hold), when any. */
  why: string | null
  hash: string
  /**
   * The same by name, for the screen's language: the step (a key of ACTIONS), the states, and
   * the payee of a created payout. Absent on a line main words only in English (a note).
   */
  action?: string
  fromState?: string
  toState?: string
  created?: { name: string; account: string; bank: string }
}

export interface AuditVerification {
  ok: boolean
  records: number
  /** Hash of the newest record: write it down to prove later the log was not rewritten. */
  head: string
  problem: string | null
}

export interface AuditView {
  entries: AuditEntryView[]
  verification: AuditVerification
}

export interface AuditExport {
  filename: string
  /** JSON lines exactly as journaled (each with its hash and the previous hash). */
  content: string
  mediaType: string
  verification: AuditVerification
}

export interface RoleLimitsView {
  perItem: Minor
  perDay: Minor
  perItemText: string
  perDayText: string
}

export interface PayoutPolicyView {
  limits: { cashier: RoleLimitsView; supervisor: RoleLimitsView; admin: RoleLimitsView }
  approvalTtlMinutes: number
}

const Reference = z.string().max(64).regex(REFERENCE_PATTERN, 'Unknown payout.')
const BankCode = z.string().regex(/^\d{3,6}$/, 'Pick a bank from the list.')
const AccountNumber = z.string().regex(/^\d{10}$/, 'Enter the 10-digit account number.')
const AmountText = z.string().trim().min(1, 'Enter an amount.').max(40, 'That amount is too long.')
const Reason = z.string().max(300, 'Keep the reason to 300 characters.')
const Purpose = z.enum(['supplier', 'refund', 'cash_out'])
const HolderName = z.string().trim().max(120, 'That name is too long.')
const Email = z.union([z.literal(''), z.email('Enter a valid e-mail address, or leave it empty.')])

const DraftFields = {
  purpose: Purpose,
  bankCode: BankCode,
  accountNumber: AccountNumber,
  accountName: HolderName,
  nameConfirmed: z.boolean(),
  amount: AmountText,
  narration: z.string().max(100, 'Keep the narration to 100 characters.'),
  recipientEmail: Email.nullable(),
}

const LimitText = z.strictObject({ perItem: AmountText, perDay: AmountText })

export const payoutsChannels = defineChannels({
  'banks.list': {
    input: NoInput,
    result: returns<BanksView>(),
    role: 'cashier',
    summary: 'The cached bank list (works offline); refreshes in the background when a day old.',
  },
  'banks.refresh': {
    input: NoInput,
    result: returns<BanksView>(),
    role: 'cashier',
    summary: 'Fetches the bank list from the gateway now.',
  },
  'payouts.resolve': {
    input: z.strictObject({ bankCode: BankCode, accountNumber: AccountNumber }),
    result: returns<NameEnquiryView>(),
    role: 'cashier',
    summary: "Name enquiry: the account holder's name according to the bank.",
  },
  'payouts.list': {
    input: NoInput,
    result: returns<PayoutsList>(),
    role: 'cashier',
    summary: 'Every payout in the outbox, newest first, with what the user may do to each.',
  },
  'payouts.draft': {
    input: z.strictObject({ ...DraftFields, submit: z.boolean() }),
    result: returns<PayoutView>(),
    role: 'cashier',
    summary: 'Creates a payout (reference fixed now); with submit, sends it for approval.',
  },
  'payouts.edit': {
    input: z.strictObject({
      reference: Reference,
      changes: z.strictObject({
        purpose: Purpose.optional(),
        bankCode: BankCode.optional(),
        accountNumber: AccountNumber.optional(),
        accountName: HolderName.optional(),
        nameConfirmed: z.boolean().optional(),
        amount: AmountText.optional(),
        narration: DraftFields.narration.optional(),
        recipientEmail: Email.nullable().optional(),
      }),
    }),
    result: returns<PayoutView>(),
    role: 'cashier',
    summary: 'Changes a payout; any approval is cancelled and it returns to draft.',
  },
  'payouts.submit': {
    input: z.strictObject({ reference: Reference }),
    result: returns<PayoutView>(),
    role: 'cashier',
    summary: 'Sends a draft for approval (checks the name with the bank when online).',
  },
  'payouts.resubmit': {
    input: z.strictObject({ reference: Reference }),
    result: returns<PayoutView>(),
    role: 'cashier',
    summary: 'Sends a payout whose approval expired for approval again.',
  },
  'payouts.acceptBankName': {
    input: z.strictObject({ reference: Reference }),
    result: returns<PayoutView>(),
    role: 'cashier',
    summary: "Takes the bank's holder name for a held payout and sends it for approval.",
  },
  'payouts.withdraw': {
    input: z.strictObject({ reference: Reference, reason: Reason }),
    result: returns<PayoutView>(),
    role: 'cashier',
    summary: 'Stops a payout that has not been sent.',
  },
  'payouts.approve': {
    input: z.strictObject({
      reference: Reference,
      pin: PinSchema,
      bindingHash: z.string().regex(/^[0-9a-f]{64}$/),
    }),
    result: returns<PayoutView>(),
    role: 'supervisor',
    summary: 'Approves exactly the details shown (their hash), re-entering the PIN. Works offline.',
  },
  'payouts.reject': {
    input: z.strictObject({ reference: Reference, pin: PinSchema, reason: Reason }),
    result: returns<PayoutView>(),
    role: 'supervisor',
    summary: 'Rejects a payout with a reason, re-entering the PIN.',
  },
  'payouts.decideOutcome': {
    input: z.discriminatedUnion('outcome', [
      z.strictObject({
        reference: Reference,
        pin: PinSchema,
        outcome: z.literal('paid'),
        gatewayReference: z
          .string()
          .trim()
          .regex(/^[A-Za-z0-9._:/-]{1,100}$/, "Enter the gateway's reference for the transfer."),
        reason: Reason.trim().min(1, 'Say how you know it was paid.'),
      }),
      z.strictObject({
        reference: Reference,
        pin: PinSchema,
        outcome: z.literal('not_paid'),
        reason: Reason.trim().min(1, 'Say why it was not paid.'),
      }),
    ]),
    result: returns<PayoutView>(),
    role: 'supervisor',
    summary:
      "Closes a payout whose outcome is unknown: paid (with the gateway's reference) or not paid (with a reason), re-entering the PIN. Not by its maker.",
  },
  'payouts.acknowledgeAlarm': {
    input: z.strictObject({ reference: Reference }),
    result: returns<PayoutView>(),
    role: 'supervisor',
    summary:
      "Marks as read the alarm of a payout the gateway settled against a supervisor's decision (journaled).",
  },
  'payouts.status': {
    input: NoInput,
    result: returns<PayoutsStatus>(),
    role: 'cashier',
    summary: 'Outbox counts, e.g. how many wait for approval (the supervisor badge).',
  },
  'payouts.retryNow': {
    input: NoInput,
    result: returns<PayoutsStatus>(),
    role: 'cashier',
    summary: 'Retries waiting payouts now instead of after the back-off.',
  },
  'payouts.audit': {
    input: z.strictObject({ reference: Reference.optional() }).optional(),
    result: returns<AuditView>(),
    role: 'cashier',
    summary: "The audit log (one payout's, or all for supervisors), with its chain verified.",
  },
  'payouts.auditExport': {
    input: NoInput,
    result: returns<AuditExport>(),
    role: 'supervisor',
    summary: 'The whole audit log as verifiable JSON lines.',
  },
  'payouts.policy': {
    input: NoInput,
    result: returns<PayoutPolicyView>(),
    role: 'cashier',
    summary: 'Payout limits per role and the approval lifetime.',
  },
  'payouts.updatePolicy': {
    input: z.strictObject({
      limits: z
        .strictObject({
          cashier: LimitText.optional(),
          supervisor: LimitText.optional(),
          admin: LimitText.optional(),
        })
        .optional(),
      approvalTtlMinutes: z
        .number()
        .int()
        .min(5, 'At least 5 minutes.')
        .max(7 * 24 * 60, 'At most 7 days.')
        .optional(),
    }),
    result: returns<PayoutPolicyView>(),
    role: 'admin',
    summary: 'Changes payout limits or the approval lifetime.',
  },
})

export const payoutsEvents = defineEvents({
  /** Payouts that changed (durably), as the signed-in user sees them. */
  'payouts.changed': payload<PayoutView[]>(),
  'payouts.status': payload<PayoutsStatus>(),
})
