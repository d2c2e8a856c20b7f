// Electron only: renders a receipt's HTML (main/collections/receiptHtml.ts) to PDF with
// printToPDF in the shared hidden print window (printWindow.ts), which runs no JavaScript and
// loads nothing but the receipt's own HTML.
import { printHtmlToPdf } from './printWindow'

export function renderReceiptPdf(html: string): Promise<Uint8Array> {
  return printHtmlToPdf(html, { pageSize: 'A5', printBackground: true })
}
