// Collections as a feature module: builds the services on the shell's core, registers the
// channels of common/ipc/collections.ts, and keeps one watcher per active environment (each
// environment has its own journal, since Demo accounts don't exist on Live).
import { AppError } from '../kernel/errors'
import { join } from 'node:path'
import { formatMoney, type Minor } from '../../common/money'
import { documentWords, fill, FORMAT_LOCALE } from '../../common/words'
import type { Environment } from '../../common/ipc/shared'
import type {
  CollectionsStatus,
  CustomerAccount,
  CustomerDisplayState,
} from '../../common/ipc/collections'
import type { collectionsChannels } from '../../common/ipc/collections'
import { defineModule } from '../compose/core'
import type { CoreServices } from '../compose/core'
import { actor as callerOf, type CallContext, type Handlers } from '../ipc/handlers'
import { createCharges, type Charges } from './charges'
import { claimsOf } from './claimsPort'
import { memoryDirectory, openCustomerDirectory, type CustomerDirectory } from './customerDirectory'
import { createCustomers } from './customers'
import { CollectionsError, collectionsRefusal } from './errors'
import type { CollectionsGateway } from './gatewayPort'
import { demoHandlers } from './demo'
import { createHistory } from './history'
import { PAPER, receiptHtml } from './receiptHtml'
import { createReceiptPrinting, noPrinter, type PrinterPort } from './receiptPrinting'
import { buildReceipt } from './receipts'
import { openFileStore } from './store'
import { realScheduler } from './watcher'

/** Account details found or created recently; a charge opened right after needs no lookup. */
const ACCOUNT_CACHE_MS = 10 * 60_000

const actorOf = (context: CallContext) => {
  const user = callerOf(context)
  return { id: user.id, name: user.name }
}

/** Electron's printers, loaded only inside Electron: the preview and tests never import it. */
function electronPrinter(): PrinterPort {
  return {
    available: true,
    list: async () => (await import('../windows/receiptPrint')).listPrinters(),
    print: async (html, { paper, ...options }) =>
      (await import('../windows/receiptPrint')).printReceiptSilently(html, {
        ...options,
        paper: PAPER[paper],
      }),
  }
}

export function createCollections(core: CoreServices) {
  /**
   * Gateway clock minus ours, from the client's latest Date-header measurement (whole
   * seconds). Read after every call collections makes, so charges are timed on the clock
   * that stamps the transfers.
   */
  let gatewayOffsetMs = 0
  type Client = Awaited<ReturnType<typeof core.environment.client>>
  async function call<T>(use: (client: Client) => Promise<T>): Promise<T> {
    const client = await core.environment.client()
    try {
      return await use(client)
    } finally {
      const skew = client.clockSkewSeconds
      if (skew !== null) gatewayOffsetMs = skew * 1000
    }
  }
  const gateway: CollectionsGateway = {
    virtualAccounts: {
      create: (b) => call((c) => c.virtualAccounts.create(b)),
      get: (r) => call((c) => c.virtualAccounts.get(r)),
      byEmail: (e) => call((c) => c.virtualAccounts.byEmail(e)),
      transactions: (q) => call((c) => c.virtualAccounts.transactions(q)),
    },
  }
  const tillName = () => core.settings.get().tillName

  // One customer directory per environment, like the charges: Demo customers are not Live's.
  let directory: { environment: Environment; directory: CustomerDirectory } | null = null
  function customerDirectory(): CustomerDirectory {
    const environment = core.environment.current
    if (!directory || directory.environment !== environment) {
      directory?.directory.close()
      const path = join(core.dataDir, `customers-${environment}.jsonl`)
      let opened: CustomerDirectory
      try {
        opened = openCustomerDirectory(path, core.integrity.journal(environment, 'customers'))
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== 'journal_damaged') throw error
        // Reported to the admin; customers are found at the gateway by e-mail meanwhile, and
        // nothing in the file is shown. The file is left as it is.
        opened = memoryDirectory()
      }
      directory = { environment, directory: opened }
    }
    return directory.directory
  }
  const customers = createCustomers({
    gateway,
    tillName,
    directory: customerDirectory,
    // Keyed with the environment's device key (keychain), so the file alone can't be used
    // to test guesses of a BVN.
    bvnDigest: (bvn) => core.integrity.sealer(core.environment.current).seal('customer-bvn', bvn),
    now: core.now,
  })
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
        throw collectionsRefusal('customer_not_found', {
          key: 'collections.noAccount',
          params: { reference },
        })
      return found
    } catch (error) {
      // Offline: a customer seen before can still pay, since transfers don't need us online.
      const known = runtime?.charges.knownAccount(reference)
      if (error instanceof CollectionsError && error.code === 'gateway_unavailable' && known)
        return known
      throw error
    }
  }

  // The till's language now: a receipt, like a notification, is worded when it is made.
  const language = () => core.settings.get().appearance.language ?? 'en'

  function build(environment: Environment): Charges {
    const charges = createCharges({
      store: openFileStore(
        join(core.dataDir, `collections-${environment}.jsonl`),
        core.integrity.journal(environment, 'collections'),
      ),
      gateway: () => gateway,
      account: accountFor,
      gatewayOffsetMs: () => gatewayOffsetMs,
      warn: (message, data) => core.log.warn(message, data),
      // In a shop, the shop module links its claims to this core (main/shop/claims.ts).
      claims: () => claimsOf(core),
      events: {
        alarm: (message) => {
          core.log.warn('collections: a transfer counted here belongs to another till', {})
          core.desktop.notify(documentWords(language()).notify.twoTillsTitle, message)
        },
        chargeUpdated: (view) => {
          core.emit('charge.updated', view)
          if (view.id === displayChargeId) core.emit('customerDisplay.changed', displayState())
        },
        lateTransfer: (t) => core.emit('collections.lateTransfer', t),
        status: onStatus,
        paid: (view) => {
          const r = view.reconciliation
          const words = documentWords(language())
          const money = (m: Minor) => formatMoney(m, view.currency, FORMAT_LOCALE[language()])
          if (r.status === 'overpaid')
            core.desktop.notify(
              words.notify.overpaidTitle,
              fill(words.notify.overpaid, { amount: money(r.overpaidBy) }),
            )
          else
            core.desktop.notify(
              words.notify.paidTitle,
              fill(words.notify.paid, {
                amount: money(r.received),
                customer: view.account.accountName,
              }),
            )
          void receipts.onPaid(view)
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
    // Customers served before the till kept a directory are known by name from their charges.
    for (const account of charges.ledger.accounts()) customers.remember(account)
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

  const history = createHistory({
    gateway: () => gateway,
    ledger: () => current().ledger,
    nameOf: (ref) => customerDirectory().byReference(ref)?.name ?? null,
  })

  const issued = () => new Date(core.now()).toISOString()
  const receiptOf = (chargeId: string) =>
    buildReceipt(current().get(chargeId), issued(), language())
  const receipts = createReceiptPrinting({
    printer: core.desktop.kind === 'electron' ? electronPrinter() : noPrinter,
    settings: () => core.settings.get().receipts,
    saveSettings: (next) => core.settings.update((draft) => void (draft.receipts = next)).receipts,
    charge: (id) => current().get(id),
    receipt: (charge) => buildReceipt(charge, issued(), language()),
    markPrinted: (id) => void current().markReceiptPrinted(id),
    printed: (result) => core.emit('receipt.printed', result),
  })

  const handlers: Handlers<typeof collectionsChannels> = {
    'customer.search': ({ query, limit }) => customers.search(query, limit),
    'customer.find': async ({ by, value }) => remember(await customers.find(by, value)),
    'customer.create': async (input, context) => {
      const created = await customers.create(input, actorOf(context))
      remember(created)
      return created
    },
    'charge.open': async (input, context) => {
      const view = await current().open(input, actorOf(context))
      customers.remember(view.account)
      return view
    },
    'charge.get': ({ chargeId }) => current().get(chargeId),
    'charge.list': ({ scope }) => current().list(scope),
    'charge.cancel': ({ chargeId, reason }, context) =>
      current().cancel(chargeId, reason, actorOf(context)),
    'charge.decideOverpayment': ({ chargeId, decision, note }, context) =>
      current().decideOverpayment(chargeId, decision, note, actorOf(context)),
    'charge.watch': ({ chargeId, waiting }) => current().watch(chargeId, waiting),
    'charge.customerSaysSent': ({ chargeId }) => current().customerSaysSent(chargeId),
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
    'receipt.get': ({ chargeId }) => receiptOf(chargeId),
    'receipt.pdf': async ({ chargeId }) => {
      if (core.desktop.kind !== 'electron')
        throw new CollectionsError(
          'not_available',
          'PDF receipts need the desktop app. Use Print receipt and choose "Save as PDF" instead.',
          undefined,
          { key: 'receiptPdfDesktop' },
        )
      const receipt = receiptOf(chargeId)
      // Loaded only inside Electron: the preview and tests never import electron.
      const { renderReceiptPdf } = await import('../windows/receiptPdf')
      const bytes = await renderReceiptPdf(receiptHtml(receipt))
      return { filename: `${receipt.number}.pdf`, base64: Buffer.from(bytes).toString('base64') }
    },
    'receipt.print': ({ chargeId, paper }) => receipts.print(chargeId, paper),
    'receipt.reprint': ({ chargeId, paper }) => receipts.reprint(chargeId, paper),
    'receipt.html': ({ chargeId, paper }) => {
      const chosen = paper ?? receipts.settings().paper
      return {
        html: receiptHtml(receiptOf(chargeId), chosen),
        paper: chosen,
      }
    },
    'receipt.printers': () => receipts.printers(),
    'receipt.settings': () => receipts.settings(),
    'receipt.saveSettings': (input) => receipts.saveSettings(input),
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
      // A damaged journal stops collections (every call says why, and the admin has the
      // finding), never the till: the other features and Settings still open.
      const open = () => {
        try {
          current()
        } catch (error) {
          if (!(error instanceof AppError) || error.code !== 'journal_damaged') throw error
          core.log.error('collections journal damaged; collections stopped', { error })
        }
      }
      open()
      core.environment.onChange(open)
    },
    stop() {
      runtime?.charges.stop()
      runtime = null
      directory?.directory.close()
      directory = null
    },
    // An update never restarts the till while a customer may be paying.
    busy() {
      const open = runtime?.charges.list('open').length ?? 0
      return open === 0 ? null : open === 1 ? 'A charge is open.' : `${open} charges are open.`
    },
  }
}

export const collectionsModule = defineModule({
  name: 'collections',
  create: (core) => createCollections(core),
})
