// Electron only: prints a report's HTML to PDF in the shared hidden print window
// (main/windows/printWindow.ts), which runs no JavaScript and loads nothing but the report
// itself. The paper comes from the report's `@page` rule (preferCSSPageSize).
import { printHtmlToPdf } from '../windows/printWindow'
import type { PdfRenderer } from './pdf'

export const electronPdf: PdfRenderer = (html) =>
  printHtmlToPdf(html, { preferCSSPageSize: true, printBackground: true })
