// Charges: open one for the amount due, let the watcher find the transfers, close it when paid,
// record the cashier's decision on an overpayment, or cancel it. Every change is journalled
// before it is announced, so what a screen shows is always what survives a restart.
// In a shop every transfer is decided by the shop's claims before the ledger sees it: the
// decision is made on the ingest path here; what the claims remember and show on a charge is
// shop-claims.ts, and the rule itself main/shop/claim-rule.ts.
import { randomBytes } from 'node:crypto'
import {
  DEFAULT_CURRENCY,
  MoneyError,
  parseUserAmount,
  type Currency,
  type Minor,
} from '../../common/money'
import type {
  ChargeView,
  CollectionsStatus,
  CustomerAccount,
  FastCheck,
  OverpaymentDecision,
  TransferView,
} from '../../common/ipc/collections'
import { checkAmount } from '../../common/rules'
import { ruleRefusal } from '../kernel/errors'
import type { ClaimsPort } from './claimsPort'
import { CollectionsError } from './errors'
import type { Actor } from './customers'
import type { CollectionsGateway } from './gatewayPort'
import {
  Ledger,
  observedFromGateway,
  type ChargeRecord,
  type ObservationEffect,
  type ObservedTransfer,
} from './ledger'
import { createChargeClaims } from './shop-claims'
import { saveAll, type CollectionsStore, type StoredRecord } from './store'
import {
  createWatcher,
  FAST_CHECK,
  type Scheduler,
  type Watcher,
  type WatcherIntervals,
} from './watcher'
import type { BackoffPolicy } from './backoff'

export interface ChargesEvents {
  chargeUpdated(view: ChargeView): void
  lateTransfer(transfer: TransferView): void
  status(status: CollectionsStatus): void
  /** A charge just became paid (exactly or over): sound, notification. */
  paid(view: ChargeView): void
  /**
   * In a shop: a transfer counted here while out of step was settled to another till's sale.
   * Goods may have left twice; a person must look.
   */
  alarm?(message: string, view: ChargeView): void
}

export interface ChargesDeps {
  store: CollectionsStore
  gateway(): Pick<CollectionsGateway, 'virtualAccounts'>
  /** The account's details for the instructions screen (cached lookups, or the gateway). */
  account(accountReference: string): Promise<CustomerAccount>
  events: ChargesEvents
  scheduler: Scheduler
  random(): number
  intervals(): WatcherIntervals
  tillName(): string
  /**
   * Gateway clock minus the till's, in ms, as the gateway client measures it from each
   * response's Date header (0 until measured). Charges are opened, closed and compared with
   * transfers on the gateway's clock: the transfers' times are the gateway's, so a till clock
   * that runs fast must not make a real payment look as if it came before the sale.
   */
  gatewayOffsetMs?(): number
  /** Told about list items too malformed to read (they are skipped and counted, never fatal). */
  warn?(message: string, data: Record<string, unknown>): void
  /** How far before opening a transfer may be dated and still pay the charge. */
  skewMs?: number
  /** How long after a charge closes its account is still watched for late transfers. */
  lateWindowMs?: number
  /** How far back a new charge's window reaches to find money sent since the previous one. */
  lookbackMs?: number
  /** How long a screen's "I am waiting" lasts without renewal. */
  leaseMs?: number
  /** Closed charges kept in memory; older ones are read back from the store when asked for. */
  keepClosed?: number
  backoff?: BackoffPolicy
  newId?(): string
  /** In shop mode, the shop's claims (main/shop/claims.ts); null or absent on a single till. */
  claims?(): ClaimsPort | null
}

export const CHARGE_DEFAULTS = {
  skewMs: 2 * 60_000,
  lateWindowMs: 10 * 60_000,
  lookbackMs: 7 * 86_400_000,
  leaseMs: 15_000,
  /**
   * Closed charges held in memory: the Charges screen's recent list many times over, and some
   * five hours of a busy counter's sales; older ones are read back from the journal (a page of
   * them costs one read of it, docs/perf.md "till-soak").
   */
  keepClosed: 500,
}

const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'
export function newChargeId(): string {
  const bytes = randomBytes(20)
  let id = 'ch_'
  for (const b of bytes) id += ALPHABET[b % ALPHABET.length]
  return id
}

/** Parses what the cashier typed; a bad amount becomes a message beside the amount field. */
export function parseAmountDue(text: string, currency: Currency = DEFAULT_CURRENCY): Minor {
  let amount: Minor
  try {
    amount = parseUserAmount(text, currency)
  } catch (error) {
    if (error instanceof MoneyError)
      throw new CollectionsError(
        'validation',
        error.message,
        { amount: error.message },
        {
          key: `money.${error.code}`,
          params: { text: text.trim() },
        },
      )
    throw error
  }
  const problem = checkAmount(amount)
  if (problem) throw ruleRefusal('validation', 'amount', problem)
  return amount
}

export function createCharges(deps: ChargesDeps) {
  const skewMs = deps.skewMs ?? CHARGE_DEFAULTS.skewMs
  const lateWindowMs = deps.lateWindowMs ?? CHARGE_DEFAULTS.lateWindowMs
  const lookbackMs = deps.lookbackMs ?? CHARGE_DEFAULTS.lookbackMs
  const leaseMs = deps.leaseMs ?? CHARGE_DEFAULTS.leaseMs
  const newId = deps.newId ?? newChargeId
  const s = deps.scheduler
  /** Now on the gateway's clock: what every recorded time and every window is measured in. */
  const gatewayNow = () => s.now() + (deps.gatewayOffsetMs?.() ?? 0)
  const iso = () => new Date(gatewayNow()).toISOString()

  const store = deps.store
  // What the ledger lets go of (docs/perf.md, till-soak) is read back from the store.
  const archive = store.scan ? { scan: store.scan.bind(store) } : null
  const ledger = new Ledger({
    skewMs,
    keepClosed: deps.keepClosed ?? CHARGE_DEFAULTS.keepClosed,
    archive,
  })
  // Charges an older build left open although paid (a crash between two writes): closed now,
  // and written down so the next start finds them closed.
  const repaired = ledger.load(store.charges, store.transfers)
  store.release?.()
  saveAll(
    store,
    repaired.map((v) => ({ k: 'charge', v })),
  )

  /** Instructions screens waiting on a charge: charge id → lease expiry (epoch ms). */
  const leases = new Map<string, number>()

  function isWaiting(accountReference: string, nowMs: number): boolean {
    const open = ledger.openChargeOn(accountReference)
    if (!open) return false
    const until = leases.get(open.id)
    return until !== undefined && until > nowMs
  }

  // Shop claims (docs/shop.md, "One transfer, one sale"): main/collections/shop-claims.ts.
  const {
    claims,
    viewOf,
    noteElsewhere,
    countedHere,
    ended,
    linkClaims,
    settledElsewhere,
    provisional,
    undecidedElsewhere,
  } = createChargeClaims({
    ledger,
    store: deps.store,
    events: deps.events,
    claims: () => deps.claims?.() ?? null,
    gatewayNow,
    lateWindowMs,
    lookbackMs,
    ingest: (accountReference, items, pulledNow) => ingest(accountReference, items, pulledNow),
  })

  function announce(effect: ObservationEffect): void {
    if (effect.surfacedLate) deps.events.lateTransfer(ledger.named(effect.transfer))
    if (!effect.charge) return
    const view = viewOf(effect.charge)
    deps.events.chargeUpdated(view)
    const status = view.reconciliation.status
    if (effect.transfer.status === 'success' && (status === 'paid' || status === 'overpaid'))
      deps.events.paid(view)
  }

  /** Malformed items already written to the log (account|reference). */
  const loggedBroken = new Set<string>()

  async function ingest(
    accountReference: string | null,
    transactions: readonly unknown[],
    /** The shop's pull that brought these has just run: no second sync round first. */
    pulledNow = false,
  ): Promise<{ fresh: number; skipped: number }> {
    let fresh = 0
    let skipped = 0
    let closedAny = false
    const observed = []
    const broken: string[] = []
    const rawOf = new Map<string, unknown>()
    for (const item of transactions) {
      const seen = observedFromGateway(item)
      if (seen) rawOf.set(seen.reference, item)
      if (seen) observed.push(seen)
      else {
        skipped += 1
        // Only the reference, if any, goes to the log: never a whole item from the network.
        const ref = (item as { reference?: unknown } | null)?.reference
        broken.push(typeof ref === 'string' ? ref.slice(0, 64) : '(no reference)')
      }
    }
    // Logged once per item: every poll sees it again, and the log must stay readable.
    const unlogged = broken.filter((r) => !loggedBroken.has(`${accountReference}|${r}`))
    for (const r of unlogged) loggedBroken.add(`${accountReference}|${r}`)
    if (unlogged.length > 0)
      deps.warn?.('collections: malformed transfer items skipped', {
        account: accountReference,
        skipped,
        references: unlogged.slice(0, 10),
      })
    // Oldest first, so events reach the screens in the order the money arrived.
    observed.sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt))
    // In a shop, a transfer this till has not decided yet is decided by the shop's rule, with
    // the shop's latest claims: one sync round first (bounded; away from the server, on what
    // this till knows, and said so on the screen).
    linkClaims()
    const port = claims()
    const ours = (seen: ObservedTransfer) =>
      (accountReference === null || seen.accountReference === accountReference) &&
      (accountReference !== null || ledger.knowsAccount(seen.accountReference))
    const undecided = (seen: ObservedTransfer) =>
      !ledger.knows(seen) && !settledElsewhere.has(seen.reference)
    if (port && !pulledNow && observed.some((seen) => ours(seen) && undecided(seen)))
      await port.refresh()
    for (const seen of observed) {
      // Never let another account's transfer into this one's charge; and from the sweep,
      // only accounts this till has charged into (other tills' customers are not ours).
      if (!ours(seen)) continue
      if (port && settledElsewhere.has(seen.reference)) continue
      if (port && !ledger.knows(seen)) {
        const d = port.decide(seen)
        if (d.owner === 'other') {
          // Another till's sale: never Paid here, never late here; the screen says where it went.
          if (!d.provisional) {
            settledElsewhere.add(seen.reference)
            undecidedElsewhere.delete(seen.reference)
          } else undecidedElsewhere.set(seen.reference, rawOf.get(seen.reference))
          noteElsewhere(seen, d.tillName ?? 'another till')
          continue
        }
        undecidedElsewhere.delete(seen.reference)
        if (d.owner === 'mine' && d.provisional) provisional.add(seen.reference)
        // Told as another till's while that till's claim was still open: it is not.
        countedHere(seen)
      }
      const effect = ledger.observe(seen, iso())
      if (!effect) continue
      fresh += 1
      // The transfer and the charge it moves are one fact: one atomic write.
      const records: StoredRecord[] = [{ k: 'transfer', v: effect.transfer }]
      if (effect.charge) {
        records.push({ k: 'charge', v: effect.charge })
        if (effect.charge.state !== 'open') {
          closedAny = true
          // Nobody waits on a paid charge: its lease would stay behind for the till's life.
          leases.delete(effect.charge.id)
        }
      }
      // Paid: the claim ends at the paying transfer's gateway time, so money sent after it
      // (for another till's sale) is not this claim's.
      if (effect.charge && effect.charge.state !== 'open') ended(effect.charge, seen.createdAt)
      saveAll(deps.store, records)
      announce(effect)
    }
    if (closedAny) queueMicrotask(() => watcher.poke())
    return { fresh, skipped }
  }

  const watcher: Watcher = createWatcher({
    gateway: {
      virtualAccounts: { transactions: (q) => deps.gateway().virtualAccounts.transactions(q) },
    },
    // One watcher per shop: while another till (or this one's shop watch) polls for every
    // till, this watcher asks nothing and the shop's events bring the transfers.
    paused: () => claims()?.delegated() ?? false,
    scheduler: s,
    random: deps.random,
    intervals: deps.intervals,
    // Windows are on the gateway's clock, like the charges' times they are measured from.
    targets: () => ledger.watchTargets(gatewayNow(), lateWindowMs, lookbackMs),
    gatewayNow,
    onFallback: (reason) =>
      deps.warn?.(
        'collections: the gateway refused one list for all accounts; asking per account',
        {
          reason: reason.slice(0, 200),
        },
      ),
    isWaiting,
    ingest,
    onStatus: deps.events.status,
    ...(deps.backoff ? { backoff: deps.backoff } : {}),
  })

  /** The account details of this account's latest charge, or null. */
  function knownAccount(accountReference: string): CustomerAccount | null {
    return ledger.latestAccount(accountReference) ?? null
  }

  function commit(record: ChargeRecord): ChargeView {
    deps.store.saveCharge(record)
    if (record.state !== 'open') ended(record, record.closedAt ?? iso())
    const view = viewOf(record)
    deps.events.chargeUpdated(view)
    watcher.poke()
    return view
  }

  return {
    ledger,
    watcher,

    async open(
      input: { accountReference: string; amount: string; saleReference?: string | undefined },
      actor: Actor,
    ): Promise<ChargeView> {
      // An account seen before is checked before any lookup, so a typo is answered at once
      // even offline; a new one once the gateway has said which currency it is in.
      const known = knownAccount(input.accountReference)
      if (known) parseAmountDue(input.amount, known.currency)
      const existing = ledger.openChargeOn(input.accountReference)
      if (existing)
        throw new CollectionsError(
          'charge_already_open',
          `This customer already has an open charge for this account. Finish or cancel it first.`,
          undefined,
          { key: 'chargeAlreadyOpen' },
        )
      const account = await deps.account(input.accountReference)
      const amountDue = parseAmountDue(input.amount, account.currency)
      const record = ledger.open({
        id: newId(),
        state: 'open',
        account,
        currency: account.currency,
        amountDue,
        saleReference: input.saleReference?.trim() || null,
        till: deps.tillName(),
        openedBy: { id: actor.id, name: actor.name },
        openedAt: iso(),
        closedAt: null,
        overpayment: null,
        cancellation: null,
      })
      linkClaims()
      claims()?.opened({
        id: record.id,
        accountReference: record.account.accountReference,
        openedAt: record.openedAt,
      })
      return commit(record)
    },

    get(id: string): ChargeView {
      return viewOf(ledger.charge(id))
    },

    list(scope: 'open' | 'recent', limit = 50): ChargeView[] {
      const all = ledger
        .allCharges()
        .filter((c) => scope === 'recent' || c.state === 'open')
        .sort((a, b) => Date.parse(b.openedAt) - Date.parse(a.openedAt))
      return all.slice(0, limit).map((c) => viewOf(c))
    },

    cancel(id: string, reason: string, actor: Actor): ChargeView {
      leases.delete(id)
      return commit(ledger.cancel(id, reason, actor.name, iso()))
    },

    decideOverpayment(
      id: string,
      decision: OverpaymentDecision,
      note: string,
      actor: Actor,
    ): ChargeView {
      leases.delete(id)
      return commit(ledger.decideOverpayment(id, decision, note, actor.name, iso()))
    },

    /** A screen waits (or stops waiting) on a charge; the lease must be renewed. */
    watch(id: string, waiting: boolean): { leaseMs: number } {
      const charge = ledger.charge(id)
      if (waiting && charge.state === 'open') leases.set(id, s.now() + leaseMs)
      else leases.delete(id)
      watcher.poke()
      return { leaseMs }
    },

    /**
     * The customer says the transfer is sent: check at once, then faster for a short while
     * (the budget is FAST_CHECK in watcher.ts). The charge's screen is also marked waiting for
     * the burst, so it does not drop to the background pace when the burst ends.
     */
    customerSaysSent(id: string): FastCheck {
      const charge = ledger.charge(id)
      if (charge.state !== 'open')
        throw new CollectionsError('charge_not_open', 'This charge is already closed.', undefined, {
          key: 'chargeClosed',
        })
      // Waiting until the burst ends: over budget, this still gives the waiting pace.
      leases.set(id, Math.max(leases.get(id) ?? 0, s.now() + FAST_CHECK.durationMs))
      const plan = watcher.fastCheck(charge.account.accountReference)
      // One watcher per shop: that till looks now, at its own (shop-wide) pace.
      claims()?.nudge(charge.account.accountReference)
      const seconds = (ms: number) =>
        ms < 1000 ? 'twice a second' : ms === 1000 ? 'every second' : `every ${ms / 1000} seconds`
      const lasting = `for ${Math.round(FAST_CHECK.durationMs / 1000)} seconds`
      const message = plan.withinBudget
        ? `${plan.checkingNow ? 'Checking now, then' : 'Checking'} ${seconds(plan.intervalMs)} ${lasting}.`
        : `${plan.checkingNow ? 'Checking now, then' : 'Checking'} ${seconds(plan.intervalMs)}: other customers' checks are using the fast pace.`
      return {
        chargeId: id,
        checkingNow: plan.checkingNow,
        fastUntil: new Date(plan.untilMs).toISOString(),
        intervalMs: plan.intervalMs,
        message,
      }
    },

    markReceiptPrinted(id: string): ChargeView {
      const record = ledger.markReceiptPrinted(id, iso())
      deps.store.saveCharge(record)
      const view = viewOf(record)
      deps.events.chargeUpdated(view)
      return view
    },

    late(includeAcknowledged: boolean): TransferView[] {
      return ledger.lateTransfers(includeAcknowledged)
    },

    acknowledgeLate(reference: string, note: string, actor: Actor): TransferView {
      const record = ledger.acknowledgeLate(reference, note, actor.name, iso())
      deps.store.saveTransfer(record)
      return ledger.named(record)
    },

    /** Account details kept from earlier charges: lets a known customer pay while offline. */
    knownAccount,

    status(): CollectionsStatus {
      return watcher.status()
    },

    start(): void {
      watcher.poke()
    },

    stop(): void {
      watcher.stop()
      deps.store.close()
    },
  }
}

export type Charges = ReturnType<typeof createCharges>
