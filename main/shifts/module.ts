// Shifts as a feature module: the channels of common/ipc/shifts.ts, the end-of-day reminder
// started with the app, and the PDF renderer this host has (Electron's printToPDF in the
// desktop app, headless Chromium in the preview).
import { join } from 'node:path'
import type { shiftsChannels } from '../../common/ipc/shifts'
import { documentWords } from '../../common/words'
import { defineModule } from '../compose/core'
import type { CoreServices } from '../compose/core'
import { keyedFinding } from '../integrity'
import { actor, type CallContext, type Handlers } from '../ipc/handlers'
import { chromiumPdf, findChromium, type PdfRenderer } from './pdf'
import { Books } from './books'
import { ShiftsService, type Caller } from './service'
import { withDebits } from './debit-source'
import { movedInOf, withMovedIn } from './moved-in'
import { fileActivitySource } from './sources'
import { linkReconcileBooks, zReconcileStep } from './reconcile-port'

const caller = (context: CallContext): Caller => {
  const user = actor(context)
  return { id: user.id, name: user.name, role: user.role }
}

export function pdfRenderer(core: CoreServices): PdfRenderer | null {
  if (core.desktop.kind === 'electron')
    // Loaded only inside Electron: the preview and tests never import electron.
    return async (html, width) => (await import('./electronPdf')).electronPdf(html, width)
  const chromium = findChromium()
  return chromium ? chromiumPdf(chromium) : null
}

export function createShifts(core: CoreServices) {
  const dir = join(core.dataDir, 'shifts')
  const books = new Books({
    dir,
    seal: (environment) => core.integrity.openJournal(environment, 'books'),
    source: withDebits(
      fileActivitySource(
        core.dataDir,
        (environment, journal) => core.integrity.journal(environment, journal),
        // Each report reads the collections journal on from where the last Z-report left it.
        { cursorDir: dir },
      ),
      core.dataDir,
      (environment) => core.integrity.journal(environment, 'debits'),
    ),
  })
  // The Reconcile screen reads a day's payments, refunds and debits from these books.
  linkReconcileBooks(core, books)
  const service = new ShiftsService({
    dir,
    seal: (environment) => core.integrity.openJournal(environment, 'z-reports'),
    settingsSeal: core.integrity.journal('till', 'shift-settings'),
    // In a shop, the transfers the shop moved to this till's sale (moved-in.ts).
    activity: withMovedIn(books, (environment) => movedInOf(core, environment)),
    tillName: () => core.settings.get().tillName,
    environment: () => core.environment.current,
    now: core.now,
    language: () => core.settings.get().appearance.language ?? 'en',
    onChanged: (status) => core.emit('shifts.changed', status),
    onClosed: (z) => core.emit('shifts.closed', z),
    onReminder: (reminder) => {
      core.emit('shifts.reminder', reminder)
      const language = core.settings.get().appearance.language
      core.desktop.notify(documentWords(language).notify.shiftOpenTitle, reminder.message)
    },
    pdf: pdfRenderer(core),
    // Each Z-report says whether its period reconciled with the gateway (main/reconcile).
    reconcile: (fromMs, toMs, period) => zReconcileStep(core, fromMs, toMs, period),
    onAltered: ({ environment, problem }) =>
      core.integrity.findings.report(
        keyedFinding({
          area: 'z-reports',
          file: `shifts/${environment}/z`,
          record: null,
          problem: {
            key: 'integrity.zReports.altered',
            params: { scope: { key: `integrity.journal.scope.${environment}` } },
          },
          consequence: { key: 'integrity.zReports.then' },
          detail: problem,
        }),
      ),
  })

  const handlers: Handlers<typeof shiftsChannels> = {
    'shifts.status': () => service.status(),
    'shifts.open': (input, context) => service.open(caller(context), input),
    'shifts.xReport': () => service.xReport(),
    'shifts.close': ({ shiftId }, context) => service.close(caller(context), shiftId),
    'shifts.zReports': (input) => service.zReports(input?.page ?? 1, input?.pageSize ?? 25),
    'shifts.zReport': ({ number }) => service.zReport(number),
    'shifts.document': (input, context) => service.document(caller(context), input),
    'shifts.updateSettings': (input) => service.updateSettings(input),
  }
  return { service, handlers, books }
}

/**
 * Keeps each settled hosted payment, refund and debit in the books as soon as its feature says it
 * changed, before its journal can drop it (books.ts). Changes that come together are kept in
 * one go; a failure is logged and the next change (or report) keeps it.
 */
function keepSettled(core: CoreServices, books: Books): () => void {
  let queued = false
  return core.subscribe((name) => {
    const settling = ['payments.updated', 'refunds.updated', 'mandates.debitUpdated']
    if (!settling.includes(name) || queued) return
    queued = true
    setImmediate(() => {
      queued = false
      books
        .capture(core.environment.current)
        .catch((error: unknown) => core.log.warn('shift books: not kept yet', { error }))
    })
  })
}

export const shiftsModule = defineModule({
  name: 'shifts',
  create(core) {
    const { service, handlers, books } = createShifts(core)
    let unhear: (() => void) | null = null
    return {
      handlers,
      // A keychain that can't be read must not stop the till: shifts then answer each call
      // with the reason, and the next call tries again.
      start: async () => {
        const unkeep = core.dropKeepers.set((environment, journal, records) =>
          books.keepDropped(environment, journal, records),
        )
        const unsettle = keepSettled(core, books)
        unhear = () => {
          unkeep()
          unsettle()
        }
        await service
          .start()
          .catch((error: unknown) => core.log.error('shifts did not start', { error }))
        await books
          .capture(core.environment.current)
          .catch((error: unknown) => core.log.warn('shift books: not kept yet', { error }))
      },
      stop: () => {
        unhear?.()
        service.stop()
      },
    }
  },
})
