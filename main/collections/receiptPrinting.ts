// Receipt printing: which printer and paper, first print by the cashier, reprints by a
// supervisor, and auto-print when a charge is paid. The printer itself is a port: Electron's
// silent printing (main/windows/receiptPrint.ts) in the app; none in the browser preview,
// where the result says so in words and the screen offers the browser's print dialog.
import type {
  ChargeView,
  PrinterInfo,
  PrintResult,
  Receipt,
  ReceiptPaper,
  ReceiptSettings,
} from '../../common/ipc/collections'
import { CollectionsError } from './errors'
import { receiptHtml, receiptLengthMm } from './receiptHtml'

export interface PrinterPort {
  /** False in the browser preview and tests without a printer. */
  readonly available: boolean
  list(): Promise<PrinterInfo[]>
  /** Resolves with the failure reason in words, or null when the printer took it. */
  print(
    html: string,
    options: { printer: string | null; paper: ReceiptPaper; heightMm: number },
  ): Promise<string | null>
}

export const noPrinter: PrinterPort = {
  available: false,
  list: async () => [],
  print: async () => 'Printing needs the desktop app.',
}

export interface ReceiptPrintingDeps {
  printer: PrinterPort
  settings(): ReceiptSettings
  saveSettings(next: ReceiptSettings): ReceiptSettings
  charge(id: string): ChargeView
  receipt(charge: ChargeView): Receipt
  /** Records the first print on the charge (durably). */
  markPrinted(id: string): void
  printed(result: PrintResult & { chargeId: string }): void
}

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-NG', { dateStyle: 'medium', timeStyle: 'short' })

export function createReceiptPrinting(deps: ReceiptPrintingDeps) {
  async function send(charge: ChargeView, paper: ReceiptPaper, first: boolean) {
    const { printer } = deps.settings()
    const where = printer ?? 'the default printer'
    if (!deps.printer.available) {
      return {
        printed: false,
        printer,
        paper,
        message:
          'Silent printing needs the desktop app. Use Print receipt to print from this browser.',
      }
    }
    const receipt = deps.receipt(charge)
    const failure = await deps.printer.print(receiptHtml(receipt, paper), {
      printer,
      paper,
      heightMm: receiptLengthMm(receipt, paper),
    })
    if (failure !== null) {
      return {
        printed: false,
        printer,
        paper,
        message: `The receipt did not print on ${where}: ${failure}. Check the printer, then print again.`,
      }
    }
    if (first) deps.markPrinted(charge.id)
    return { printed: true, printer, paper, message: `Receipt ${receipt.number} sent to ${where}.` }
  }

  return {
    settings: () => deps.settings(),
    saveSettings: (next: ReceiptSettings) => deps.saveSettings(next),
    printers: async () => ({
      available: deps.printer.available,
      printers: deps.printer.available ? await deps.printer.list() : [],
    }),

    /** A cashier's print: the first one only; copies are a supervisor's call. */
    async print(chargeId: string, paper?: ReceiptPaper): Promise<PrintResult> {
      const charge = deps.charge(chargeId)
      if (charge.receiptPrintedAt)
        throw new CollectionsError(
          'already_printed',
          `This receipt was printed on ${when(charge.receiptPrintedAt)}. A supervisor can print a copy.`,
          undefined,
          { key: 'receiptPrinted', params: { printedAt: charge.receiptPrintedAt } },
        )
      const result = await send(charge, paper ?? deps.settings().paper, true)
      deps.printed({ ...result, chargeId })
      return result
    },

    async reprint(chargeId: string, paper?: ReceiptPaper): Promise<PrintResult> {
      const charge = deps.charge(chargeId)
      const result = await send(charge, paper ?? deps.settings().paper, !charge.receiptPrintedAt)
      deps.printed({ ...result, chargeId })
      return result
    },

    /** On paid: prints when the till asks for it, once; a failure is reported, never thrown. */
    async onPaid(charge: ChargeView): Promise<void> {
      const s = deps.settings()
      if (!s.autoPrintOnPaid || !deps.printer.available || charge.receiptPrintedAt) return
      let result: PrintResult
      try {
        result = await send(charge, s.paper, true)
      } catch (error) {
        result = {
          printed: false,
          printer: s.printer,
          paper: s.paper,
          message: `The receipt did not print: ${error instanceof Error ? error.message : 'unknown error'}.`,
        }
      }
      deps.printed({ ...result, chargeId: charge.id })
    },
  }
}

export type ReceiptPrinting = ReturnType<typeof createReceiptPrinting>
