// Electron only: the system's printers, and silent printing of a receipt page on one of them.
// Thin on purpose: the layout and the paper's size are main/collections/receiptHtml.ts (tested
// in Chromium at every paper width; the caller passes the paper in), and the locked-down hidden
// window is printWindow.ts; this file only says which printer and how large the page is.
import { webContents } from 'electron'
import type { PrinterInfo } from '../../common/ipc/collections'
import { hiddenPrintWindow, printHtmlToDevice } from './printWindow'

export async function listPrinters(): Promise<PrinterInfo[]> {
  // Any live webContents can ask; a hidden one is made only when no window exists.
  const existing = webContents.getAllWebContents()[0]
  const window = existing ? null : hiddenPrintWindow()
  try {
    const printers = await (existing ?? window!.webContents).getPrintersAsync()
    return printers.map((p) => ({
      name: p.name,
      displayName: p.displayName || p.name,
      isDefault: (p as { isDefault?: boolean }).isDefault === true,
    }))
  } finally {
    window?.destroy()
  }
}

/** Prints silently; resolves with the failure reason in words, or null when printed. */
export function printReceiptSilently(
  html: string,
  options: {
    printer: string | null
    paper: { widthMm: number; thermal: boolean }
    heightMm: number
  },
): Promise<string | null> {
  const { paper } = options
  return printHtmlToDevice(html, {
    silent: true,
    printBackground: true,
    ...(options.printer ? { deviceName: options.printer } : {}),
    margins: { marginType: paper.thermal ? 'none' : 'default' },
    // Electron takes page sizes in microns; a roll is as long as the receipt.
    pageSize: paper.thermal
      ? { width: paper.widthMm * 1000, height: Math.max(100, options.heightMm) * 1000 }
      : 'A4',
  })
}
