// What people do to payouts: draft, edit, send for approval, approve, reject, withdraw.
// Each command checks who is asking and what the rules say, then commits journal records;
// it returns only once they are durable. Maker-checker, limits and approval binding all live
// here (and the reducer re-checks the invariants that matter on every replay).
import { randomBytes } from 'node:crypto'
import { DOCUMENT_WORDS } from '../../common/words'
import {
  DEFAULT_CURRENCY,
  MoneyError,
  parseUserAmount,
  toDecimalString,
  type Currency,
  type Minor,
} from '../../common/money'
import { checkAmount, ruleWords } from '../../common/rules'
import { AppError } from '../app/errors'
import { assertDecidable, COMMIT_LAG_MARGIN_MS } from '../exactly-once/fence'
import type { Sealer } from '../integrity/seal'
import { bindingHash, signApproval } from './binding'
import { STATE_LABEL, STATE_MEANING } from './explain'
import { checkApproverLimits, checkMakerLimits, type LimitRole, type PayoutLimits } from './limits'
import type { ActorRef, EditableFields, NameCheck, PayoutItem, Purpose } from './model'
import { isUncertain, SYSTEM_ACTOR } from './model'
import { namesMatch } from './nameMatch'
import type { NameEnquiryResult } from './nameEnquiry'
import type { Outbox } from './outbox'
import { RecordRejectedError, type ItemPatch, type OutboxRecord } from './records'
import { ACTIONS, canAct, type PayoutAction } from './stateMachine'

export interface PayoutPolicy {
  limits: PayoutLimits
  /** How long an approval stays good if the payout can't be sent (e.g. offline). */
  approvalTtlMs: number
  /** The till's offset from UTC, for "per day" limits. */
  utcOffsetMinutes: number
}

/** A person, as the session and users service know them. */
export interface Person {
  id: string
  name: string
  role: LimitRole
}

/** The sender's default request deadline (15 s) plus the commit lag margin. */
const DEFAULT_DECISION_FENCE_MS = 15_000 + COMMIT_LAG_MARGIN_MS

export interface CommandDeps {
  outbox: Outbox
  now: () => number
  policy: () => PayoutPolicy
  /** Checks a PIN (counting failures towards lockout); throws AppError when wrong. */
  verifyPin: (userId: string, pin: string) => Promise<unknown>
  /** Asks the bank who holds an account. */
  resolveName: (bankCode: string, accountNumber: string) => Promise<NameEnquiryResult>
  /** A name the bank gave within the last minutes, so main knows it was not typed. */
  recentBankName: (
    bankCode: string,
    accountNumber: string,
  ) => { accountName: string; at: number } | null
  /** The bank's display name for a code, or undefined if the code is unknown. */
  bankName: (bankCode: string) => string | undefined
  currency?: Currency
  newReference?: () => string
  /** Signs approvals after the PIN check (the environment's device key); absent: unsigned. */
  approvalSealer?: Sealer | null
  /**
   * How long after a request whose answer was lost a decision stays fenced off: the sender's
   * request deadline plus the commit lag margin (its `verifyAfterMs`). Default 15 s + 15 s.
   */
  decisionFenceMs?: number
}

/** A decision on one of this till's payouts, made on another till of the shop. */
export interface ShopDecision {
  /** The shop event's id: a decision is applied once, however often it is pulled. */
  eventId: string
  reference: string
  decision: 'approved' | 'rejected'
  /** The binding hash of the details the supervisor saw. */
  payloadHash: string
  userId: string
  userName: string
  /** The name of the till it was made on. */
  tillName: string
  reason: string
  /**
   * When it was made, ms: the shop server's receive time of its event, or the deciding till's
   * own signed time when that is earlier (a till that decided offline). Never this till's clock.
   */
  decidedAt: number
  /**
   * The request for approval it was made on: the payout's `submittedAt` (ISO) as this till told
   * it to the shop; null from a till that did not say (then `decidedAt` must be after it).
   */
  request: string | null
}

/** A member of this till's staff list, as the users service knows them. */
export interface StaffMember {
  id: string
  name: string
  role: LimitRole
  disabled: boolean
  /** False when the profile failed its integrity check on this till: it never approves. */
  trusted?: boolean
}

/** What the shop's rule settled for one decision (main/shop/rules.ts). */
export type ShopVerdict =
  { kind: 'counts' } | { kind: 'too_late' } | { kind: 'ignored'; why: string }

export type ShopDecisionOutcome = 'approved' | 'rejected' | 'ignored' | 'too_late' | 'already'

/** A supervisor's decision on an unknown outcome. */
export type OutcomeDecision =
  | { outcome: 'paid'; gatewayReference: string; reason: string }
  | { outcome: 'not_paid'; reason: string }

export interface DraftInput {
  purpose: Purpose
  bankCode: string
  accountNumber: string
  /** The holder name: the bank's (after Resolve) or typed when the bank can't be asked. */
  accountName: string
  /** The cashier ticked "this is the person I mean to pay" for the bank's name. */
  nameConfirmed: boolean
  /** What the cashier typed, e.g. "₦12,500.50"; main parses it. */
  amount: string
  narration: string
  recipientEmail: string | null
}

export type EditInput = Partial<DraftInput>

const PURPOSE_NARRATION: Record<Purpose, string> = {
  supplier: 'Supplier payment',
  refund: 'Customer refund',
  cash_out: 'Cash-out',
}

/** Main's English for what a payout is for; the screens say it from the same words. */
export const PURPOSE_LABEL: Readonly<Record<Purpose, string>> = DOCUMENT_WORDS.en.payout.purposes

/** A merchant reference: unique, URL-safe, readable over the phone. Never changes. */
export function newPayoutReference(now = Date.now()): string {
  return `TDP-${now.toString(36).toUpperCase()}-${randomBytes(5).toString('hex').toUpperCase()}`
}

const asActor = (person: Person): ActorRef => ({
  id: person.id,
  name: person.name,
  role: person.role,
})

const isChecker = (person: Person): boolean =>
  person.role === 'supervisor' || person.role === 'admin'

function parseAmount(text: string): Minor {
  try {
    const amount = parseUserAmount(text)
    const problem = checkAmount(amount)
    if (problem) throw new MoneyError('empty', ruleWords(problem))
    return amount
  } catch (error) {
    if (error instanceof MoneyError) {
      throw new AppError('invalid_amount', error.message, { fields: { amount: error.message } })
    }
    throw error
  }
}

/** The catalogue's key (errors.checkerOnly.…, errors.makerCannot.…) for each checker verb. */
const VERB_KEY = {
  approve: 'approve',
  reject: 'reject',
  'decide the outcome of': 'decide',
} as const

export class PayoutCommands {
  readonly #currency: Currency
  readonly #newReference: () => string

  constructor(private readonly deps: CommandDeps) {
    this.#currency = deps.currency ?? DEFAULT_CURRENCY
    this.#newReference = deps.newReference ?? (() => newPayoutReference(deps.now()))
  }

  #get(reference: string): PayoutItem {
    const item = this.deps.outbox.get(reference)
    if (!item)
      throw new AppError('payout_not_found', 'That payout no longer exists.', {
        say: { key: 'payoutGone' },
      })
    return item
  }

  #assertCan(action: PayoutAction, item: PayoutItem): void {
    if (!canAct(action, item.state)) {
      throw new AppError(
        'wrong_state',
        `This payout can't be changed that way now. ${STATE_MEANING[item.state]}`,
      )
    }
  }

  /** The creator, or any supervisor or admin, works on the maker side. */
  #assertMakerSide(person: Person, item: PayoutItem): void {
    if (item.createdBy.id !== person.id && !isChecker(person)) {
      throw new AppError(
        'not_your_payout',
        `${item.createdBy.name} created this payout; only they or a supervisor can change it.`,
        { say: { key: 'notYourPayout', params: { name: item.createdBy.name } } },
      )
    }
  }

  #assertChecker(
    person: Person,
    item: PayoutItem,
    verb: 'approve' | 'reject' | 'decide the outcome of',
  ): void {
    if (!isChecker(person)) {
      throw new AppError('forbidden_role', `Only a supervisor can ${verb} payouts.`, {
        say: { key: `checkerOnly.${VERB_KEY[verb]}` },
      })
    }
    if (item.makers.includes(person.id)) {
      throw new AppError(
        'maker_cannot_approve',
        `You ${item.createdBy.id === person.id ? 'created' : 'edited'} this payout, so another supervisor must ${verb} it.`,
        {
          say: {
            key: `makerCannot.${item.createdBy.id === person.id ? 'created' : 'edited'}.${VERB_KEY[verb]}`,
          },
        },
      )
    }
  }

  /** Validates form input into the fields of an item, deciding where the name came from. */
  #fields(input: DraftInput): EditableFields & { nameCheck: NameCheck | null } {
    const errors: Record<string, string> = {}
    if (!/^\d{10}$/.test(input.accountNumber))
      errors.accountNumber = 'Enter the 10-digit account number.'
    const bankName = this.deps.bankName(input.bankCode)
    if (!bankName) errors.bankCode = 'Pick a bank from the list.'
    const typedName = input.accountName.trim().replace(/\s+/g, ' ')
    if (typedName.length < 2) errors.accountName = "Enter the account holder's name."
    if (input.recipientEmail && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(input.recipientEmail)) {
      errors.recipientEmail = 'Enter a valid e-mail address, or leave it empty.'
    }
    if (input.narration.trim().length > 100)
      errors.narration = 'Keep the narration to 100 characters.'
    let amount: Minor | null = null
    try {
      amount = parseAmount(input.amount)
    } catch (error) {
      if (error instanceof AppError) errors.amount = error.message
      else throw error
    }
    const first = Object.values(errors)[0]
    if (first !== undefined || amount === null || !bankName) {
      throw new AppError('invalid_input', first ?? 'Check the details.', { fields: errors })
    }
    const recent = this.deps.recentBankName(input.bankCode, input.accountNumber)
    let accountName = typedName
    let nameSource: 'bank' | 'typed' = 'typed'
    let nameCheck: NameCheck | null = null
    if (recent) {
      const match = namesMatch(typedName, recent.accountName)
      nameCheck = {
        status: match ? 'matched' : 'mismatch',
        bankName: recent.accountName,
        at: recent.at,
      }
      if (match && input.nameConfirmed) {
        accountName = recent.accountName
        nameSource = 'bank'
      }
    }
    return {
      purpose: input.purpose,
      amount,
      bankCode: input.bankCode,
      bankName,
      accountNumber: input.accountNumber,
      accountName,
      nameSource,
      nameCheck,
      narration: input.narration.trim() || PURPOSE_NARRATION[input.purpose],
      recipientEmail: input.recipientEmail?.trim() || null,
    }
  }

  /** Creates a draft; with `submit`, sends it for approval in the same step. */
  async draft(person: Person, input: DraftInput & { submit: boolean }): Promise<PayoutItem> {
    const fields = this.#fields(input)
    const now = this.deps.now()
    const item: PayoutItem = {
      reference: this.#newReference(),
      state: 'draft',
      ...fields,
      currency: this.#currency,
      createdBy: asActor(person),
      createdAt: now,
      makers: [person.id],
      submittedAt: null,
      approval: null,
      decision: null,
      reviewReason: null,
      transfer: null,
      sendAttempts: 0,
      problem: null,
      updatedAt: now,
    }
    await this.deps.outbox.commit([{ type: 'created', by: asActor(person), item }])
    if (!input.submit) return this.#get(item.reference)
    return this.submit(person, item.reference)
  }

  async edit(person: Person, reference: string, changes: EditInput): Promise<PayoutItem> {
    const item = this.#get(reference)
    this.#assertMakerSide(person, item)
    this.#assertCan('edit', item)
    const merged: DraftInput = {
      purpose: changes.purpose ?? item.purpose,
      bankCode: changes.bankCode ?? item.bankCode,
      accountNumber: changes.accountNumber ?? item.accountNumber,
      accountName: changes.accountName ?? item.accountName,
      nameConfirmed: changes.nameConfirmed ?? item.nameSource === 'bank',
      amount: changes.amount ?? toDecimalString(item.amount),
      narration: changes.narration ?? item.narration,
      recipientEmail:
        changes.recipientEmail === undefined ? item.recipientEmail : changes.recipientEmail,
    }
    const fields = this.#fields(merged)
    const sameAccount =
      fields.bankCode === item.bankCode && fields.accountNumber === item.accountNumber
    const patch: ItemPatch = {
      ...fields,
      // A name check of the old account says nothing about a new one.
      nameCheck: fields.nameCheck ?? (sameAccount ? item.nameCheck : null),
      approval: null,
      submittedAt: null,
      reviewReason: null,
      makers: addMaker(item.makers, person.id),
    }
    const wasApproved = item.approval !== null
    return this.#act(
      item,
      'edit',
      person,
      wasApproved ? 'Edited after approval; the approval is cancelled.' : null,
      patch,
    )
  }

  async submit(person: Person, reference: string): Promise<PayoutItem> {
    return this.#sendForApproval(person, reference, 'submit')
  }

  /** After an approval expired: the same payout, same reference, approved afresh. */
  async resubmit(person: Person, reference: string): Promise<PayoutItem> {
    return this.#sendForApproval(person, reference, 'resubmit')
  }

  async #sendForApproval(
    person: Person,
    reference: string,
    action: 'submit' | 'resubmit',
  ): Promise<PayoutItem> {
    let item = this.#get(reference)
    this.#assertMakerSide(person, item)
    this.#assertCan(action, item)
    if (item.nameSource === 'bank' && item.nameCheck?.status !== 'matched') {
      throw new AppError(
        'name_not_confirmed',
        "Resolve the account and confirm the holder's name first.",
        { say: { key: 'nameNotConfirmed' } },
      )
    }
    // Ask the bank now if we can; offline, the check runs again before approval or sending.
    const check = await this.#checkName(item)
    item = this.#get(reference)
    this.#assertCan(action, item)
    if (check.hold) {
      if (!canAct('hold', item.state)) {
        // From `expired` the item can't be held; it stays expired with the reason attached.
        throw new AppError('name_mismatch', check.hold)
      }
      return this.#hold(item, check.hold, check.nameCheck)
    }
    this.#assertMakerLimits(item)
    return this.#act(item, action, person, null, {
      submittedAt: this.deps.now(),
      nameCheck: check.nameCheck,
      makers: addMaker(item.makers, person.id),
      problem: null,
    })
  }

  /** From needs_review: take the bank's name as the payee name, and ask for approval again. */
  async acceptBankName(person: Person, reference: string): Promise<PayoutItem> {
    const item = this.#get(reference)
    this.#assertMakerSide(person, item)
    this.#assertCan('acceptBankName', item)
    const bankName = item.nameCheck?.bankName
    if (!bankName) {
      throw new AppError(
        'no_bank_name',
        'The bank gave no name for this account. Edit the account number or withdraw the payout.',
        { say: { key: 'noBankName' } },
      )
    }
    const candidate: PayoutItem = { ...item, accountName: bankName }
    this.#assertMakerLimits(candidate)
    return this.#act(
      item,
      'acceptBankName',
      person,
      `Payee name set to the bank's "${bankName}".`,
      {
        accountName: bankName,
        nameSource: 'bank',
        nameCheck: { status: 'matched', bankName, at: item.nameCheck?.at ?? this.deps.now() },
        reviewReason: null,
        submittedAt: this.deps.now(),
        approval: null,
        makers: addMaker(item.makers, person.id),
      },
    )
  }

  async withdraw(person: Person, reference: string, reason: string): Promise<PayoutItem> {
    const item = this.#get(reference)
    this.#assertMakerSide(person, item)
    this.#assertCan('withdraw', item)
    const why = requireReason(reason)
    return this.#act(item, 'withdraw', person, why, {
      approval: null,
      decision: { by: asActor(person), at: this.deps.now(), reason: why },
    })
  }

  /**
   * A supervisor approves what they saw: `seenHash` is the binding hash the Approvals screen
   * showed. Works offline; the name is checked with the bank first when it can be.
   */
  async approve(
    person: Person,
    reference: string,
    pin: string,
    seenHash: string,
  ): Promise<PayoutItem> {
    this.#assertChecker(person, this.#get(reference), 'approve')
    this.#assertCan('approve', this.#get(reference))
    await this.deps.verifyPin(person.id, pin)
    let item = this.#get(reference)
    this.#assertCan('approve', item)
    this.#assertChecker(person, item, 'approve')
    if (bindingHash(item) !== seenHash) {
      throw new AppError(
        'details_changed',
        'This payout changed while you were looking at it. Check the details again before approving.',
        { say: { key: 'payoutChanged' } },
      )
    }
    const check = await this.#checkName(item)
    item = this.#get(reference)
    this.#assertCan('approve', item)
    if (bindingHash(item) !== seenHash) {
      throw new AppError(
        'details_changed',
        'This payout changed just now. Check the details again.',
        { say: { key: 'payoutChangedNow' } },
      )
    }
    if (check.hold) {
      await this.#hold(item, check.hold, check.nameCheck)
      throw new AppError('held_for_review', `Not approved: ${check.hold}`)
    }
    const policy = this.deps.policy()
    const now = this.deps.now()
    const violation = checkApproverLimits(person, item, this.deps.outbox.items(), policy.limits, {
      now,
      utcOffsetMinutes: policy.utcOffsetMinutes,
    })
    if (violation) throw new AppError('limit_exceeded', violation.message)
    const approval = {
      by: asActor(person),
      at: now,
      expiresAt: now + policy.approvalTtlMs,
      bindingHash: seenHash,
    }
    return this.#act(item, 'approve', person, null, {
      // Signed here, after verifyPin above succeeded: the sender refuses an unsigned one.
      approval: this.deps.approvalSealer
        ? signApproval(this.deps.approvalSealer, item.reference, approval)
        : approval,
      nameCheck: check.nameCheck,
      decision: null,
      problem: null,
    })
  }

  async reject(
    person: Person,
    reference: string,
    pin: string,
    reason: string,
  ): Promise<PayoutItem> {
    const why = requireReason(reason)
    this.#assertChecker(person, this.#get(reference), 'reject')
    this.#assertCan('reject', this.#get(reference))
    await this.deps.verifyPin(person.id, pin)
    const item = this.#get(reference)
    this.#assertChecker(person, item, 'reject')
    this.#assertCan('reject', item)
    return this.#act(item, 'reject', person, why, {
      approval: null,
      decision: { by: asActor(person), at: this.deps.now(), reason: why },
    })
  }

  /**
   * A supervisor (not its maker) closes a payout whose outcome Tilldesk could not find out:
   * paid, with the gateway's reference, or not paid, with a reason. The decision, who made it
   * and why go into the journal, which is the audit log.
   */
  async decideOutcome(
    person: Person,
    reference: string,
    pin: string,
    decision: OutcomeDecision,
  ): Promise<PayoutItem> {
    const why = requireReason(decision.reason)
    const gatewayReference = decision.outcome === 'paid' ? decision.gatewayReference.trim() : null
    if (decision.outcome === 'paid' && !gatewayReference) {
      throw new AppError('invalid_input', 'Check the highlighted fields.', {
        fields: { gatewayReference: "Enter the gateway's reference for the transfer." },
      })
    }
    const check = (item: PayoutItem): void => {
      this.#assertChecker(person, item, 'decide the outcome of')
      if (!isUncertain(item)) {
        throw new AppError(
          'wrong_state',
          'Only a payout whose outcome is unknown can be marked as paid or not paid.',
          { say: { key: 'onlyUnknown' } },
        )
      }
      // Never while a request for it may still land (main/exactly-once/fence.ts): the sender
      // journals each resend's time before it leaves, so this sees one on the wire.
      assertDecidable({
        noun: 'payout',
        now: this.deps.now(),
        lastUnknownAt: item.uncertainty?.lastUnknownAt ?? null,
        outstandingMs: this.deps.decisionFenceMs ?? DEFAULT_DECISION_FENCE_MS,
      })
    }
    check(this.#get(reference))
    await this.deps.verifyPin(person.id, pin)
    const item = this.#get(reference)
    check(item)
    const action = decision.outcome === 'paid' ? 'resolvePaid' : 'resolveNotPaid'
    const at = this.deps.now()
    const resolution = {
      outcome: decision.outcome,
      by: asActor(person),
      at,
      reason: why,
      gatewayReference,
    }
    return this.#act(item, action, person, why, {
      resolution,
      decision: { by: asActor(person), at, reason: why },
      reviewReason: null,
      problem: null,
    })
  }

  /**
   * A supervisor's decision made on another till of the shop, pulled as a signed shop event
   * (its till's signature was verified by the shop sync). `verdict` is what the shop's rule
   * settled for it (main/shop/rules.ts settlePayout); this till checks again, against its own
   * journal and staff list, before anything changes: the payload hash must be the payout's
   * details as they stand, the approver an enabled supervisor or admin here who neither made
   * nor edited it, within their limits. The approval is then signed by this till's own key, so
   * the sender's rule "only what this till signed is sent" holds for remote approvals too.
   * Anything that does not count is kept in the audit with why. Idempotent by event id.
   */
  /**
   * A supervisor has read the alarm of a decision the gateway overruled: the alarm stays on
   * the payout, marked with who acknowledged it and when, and the journal note is the audit.
   */
  async acknowledgeAlarm(person: Person, reference: string): Promise<PayoutItem> {
    if (!isChecker(person)) {
      throw new AppError('forbidden_role', 'Only a supervisor can acknowledge an alarm.', {
        say: { key: 'alarmSupervisor' },
      })
    }
    const item = this.#get(reference)
    const alarm = item.alarm ?? null
    if (!alarm)
      throw new AppError('wrong_state', 'This payout has no alarm to acknowledge.', {
        say: { key: 'noAlarm' },
      })
    if (alarm.acknowledged) return item
    const at = new Date(this.deps.now()).toISOString()
    const [changed] = await this.deps.outbox.commit([
      {
        type: 'note',
        note: 'alarmAcknowledged',
        ref: reference,
        by: asActor(person),
        state: item.state,
        text: alarm.text,
        patch: { alarm: { ...alarm, acknowledged: { byId: person.id, byName: person.name, at } } },
      },
    ])
    return changed!
  }

  async applyShopDecision(
    decision: ShopDecision,
    approver: StaffMember | null,
    verdict: ShopVerdict,
  ): Promise<ShopDecisionOutcome> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.#applyShopDecision(decision, approver, verdict)
      } catch (error) {
        // The sender moved the payout on (e.g. started sending) between the read and the
        // commit: decide again on what the journal now says.
        if (!(error instanceof RecordRejectedError) || attempt > 0) throw error
      }
    }
  }

  async #applyShopDecision(
    d: ShopDecision,
    approver: StaffMember | null,
    verdict: ShopVerdict,
  ): Promise<ShopDecisionOutcome> {
    const item = this.#get(d.reference)
    if (item.shopDecisions?.includes(d.eventId)) return 'already'
    const shopDecisions = [...(item.shopDecisions ?? []), d.eventId]
    const who = `${d.userName} on ${d.tillName}`
    const verb = d.decision === 'approved' ? 'Approval' : 'Rejection'
    const note = async (
      why: string,
      outcome: ShopDecisionOutcome,
    ): Promise<ShopDecisionOutcome> => {
      await this.deps.outbox.commit([
        {
          type: 'note',
          note: 'shopDecision',
          ref: item.reference,
          by: SYSTEM_ACTOR,
          state: item.state,
          text: `${verb} by ${who}: ${why}`,
          patch: { shopDecisions },
        },
      ])
      return outcome
    }
    if (verdict.kind === 'ignored') return note(verdict.why, 'ignored')
    if (verdict.kind === 'too_late') {
      return note(
        'it came after this till had started sending on an approval; kept as too late.',
        'too_late',
      )
    }
    if (d.payloadHash !== bindingHash(item)) {
      return note('it was made on other details than the payout has now.', 'ignored')
    }
    const request = item.submittedAt === null ? null : new Date(item.submittedAt).toISOString()
    if (
      request !== null &&
      (d.request !== null ? d.request !== request : d.decidedAt < (item.submittedAt ?? 0))
    ) {
      // The same details asked again are a new request: a decision answers only its own.
      return note(
        `it was made on an earlier request for approval of this payout, not the one of ${request}; decide it again.`,
        'ignored',
      )
    }
    if (!approver || approver.disabled) {
      return note('that person is not an enabled member of staff on this till.', 'ignored')
    }
    if (approver.trusted === false) {
      return note(
        "that person's profile on this till failed its integrity check, so it does not count.",
        'ignored',
      )
    }
    if (!isChecker(approver))
      return note('only a supervisor or admin can decide payouts.', 'ignored')
    if (item.makers.includes(approver.id)) {
      return note(
        'they made or edited this payout, so another supervisor must decide it.',
        'ignored',
      )
    }
    const person: Person = { id: approver.id, name: approver.name, role: approver.role }
    const where = `on ${d.tillName} by ${approver.name}`
    if (d.decision === 'rejected') {
      if (!canAct('reject', item.state) || isUncertain(item)) {
        return note(`the payout was already ${STATE_LABEL[item.state].toLowerCase()}.`, 'ignored')
      }
      const reason = d.reason.trim()
        ? `Rejected ${where}: ${d.reason.trim()}`
        : `Rejected ${where}.`
      await this.#act(item, 'reject', person, reason.slice(0, 400), {
        approval: null,
        decision: {
          by: asActor(person),
          at: this.deps.now(),
          reason: d.reason.trim() || 'Rejected on another till.',
        },
        shopDecisions,
      })
      return 'rejected'
    }
    const policy = this.deps.policy()
    const now = this.deps.now()
    // An approval lives from when it was made, not from when this till heard of it: one that
    // reached this till after days offline has had its lifetime already.
    const expiresAt = Math.min(d.decidedAt, now) + policy.approvalTtlMs
    if (!Number.isFinite(expiresAt) || expiresAt <= now) {
      const made = Number.isFinite(d.decidedAt)
        ? new Date(d.decidedAt).toISOString()
        : "a time that can't be read"
      return note(
        `it is too old: it was made at ${made} or earlier, longer ago than the approval lifetime (${lifetimeWords(policy.approvalTtlMs)}), so it no longer counts; approve it again.`,
        'ignored',
      )
    }
    if (!canAct('approve', item.state)) {
      return note(`the payout was already ${STATE_LABEL[item.state].toLowerCase()}.`, 'ignored')
    }
    const violation = checkApproverLimits(person, item, this.deps.outbox.items(), policy.limits, {
      now,
      utcOffsetMinutes: policy.utcOffsetMinutes,
    })
    if (violation) return note(violation.message, 'ignored')
    const approval = {
      by: asActor(person),
      at: now,
      expiresAt,
      bindingHash: d.payloadHash,
    }
    await this.#act(item, 'approve', person, `Approved ${where}.`, {
      approval: this.deps.approvalSealer
        ? signApproval(this.deps.approvalSealer, item.reference, approval)
        : approval,
      decision: null,
      problem: null,
      shopDecisions,
    })
    return 'approved'
  }

  /** Moves approved payouts whose approval ran out to `expired`. Returns how many. */
  async expireDue(): Promise<number> {
    const now = this.deps.now()
    const due = [...this.deps.outbox.items()].filter(
      (item) =>
        item.state === 'approved' && item.approval !== null && item.approval.expiresAt <= now,
    )
    const records: OutboxRecord[] = due.map((item) => ({
      type: 'action',
      action: 'expire',
      ref: item.reference,
      by: SYSTEM_ACTOR,
      from: 'approved',
      to: 'expired',
      reason: `${item.approval?.by.name ?? 'The'} approval expired before the payout could be sent.`,
      patch: { approval: null },
    }))
    if (records.length > 0) await this.deps.outbox.commit(records)
    return records.length
  }

  #assertMakerLimits(item: PayoutItem): void {
    const policy = this.deps.policy()
    const violation = checkMakerLimits(item, this.deps.outbox.items(), policy.limits, {
      now: this.deps.now(),
      utcOffsetMinutes: policy.utcOffsetMinutes,
    })
    if (violation) throw new AppError('limit_exceeded', violation.message)
  }

  /**
   * Name enquiry before approval. Returns the check to record, or `hold` (in words) when the
   * bank's name is not the payee name. Offline it returns no check and no hold.
   */
  async #checkName(
    item: PayoutItem,
  ): Promise<{ nameCheck: NameCheck | null; hold: string | null }> {
    if (item.nameCheck?.status === 'matched') return { nameCheck: item.nameCheck, hold: null }
    const result = await this.deps.resolveName(item.bankCode, item.accountNumber)
    return judgeName(item, result)
  }

  async #hold(item: PayoutItem, reason: string, nameCheck: NameCheck | null): Promise<PayoutItem> {
    const [changed] = await this.deps.outbox.commit([
      {
        type: 'action',
        action: 'hold',
        ref: item.reference,
        by: SYSTEM_ACTOR,
        from: item.state,
        to: 'needs_review',
        reason,
        patch: { reviewReason: reason, nameCheck, approval: null },
      },
    ])
    return changed!
  }

  async #act(
    item: PayoutItem,
    action: PayoutAction,
    person: Person,
    reason: string | null,
    patch: ItemPatch,
  ): Promise<PayoutItem> {
    const [changed] = await this.deps.outbox.commit([
      {
        type: 'action',
        action,
        ref: item.reference,
        by: asActor(person),
        from: item.state,
        to: ACTIONS[action].to,
        reason,
        patch,
      },
    ])
    return changed!
  }
}

/** Compares the bank's answer with the payee name; shared with the sender. */
export function judgeName(
  item: Pick<PayoutItem, 'accountName' | 'accountNumber'>,
  result: NameEnquiryResult,
): { nameCheck: NameCheck | null; hold: string | null } {
  switch (result.kind) {
    case 'unavailable':
      return { nameCheck: null, hold: null }
    case 'no_account':
      return { nameCheck: null, hold: result.message }
    case 'resolved': {
      const matched = namesMatch(item.accountName, result.accountName)
      const nameCheck: NameCheck = {
        status: matched ? 'matched' : 'mismatch',
        bankName: result.accountName,
        at: result.at,
      }
      return {
        nameCheck,
        hold: matched
          ? null
          : `The bank says account ${item.accountNumber} belongs to "${result.accountName}", not "${item.accountName}". Check with the customer before paying.`,
      }
    }
  }
}

function requireReason(reason: string): string {
  const why = reason.trim().replace(/\s+/g, ' ')
  if (why.length < 3) {
    throw new AppError('reason_required', 'Give a reason (a few words) so the cashier knows why.', {
      fields: { reason: 'A reason is required.' },
      say: { key: 'reasonRequired' },
      fieldSay: { reason: { key: 'reasonRequiredField' } },
    })
  }
  if (why.length > 300) {
    throw new AppError('reason_too_long', 'Keep the reason to 300 characters.', {
      fields: { reason: 'At most 300 characters.' },
      say: { key: 'reasonTooLong' },
      fieldSay: { reason: { key: 'reasonTooLongField' } },
    })
  }
  return why
}

const addMaker = (makers: readonly string[], id: string): string[] =>
  makers.includes(id) ? [...makers] : [...makers, id]

/** "8 hours", "90 minutes": the approval lifetime as the policy screen states it. */
function lifetimeWords(ms: number): string {
  const minutes = Math.round(ms / 60_000)
  if (minutes % 60 === 0) return `${minutes / 60} hour${minutes === 60 ? '' : 's'}`
  return `${minutes} minute${minutes === 1 ? '' : 's'}`
}
