// On a supervisor's till: the payouts waiting for approval on the shop's other tills, read
// from what those tills told the shop (`payout.state` events), and the decision event a
// supervisor's approve or reject becomes. Nothing here touches a payout: the decision travels
// to the till that drafted it, which checks it again and alone sends (approvals.ts there).
import type { Said } from '../../common/ipc/contract'
import type { ShopApprovalView } from '../../common/ipc/shopApprovals'
import { formatMoney, minorFromText } from '../../common/money'
import { AppError, english, refuse } from '../kernel/errors'
import { DECISION_KIND, readDecision } from './approvals'
import type { ShopEvent, StoredEvent } from './events'

const text = (value: unknown): string => (typeof value === 'string' ? value : '')

function amountText(minor: string, currency: string): string {
  const amount = minorFromText(minor)
  return amount !== null ? formatMoney(amount, currency || undefined) : `${currency} ${minor}`
}

export interface Decider {
  id: string
  name: string
  role: string
}

/**
 * Payouts whose latest state, as their till told it, is waiting for approval: every till's
 * but this one's (its own are on the Approvals screen from its journal), oldest first.
 */
export function waitingOnOtherTills(
  own: readonly ShopEvent[],
  pulled: readonly StoredEvent[],
  ownTillId: string,
  viewer: Decider,
): ShopApprovalView[] {
  const latest = new Map<string, StoredEvent>()
  for (const e of pulled) {
    if (e.kind !== 'payout.state' || e.tillId === ownTillId) continue
    latest.set(`${e.tillId}|${text(e.body.reference)}`, e)
  }
  const decisions = [...own, ...pulled]
    .map((event) => ({ event, body: readDecision(event as StoredEvent) }))
    .filter((d) => d.body !== null)
  const out: ShopApprovalView[] = []
  for (const e of latest.values()) {
    if (text(e.body.state) !== 'awaiting_approval') continue
    const reference = text(e.body.reference)
    const hash = text(e.body.bindingHash)
    const request = text(e.body.submittedAt)
    // Decisions on this request only: the same details asked for again are decided afresh.
    const onThis = decisions.filter(
      (d) =>
        d.body?.tillId === e.tillId &&
        d.body.reference === reference &&
        d.body.payloadHash === hash &&
        d.body.request === request,
    )
    const last = onThis.at(-1)?.body ?? null
    const amountMinor = /^\d{1,18}$/.test(text(e.body.amountMinor)) ? text(e.body.amountMinor) : '0'
    const currency = text(e.body.currency)
    const mine = onThis.find((d) => d.body?.userId === viewer.id)?.body ?? null
    out.push({
      tillId: e.tillId,
      tillName: text(e.body.tillName) || e.tillId,
      reference,
      amountMinor,
      amountText: amountText(amountMinor, currency),
      currency,
      purpose: text(e.body.purpose),
      bankName: text(e.body.bankName),
      accountNumber: text(e.body.accountNumber),
      accountName: text(e.body.accountName),
      narration: text(e.body.narration),
      maker: text(e.body.maker),
      bindingHash: hash,
      request,
      at: text(e.body.at) || e.createdAt,
      decided: last
        ? {
            decision: last.decision,
            byName: last.userName || last.userId,
            tillName: last.tillName,
            at: last.at,
          }
        : null,
      ...blockedFor(
        text(e.body.makerId) === viewer.id
          ? { key: 'shop.blocked.drafted' }
          : mine
            ? {
                key:
                  mine.decision === 'rejected' ? 'shop.blocked.rejected' : 'shop.blocked.approved',
                params: { till: text(e.body.tillName) || { key: 'shop.blocked.itsTill' } },
              }
            : hash === ''
              ? { key: 'shop.blocked.noBinding' }
              : null,
      ),
    })
  }
  return out.sort((a, b) => a.at.localeCompare(b.at))
}

/** Why the viewer may not decide it: main's English, and the same sentence keyed. */
function blockedFor(say: Said | null): Pick<ShopApprovalView, 'blocked' | 'blockedSay'> {
  return say ? { blocked: english(say), blockedSay: say } : { blocked: null }
}

export interface DecideInput {
  tillId: string
  reference: string
  bindingHash: string
  decision: 'approved' | 'rejected'
  reason: string
}

/**
 * The body of the decision event for a payout on another till, after checking it is still
 * waiting with exactly the details the supervisor saw. The PIN was checked before this.
 */
export function decisionEvent(
  waiting: readonly ShopApprovalView[],
  input: DecideInput,
  person: Decider,
  tillName: string,
  at: string,
): { kind: string; body: Record<string, unknown> } {
  if (person.role !== 'supervisor' && person.role !== 'admin') {
    throw new AppError('forbidden_role', 'Only a supervisor can approve or reject payouts.', {
      say: { key: 'onlyRole.supervisor' },
    })
  }
  const item = waiting.find((w) => w.tillId === input.tillId && w.reference === input.reference)
  if (!item) {
    throw refuse('payout_not_found', { key: 'shop.noLongerWaiting' })
  }
  if (item.bindingHash !== input.bindingHash) {
    throw refuse('details_changed', { key: 'shop.detailsChanged' })
  }
  if (item.blocked)
    throw new AppError('maker_cannot_approve', item.blocked, {
      say: { key: 'shop.cannotDecide' },
    })
  const reason = input.reason.trim().replace(/\s+/g, ' ')
  if (input.decision === 'rejected' && reason.length < 3) {
    throw new AppError('reason_required', 'Give a reason (a few words) so the cashier knows why.', {
      fields: { reason: 'A reason is required.' },
      say: { key: 'reasonRequired' },
      fieldSay: { reason: { key: 'reasonRequiredField' } },
    })
  }
  return {
    kind: DECISION_KIND,
    body: {
      reference: item.reference,
      tillId: item.tillId,
      decision: input.decision,
      payloadHash: item.bindingHash,
      request: item.request ?? '',
      userId: person.id,
      userName: person.name,
      role: person.role,
      reason,
      tillName,
      at,
    },
  }
}
