// Collections as a feature module: builds the services on the shell's core, registers the
// channels of common/ipc/collections.ts, and keeps one watcher per active environment (each
// environment has its own journal, since Demo accounts don't exist on Live).
import { join } from 'node:path'
import { formatMoney } from '../../common/money'
import type { Environment } from '../../common/ipc/shared'
import type {
  CollectionsStatus,
  CustomerAccount,
  CustomerDisplayState,
} from '../../common/ipc/collections'
import type { collectionsChannels } from '../../common/ipc/collections'
import { defineModule } from '../app/module'
import type { CoreServices } from '../app/core'
import { actor as callerOf, type CallContext, type Handlers } from '../ipc/handlers'
import { createCharges, type Charges } from './charges'
import { createCustomers } from './customers'
import { CollectionsError } from './errors'
import type { CollectionsGateway } from './gatewayPort'
import { demoHandlers } from './demo'
import { createHistory } from './history'
import { buildReceipt } from './receipts'
import { openFileStore } from './store'
import { realScheduler } from './watcher'

/** Account details found or created recently; a charge opened right after needs no lookup. */
const ACCOUNT_CACHE_MS = 10 * 60_000

const actorOf = (context: CallContext) => {
  const user = callerOf(context)
  return { id: user.id, name: user.name }
}

export function createCollections(core: CoreServices) {
  const gateway: CollectionsGateway = {
    virtualAccounts: {
      create: async (b) => (await core.environment.client()).virtualAccounts.create(b),
      get: async (r) => (await core.environment.client()).virtualAccounts.get(r),
      byEmail: async (e) => (await core.environment.client()).virtualAccounts.byEmail(e),
      transactions: async (q) => (await core.environment.client()).virtualAccounts.transactions(q),
    },
  }
  const tillName = () => core.settings.get().tillName
  const customers = createCustomers({ gateway, tillName })
  const accountCache = new Map<string, { account: CustomerAccount; at: number }>()
  const remember = (account: CustomerAccount | null) => {
    if (account) accountCache.set(account.accountReference, { account, at: core.now() })
    return account
  }

  let runtime: { environment: Environment; charges: Charges } | null = null
  let displayChargeId: string | null = null

  function displayState(): CustomerDisplayState {
    let charge = null
    if (displayChargeId && runtime) {
      try {
        charge = runtime.charges.get(displayChargeId)
      } catch {
        displayChargeId = null
      }
    }
    return { charge, tillName: tillName() }
  }

  // The till-wide status bar needs nothing from here: every gateway call the watcher makes
  // already reports reachability through the client (main/environment).
  function onStatus(status: CollectionsStatus): void {
    core.emit('collections.status', status)
  }

  async function accountFor(reference: string): Promise<CustomerAccount> {
    const cached = accountCache.get(reference)
    if (cached && core.now() - cached.at < ACCOUNT_CACHE_MS) return cached.account
    try {
      const found = remember(await customers.find('reference', reference))
      if (!found)
        throw new CollectionsError(
          'customer_not_found',
          `No account with reference "${reference}". Find or create the customer first.`,
        )
      return found
    } catch (error) {
      // Offline: a customer seen before can still pay, since transfers don't need us online.
      const known = runtime?.charges.knownAccount(reference)
      if (error instanceof CollectionsError && error.code === 'gateway_unavailable' && known)
        return known
      throw error
    }
  }

  function build(environment: Environment): Charges {
    const charges = createCharges({
      store: openFileStore(join(core.dataDir, `collections-${environment}.jsonl`)),
      gateway: () => gateway,
      account: accountFor,
      events: {
        chargeUpdated: (view) => {
          core.emit('charge.updated', view)
          if (view.id === displayChargeId) core.emit('customerDisplay.changed', displayState())
        },
        lateTransfer: (t) => core.emit('collections.lateTransfer', t),
        status: onStatus,
        paid: (view) => {
          const r = view.reconciliation
          const body =
            r.status === 'overpaid'
              ? `Overpaid by ${formatMoney(r.overpaidBy, view.currency)}: decide refund or credit.`
              : `${formatMoney(r.received, view.currency)} received from ${view.account.accountName}.`
          core.desktop.notify(r.status === 'paid' ? 'Paid' : 'Overpaid', body)
        },
      },
      scheduler: realScheduler,
      random: Math.random,
      intervals: () => {
        const p = core.settings.get().pollIntervals
        return { waitingMs: p.waitingMs, backgroundMs: p.backgroundMs }
      },
      tillName,
    })
    return charges
  }

  function current(): Charges {
    const environment = core.environment.current
    if (!runtime || runtime.environment !== environment) {
      runtime?.charges.stop()
      displayChargeId = null
      runtime = { environment, charges: build(environment) }
      runtime.charges.start()
    }
    return runtime.charges
  }

  const history = createHistory({ gateway: () => gateway, ledger: () => current().ledger })

  const handlers: Handlers<typeof collectionsChannels> = {
    'customer.find': async ({ by, value }) => remember(await customers.find(by, value)),
    'customer.create': async (input, context) =>
      remember(await customers.create(input, actorOf(context)))!,
    'charge.open': (input, context) => current().open(input, actorOf(context)),
    'charge.get': ({ chargeId }) => current().get(chargeId),
    'charge.list': ({ scope }) => current().list(scope),
    'charge.cancel': ({ chargeId, reason }, context) =>
      current().cancel(chargeId, reason, actorOf(context)),
    'charge.decideOverpayment': ({ chargeId, decision, note }, context) =>
      current().decideOverpayment(chargeId, decision, note, actorOf(context)),
    'charge.watch': ({ chargeId, waiting }) => current().watch(chargeId, waiting),
    'customerDisplay.show': ({ chargeId }) => {
      if (chargeId !== null) current().get(chargeId) // must exist
      displayChargeId = chargeId
      const state = displayState()
      core.emit('customerDisplay.changed', state)
      return state
    },
    'customerDisplay.get': () => displayState(),
    'collections.status': () => current().status(),
    'collections.late': ({ includeAcknowledged }) => current().late(includeAcknowledged ?? false),
    'collections.acknowledgeLate': ({ reference, note }, context) =>
      current().acknowledgeLate(reference, note, actorOf(context)),
    'history.list': ({ page, pageSize, ...filter }) => history.list(filter, page, pageSize),
    'history.export': ({ exportId, filter }) =>
      history.exportCsv(exportId, filter, (p) => core.emit('history.exportProgress', p)),
    'receipt.get': ({ chargeId }) =>
      buildReceipt(current().get(chargeId), new Date(core.now()).toISOString()),
    'receipt.pdf': async ({ chargeId }) => {
      if (core.desktop.kind !== 'electron')
        throw new CollectionsError(
          'not_available',
          'PDF receipts need the desktop app. Use Print receipt and choose "Save as PDF" instead.',
        )
      const receipt = buildReceipt(current().get(chargeId), new Date(core.now()).toISOString())
      // Loaded only inside Electron: the preview and tests never import electron.
      const { renderReceiptPdf } = await import('../windows/receiptPdf')
      const bytes = await renderReceiptPdf(receipt)
      return { filename: `${receipt.number}.pdf`, base64: Buffer.from(bytes).toString('base64') }
    },
    'customerDisplay.open': async () => {
      const result = await core.desktop.openWindow('#/customer-display', {
        preferSecondaryDisplay: true,
        title: `${tillName()}: customer display`,
      })
      return result
    },
    ...demoHandlers(core),
  }

  return {
    handlers,
    start() {
      current()
      core.environment.onChange(() => void current())
    },
    stop() {
      runtime?.charges.stop()
      runtime = null
    },
  }
}

export const collectionsModule = defineModule({
  name: 'collections',
  create: (core) => createCollections(core),
})
