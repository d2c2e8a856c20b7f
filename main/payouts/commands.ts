// What people do to payouts: draft, edit, send for approval, approve, reject, withdraw.
// Each command checks who is asking and what the rules say, then commits journal records;
// it returns only once they are durable. Maker-checker, limits and approval binding live here
// (and the reducer re-checks the invariants that matter on every replay); the form's checks
// are draft-fields.ts, a decision on an unknown outcome outcome-decision.ts, and a decision
// made on another till of the shop shop-decision.ts, all on the shared command-basics.ts.
import { randomBytes } from 'node:crypto'
import { DEFAULT_CURRENCY, toDecimalString, type Currency } from '../../common/money'
import { AppError } from '../kernel/errors'
import { bindingHash, signApproval } from './binding'
import {
  asActor,
  assertChecker,
  isChecker,
  requireReason,
  type CommandContext,
  type CommandDeps,
  type Person,
} from './command-basics'
import { STATE_MEANING } from './explain'
import { checkApproverLimits, checkMakerLimits } from './limits'
import type { NameCheck, PayoutItem } from './model'
import { SYSTEM_ACTOR } from './model'
import { draftFields, type DraftInput, type EditInput } from './draft-fields'
import { holdSaid, judgeName } from './name-check'
import {
  acknowledgeAlarm,
  decideOutcome,
  decisionCore,
  type OutcomeDecision,
} from './outcome-decision'
import type { ItemPatch, OutboxRecord } from './records'
import {
  applyShopDecision,
  type ShopDecision,
  type ShopDecisionOutcome,
  type ShopVerdict,
  type StaffMember,
} from './shop-decision'
import { ACTIONS, canAct, type PayoutAction } from './stateMachine'

export type { CommandDeps, PayoutPolicy, Person } from './command-basics'
export type { DraftInput, EditInput } from './draft-fields'
export type { OutcomeDecision } from './outcome-decision'
export type { ShopDecision, ShopDecisionOutcome, ShopVerdict, StaffMember } from './shop-decision'

/** A merchant reference: unique, URL-safe, readable over the phone. Never changes. */
export function newPayoutReference(now = Date.now()): string {
  return `TDP-${now.toString(36).toUpperCase()}-${randomBytes(5).toString('hex').toUpperCase()}`
}

export class PayoutCommands {
  readonly #currency: Currency
  readonly #newReference: () => string

  readonly #ctx: CommandContext

  constructor(private readonly deps: CommandDeps) {
    this.#currency = deps.currency ?? DEFAULT_CURRENCY
    this.#newReference = deps.newReference ?? (() => newPayoutReference(deps.now()))
    this.#ctx = {
      deps,
      core: deps.core ?? decisionCore(deps),
      get: (reference) => this.#get(reference),
      act: (...args) => this.#act(...args),
    }
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
        {
          say: {
            key: 'payouts.wrongState',
            params: { meaning: { key: `doc.payout.meanings.${item.state}` } },
          },
        },
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

  /** Creates a draft; with `submit`, sends it for approval in the same step. */
  async draft(person: Person, input: DraftInput & { submit: boolean }): Promise<PayoutItem> {
    const fields = draftFields(this.deps, input)
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
    const fields = draftFields(this.deps, merged)
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
    await this.deps.shopHold?.('maker', item, person)
    // Ask the bank now if we can; offline, the check runs again before approval or sending.
    const check = await this.#checkName(item)
    item = this.#get(reference)
    this.#assertCan(action, item)
    if (check.hold) {
      if (!canAct('hold', item.state)) {
        // From `expired` the item can't be held; it stays expired with the reason attached.
        throw new AppError('name_mismatch', check.hold, {
          say: holdSaid(item, check.nameCheck),
        })
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
    assertChecker(person, this.#get(reference), 'approve')
    this.#assertCan('approve', this.#get(reference))
    await this.deps.verifyPin(person.id, pin)
    let item = this.#get(reference)
    this.#assertCan('approve', item)
    assertChecker(person, item, 'approve')
    if (bindingHash(item) !== seenHash) {
      throw new AppError(
        'details_changed',
        'This payout changed while you were looking at it. Check the details again before approving.',
        { say: { key: 'payoutChanged' } },
      )
    }
    await this.deps.shopHold?.('checker', item, person)
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
      throw new AppError('held_for_review', `Not approved: ${check.hold}`, {
        say: { key: 'payouts.notApproved', params: { why: holdSaid(item, check.nameCheck) } },
      })
    }
    const policy = this.deps.policy()
    const now = this.deps.now()
    const violation = checkApproverLimits(person, item, this.deps.outbox.items(), policy.limits, {
      now,
      utcOffsetMinutes: policy.utcOffsetMinutes,
    })
    if (violation) throw new AppError('limit_exceeded', violation.message, { say: violation.say })
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
    assertChecker(person, this.#get(reference), 'reject')
    this.#assertCan('reject', this.#get(reference))
    await this.deps.verifyPin(person.id, pin)
    const item = this.#get(reference)
    assertChecker(person, item, 'reject')
    this.#assertCan('reject', item)
    return this.#act(item, 'reject', person, why, {
      approval: null,
      decision: { by: asActor(person), at: this.deps.now(), reason: why },
    })
  }

  /** A supervisor's decision on an unknown outcome (outcome-decision.ts). */
  decideOutcome(
    person: Person,
    reference: string,
    pin: string,
    decision: OutcomeDecision,
  ): Promise<PayoutItem> {
    return decideOutcome(this.#ctx, person, reference, pin, decision)
  }

  /** A supervisor has read the alarm of an overruled decision (outcome-decision.ts). */
  acknowledgeAlarm(person: Person, reference: string): Promise<PayoutItem> {
    return acknowledgeAlarm(this.#ctx, person, reference)
  }

  /** A decision made on another till of the shop, checked again here (shop-decision.ts). */
  applyShopDecision(
    decision: ShopDecision,
    approver: StaffMember | null,
    verdict: ShopVerdict,
  ): Promise<ShopDecisionOutcome> {
    return applyShopDecision(this.#ctx, decision, approver, verdict)
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
    if (violation) throw new AppError('limit_exceeded', violation.message, { say: violation.say })
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

const addMaker = (makers: readonly string[], id: string): string[] =>
  makers.includes(id) ? [...makers] : [...makers, id]
