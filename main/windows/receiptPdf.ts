// Electron only: renders a receipt to PDF with printToPDF in the shared hidden print window
// (printWindow.ts), which runs no JavaScript and loads nothing but the receipt's own HTML.
import type { Receipt } from '../../common/ipc/collections'
import { receiptHtml } from '../collections/receiptHtml'
import { printHtmlToPdf } from './printWindow'

export function renderReceiptPdf(receipt: Receipt): Promise<Uint8Array> {
  return printHtmlToPdf(receiptHtml(receipt), { pageSize: 'A5', printBackground: true })
}
