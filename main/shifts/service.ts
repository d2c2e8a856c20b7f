// Shifts, assembled: open a shift, take X-reports, close it with a sealed Z-report, list and
// reprint Z-reports, and remind when a shift is left open past the end of the day. Plain Node:
// the shell module (module.ts), the tests and the till-soak bench all build on this.
import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { dateFormat } from '../../common/intl'
import type { Language } from '../../common/ipc/appearance'
import { roleAllows, type Role } from '../../common/ipc/contract'
import type { Environment } from '../../common/ipc/shared'
import type { ZReconciliation } from '../../common/ipc/reconcile'
import type {
  ShiftDocument,
  ShiftDocumentInput,
  ShiftOpenInput,
  ShiftPerson,
  ShiftReminder,
  ShiftReport,
  ShiftSettingsView,
  ShiftStatus,
  ShiftView,
  ZReportList,
  ZReportSummary,
  ZIntegrity,
  ZReportView,
} from '../../common/ipc/shifts'
import { DEFAULT_CURRENCY, formatMoney, minor } from '../../common/money'
import { documentWords, fill, FORMAT_LOCALE } from '../../common/words'
import { AppError } from '../kernel/errors'
import type { JournalSeal } from '../integrity'
import { reportCsv } from './csv'
import { endOfDayAfter } from './endOfDay'
import { shiftFigures } from './figures'
import { reportHours } from './hours'
import { reportHtml, type PaperWidth } from './html'
import type { PdfRenderer } from './pdf'
import type { ZJournalSeal } from './sealing'
import { ShiftSettings } from './settings'
import type { ActivitySource } from './sources'
import type { Activity } from './activity'
import { ShiftStore, type CountedSoFar, type ShiftRecord, type StoredZ } from './store'

export interface Caller extends ShiftPerson {
  role: Role
}

export interface ShiftsServiceDeps {
  /** <dataDir>/shifts: settings.json, and a folder per environment. */
  dir: string
  /** The environment's sealer and Z-report chain head (main/integrity). */
  seal: (environment: Environment) => Promise<ZJournalSeal>
  /** The till's seal and head for settings.json (main/integrity); absent in tests alone. */
  settingsSeal?: JournalSeal | null
  activity: ActivitySource
  tillName: () => string
  environment: () => Environment
  /** The till's language now, for printouts and the reminder (English when not given). */
  language?: () => Language
  now?: () => number
  onChanged?: (status: ShiftStatus) => void
  onReminder?: (reminder: ShiftReminder) => void
  /** A shift was closed and its Z-report sealed (for shop mode's shop-wide end of day). */
  onClosed?: (z: ZReportView) => void
  /**
   * The Z-report chain failed its check (at start, or when a report is read): for the admin's
   * integrity findings. The files are kept exactly as they are.
   */
  onAltered?: (found: { environment: Environment; problem: string }) => void
  /** Renders HTML to PDF (Electron's printToPDF, or Chromium in the preview); null: none. */
  pdf?: PdfRenderer | null
  /** The Z-report's reconciliation with the gateway, sealed with it (main/shifts/reconcile-port.ts). */
  reconcile?: (fromMs: number, toMs: number, period: Activity) => Promise<ZReconciliation> | null
  newId?: () => string
}

/** After closing, the closer may print their Z-report this long; later it is a reprint. */
export const CLOSER_PRINT_MS = 30 * 60_000
const REMINDER_CHECK_MS = 30_000

const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'
export function newShiftId(): string {
  let id = 'sh_'
  for (const b of randomBytes(16)) id += ALPHABET[b % ALPHABET.length]
  return id
}

export class ShiftsService {
  readonly #now: () => number
  readonly #settings: ShiftSettings
  readonly #stores = new Map<Environment, Promise<ShiftStore>>()
  #closing: Promise<unknown> = Promise.resolve()
  #timer: NodeJS.Timeout | null = null
  #remindedFor: string | null = null

  constructor(private readonly deps: ShiftsServiceDeps) {
    this.#now = deps.now ?? Date.now
    this.#settings = new ShiftSettings(deps.dir, deps.settingsSeal ?? null)
  }

  /** Opens the store (the device key comes from the keychain) and starts the reminder check. */
  async start(): Promise<void> {
    this.#timer = setInterval(
      () => void this.checkReminder().catch(() => undefined),
      REMINDER_CHECK_MS,
    )
    this.#timer.unref?.()
    await this.checkReminder()
  }

  stop(): void {
    if (this.#timer) clearInterval(this.#timer)
    this.#timer = null
  }

  /**
   * The active environment's store. Shifts are kept per environment, like every journal: a
   * Demo (training) shift and its Z-reports never mix with Live ones.
   */
  #open(): Promise<ShiftStore> {
    const environment = this.deps.environment()
    let store = this.#stores.get(environment)
    if (!store) {
      store = this.deps.seal(environment).then((seal) => {
        const opened = new ShiftStore(join(this.deps.dir, environment), seal)
        this.#check(environment, opened.verifyChain())
        return opened
      })
      // A failed open (keychain error) is tried again on the next call.
      store.catch(() => this.#stores.delete(environment))
      this.#stores.set(environment, store)
    }
    return store
  }

  // ----- what the IPC handlers call -----

  async status(): Promise<ShiftStatus> {
    const store = await this.#open()
    const open = store.openShift
    const current = open ? this.#view(open) : null
    return {
      current,
      reminder: open && current?.pastEndOfDay ? this.#reminder(open, current) : null,
      settings: this.#settings.view(),
    }
  }

  async open(caller: Caller, input: ShiftOpenInput): Promise<ShiftView> {
    const store = await this.#open()
    const existing = store.openShift
    if (existing)
      throw new AppError(
        'shift_already_open',
        `${existing.openedBy.name} already has a shift open on this till (since ${this.#time(existing.openedAt)}). Close it first.`,
        {
          say: {
            key: 'shiftAlreadyOpen',
            params: { name: existing.openedBy.name, openedAt: existing.openedAt },
          },
        },
      )
    const openedAt = new Date(this.#now()).toISOString()
    const record: ShiftRecord = {
      id: (this.deps.newId ?? newShiftId)(),
      till: this.deps.tillName(),
      environment: this.deps.environment(),
      openedBy: { id: caller.id, name: caller.name },
      openedAt,
      since: store.since() ?? { at: openedAt, exclude: [] },
      openingFloat:
        input.openingFloat === undefined
          ? null
          : { amount: minor(input.openingFloat), currency: input.currency ?? DEFAULT_CURRENCY },
    }
    store.open(record)
    this.#remindedFor = null
    await this.#changed()
    return this.#view(record)
  }

  async xReport(): Promise<ShiftReport> {
    const store = await this.#open()
    const open = this.#requireOpen(store)
    return (await this.#report(store, 'x', open, this.#now(), null)).report
  }

  close(caller: Caller, shiftId: string): Promise<ZReportView> {
    // One close at a time: a double click must not seal two Z-reports.
    const run = this.#closing.then(() => this.#close(caller, shiftId))
    this.#closing = run.catch(() => undefined)
    return run
  }

  async #close(caller: Caller, shiftId: string): Promise<ZReportView> {
    const store = await this.#open()
    const open = this.#requireOpen(store)
    if (open.id !== shiftId)
      throw new AppError(
        'shift_not_open',
        'That shift is already closed. Open the shift list to see its Z-report.',
        { say: { key: 'shiftClosed' } },
      )
    if (open.openedBy.id !== caller.id && !roleAllows(caller.role, 'supervisor'))
      throw new AppError(
        'forbidden_role',
        `Only ${open.openedBy.name}, who opened this shift, or a supervisor can close it.`,
        { say: { key: 'shiftNotYours', params: { name: open.openedBy.name } } },
      )
    const nowMs = this.#now()
    const { report, counted, before, activity } = await this.#report(store, 'z', open, nowMs, {
      id: caller.id,
      name: caller.name,
    })
    // Matched against the report's own read of the period: nothing is read again.
    const reconciliation = await this.deps.reconcile?.(Date.parse(report.from), nowMs, activity)
    if (reconciliation) report.reconciliation = reconciliation
    const stored = store.close(report, counted, new Date(nowMs).toISOString(), before)
    for (const key of counted) before.counted.add(key)
    // Sealed: the books may let go of what every sealed report has counted.
    await this.deps.activity.sealed?.(open.environment, before.counted).catch(() => undefined)
    this.#remindedFor = null
    await this.#changed()
    const view = this.#zView(store, stored)
    this.deps.onClosed?.(view)
    return view
  }

  async zReports(page: number, pageSize: number): Promise<ZReportList> {
    const store = await this.#open()
    const total = store.lastNumber
    const items: ZReportSummary[] = []
    const first = total - (page - 1) * pageSize
    for (let n = first; n > Math.max(0, first - pageSize); n--) {
      const stored = store.read(n)
      if (!stored) {
        items.push(missingSummary(n))
        continue
      }
      const r = stored.report
      items.push({
        number: n,
        shiftId: r.shift.id,
        till: r.shift.till,
        openedBy: r.shift.openedBy,
        closedBy: r.shift.closedBy ?? r.shift.openedBy,
        openedAt: r.shift.openedAt,
        closedAt: r.shift.closedAt ?? r.to,
        received: r.till.collections.received,
        carriedOver: r.carriedOver.length,
        seal: stored.seal,
        integrity: this.#check(this.deps.environment(), store.integrityOf(stored)),
      })
    }
    return {
      items,
      page,
      pageSize,
      totalItems: total,
      totalPages: Math.max(1, Math.ceil(total / pageSize)),
      chain: this.#check(this.deps.environment(), store.verifyChain()),
    }
  }

  async zReport(number: number): Promise<ZReportView> {
    const store = await this.#open()
    return this.#zView(store, this.#readZ(store, number))
  }

  async document(caller: Caller, input: ShiftDocumentInput): Promise<ShiftDocument> {
    const store = await this.#open()
    let report: ShiftReport
    let integrityNote: string | null = null
    let seal: string | null = null
    if (input.report.kind === 'x') {
      report = (await this.#report(store, 'x', this.#requireOpen(store), this.#now(), null)).report
    } else {
      const stored = this.#readZ(store, input.report.number)
      const closedAt = Date.parse(stored.report.shift.closedAt ?? stored.sealedAt)
      const closer = stored.report.shift.closedBy?.id === caller.id
      const justClosed = closer && this.#now() - closedAt <= CLOSER_PRINT_MS
      if (!justClosed && !roleAllows(caller.role, 'supervisor'))
        throw new AppError(
          'forbidden_role',
          'Reprinting a Z-report needs a supervisor. The cashier who closed the shift can print it for 30 minutes after closing.',
          { say: { key: 'zReprint' } },
        )
      report = stored.report
      seal = stored.seal
      const integrity = store.integrityOf(stored)
      if (integrity.status !== 'intact') integrityNote = integrity.problem
    }
    const name = fileStem(report)
    const html = (width: PaperWidth) =>
      reportHtml(report, width, {
        language: this.#language(),
        integrityNote,
        seal,
        printedAt: new Date(this.#now()).toISOString(),
        timeZone: this.#settings.view().timeZone,
      })
    switch (input.format) {
      case 'csv':
        return {
          filename: `${name}.csv`,
          mediaType: 'text/csv',
          text: reportCsv(report, this.#language()),
          base64: null,
        }
      case 'html80':
      case 'htmlA4':
        return {
          filename: `${name}.html`,
          mediaType: 'text/html',
          text: html(widthOf(input.format)),
          base64: null,
        }
      case 'pdf80':
      case 'pdfA4': {
        const pdf = this.deps.pdf
        if (!pdf)
          throw new AppError(
            'not_available',
            'Saving as PDF needs the desktop app here. Print the report and choose "Save as PDF" instead.',
            { say: { key: 'reportPdfDesktop' } },
          )
        const width = widthOf(input.format)
        const bytes = await pdf(html(width), width)
        return {
          filename: `${name}.pdf`,
          mediaType: 'application/pdf',
          text: null,
          base64: Buffer.from(bytes).toString('base64'),
        }
      }
    }
  }

  updateSettings(changes: {
    endOfDay?: string | undefined
    timeZone?: string | undefined
  }): ShiftSettingsView {
    const view = this.#settings.update(changes)
    this.#remindedFor = null
    void this.#changed().then(() => this.checkReminder())
    return view
  }

  /** Sends the reminder once per shift when it passes the end of the day. */
  async checkReminder(): Promise<void> {
    const status = await this.status()
    if (!status.reminder || this.#remindedFor === status.reminder.shiftId) return
    this.#remindedFor = status.reminder.shiftId
    this.deps.onReminder?.(status.reminder)
    this.deps.onChanged?.(status)
  }

  // ----- internals -----

  #check(environment: Environment, integrity: ZIntegrity): ZIntegrity {
    if (integrity.status === 'altered' && integrity.problem)
      this.deps.onAltered?.({ environment, problem: integrity.problem })
    return integrity
  }

  async #changed(): Promise<void> {
    this.deps.onChanged?.(await this.status())
  }

  #requireOpen(store: ShiftStore): ShiftRecord {
    const open = store.openShift
    if (!open)
      throw new AppError('no_open_shift', 'No shift is open on this till. Open a shift first.', {
        say: { key: 'noOpenShift' },
      })
    return open
  }

  #readZ(store: ShiftStore, number: number): StoredZ {
    const stored = number <= store.lastNumber ? store.read(number) : null
    if (!stored)
      throw new AppError('z_not_found', `There is no Z-report ${number} on this till.`, {
        say: { key: 'zNotFound', params: { number } },
      })
    return stored
  }

  #zView(store: ShiftStore, stored: StoredZ): ZReportView {
    return {
      report: stored.report,
      seal: {
        number: stored.number,
        previous: stored.previous,
        seal: stored.seal,
        sealedAt: stored.sealedAt,
      },
      integrity: this.#check(this.deps.environment(), store.integrityOf(stored)),
    }
  }

  /**
   * The report for `shift` as of `toMs`: what moved that no sealed Z-report counted, and the
   * keys of what it counts (a Z-report keeps them).
   */
  async #report(
    store: ShiftStore,
    kind: 'x' | 'z',
    shift: ShiftRecord,
    toMs: number,
    closedBy: ShiftPerson | null,
  ): Promise<{ report: ShiftReport; counted: string[]; before: CountedSoFar; activity: Activity }> {
    const activity = await this.deps.activity.read(shift.environment)
    const before = store.countedSoFar()
    const { counted, ...figures } = shiftFigures(activity, before)
    const to = new Date(toMs).toISOString()
    const view = this.#view(shift)
    const report: ShiftReport = {
      kind,
      shift: closedBy
        ? { ...view, state: 'closed', closedBy, closedAt: to, pastEndOfDay: false }
        : view,
      zNumber: null,
      generatedAt: to,
      from: shift.since.at,
      to,
      ...figures,
      warnings: [...before.problems, ...(before.notes ?? []), ...activity.warnings],
      hours: reportHours(activity, before, this.#settings.view().timeZone),
    }
    return { report, counted, before, activity }
  }

  #view(record: ShiftRecord): ShiftView {
    const settings = this.#settings.view()
    const endMs = endOfDayAfter(Date.parse(record.openedAt), settings.endOfDay, settings.timeZone)
    const { since: _since, ...shown } = record
    return {
      ...shown,
      state: 'open',
      closedBy: null,
      closedAt: null,
      zNumber: null,
      endOfDayAt: new Date(endMs).toISOString(),
      pastEndOfDay: this.#now() >= endMs,
    }
  }

  #language(): Language {
    return this.deps.language?.() ?? 'en'
  }

  /** The reminder worded in the till's language: main also shows it as a notification. */
  #reminder(record: ShiftRecord, view: ShiftView): ShiftReminder {
    const words = documentWords(this.#language()).notify
    const float = record.openingFloat
      ? ` ${fill(words.shiftOpenFloat, {
          amount: formatMoney(
            record.openingFloat.amount,
            record.openingFloat.currency,
            FORMAT_LOCALE[this.#language()],
          ),
        })}`
      : ''
    const said = fill(words.shiftOpen, {
      name: record.openedBy.name,
      openedAt: this.#time(record.openedAt),
      endAt: this.#time(view.endOfDayAt),
    })
    return {
      shiftId: record.id,
      openedBy: record.openedBy,
      openedAt: record.openedAt,
      endOfDayAt: view.endOfDayAt,
      message: `${said}${float}`,
    }
  }

  #time(iso: string): string {
    return dateFormat(FORMAT_LOCALE[this.#language()], {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: this.#settings.view().timeZone,
    }).format(Date.parse(iso))
  }
}

const widthOf = (format: string): PaperWidth => (format.endsWith('80') ? '80mm' : 'A4')

function fileStem(report: ShiftReport): string {
  const day = report.to.slice(0, 10)
  const till = report.shift.till.replace(/[^A-Za-z0-9-]+/g, '-').replace(/^-|-$/g, '') || 'till'
  return report.kind === 'z'
    ? `tilldesk-${till}-Z${String(report.zNumber).padStart(6, '0')}-${day}`
    : `tilldesk-${till}-X-${report.to.replace(/[:.]/g, '-').slice(0, 19)}`
}

function missingSummary(n: number): ZReportSummary {
  return {
    number: n,
    shiftId: '',
    till: '',
    openedBy: { id: '', name: '' },
    closedBy: { id: '', name: '' },
    openedAt: '',
    closedAt: '',
    received: [],
    carriedOver: 0,
    seal: '',
    integrity: { status: 'altered', problem: `Z-report ${n} is missing or unreadable.` },
  }
}
