// Electron only: the system's printers, and silent printing of a receipt page on one of them.
// Thin on purpose: the layout is main/collections/receiptHtml.ts (tested in Chromium at every
// paper width); this file only hands the page to the printer, in a hidden window that runs no
// JavaScript and loads nothing but the receipt's own HTML.
import { BrowserWindow, webContents } from 'electron'
import type { PrinterInfo, ReceiptPaper } from '../../common/ipc/collections'
import { PAPER } from '../collections/receiptHtml'

function hiddenWindow(): BrowserWindow {
  const window = new BrowserWindow({
    show: false,
    width: 800,
    height: 1000,
    webPreferences: {
      javascript: false,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      webviewTag: false,
      devTools: false,
      spellcheck: false,
      disableBlinkFeatures: 'Auxclick',
    },
  })
  window.webContents.on('will-navigate', (event) => event.preventDefault())
  window.webContents.setWindowOpenHandler(() => ({ action: 'deny' }))
  return window
}

export async function listPrinters(): Promise<PrinterInfo[]> {
  // Any live webContents can ask; a hidden one is made only when no window exists.
  const existing = webContents.getAllWebContents()[0]
  const window = existing ? null : hiddenWindow()
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
export async function printReceiptSilently(
  html: string,
  options: { printer: string | null; paper: ReceiptPaper; heightMm: number },
): Promise<string | null> {
  const window = hiddenWindow()
  try {
    await window.loadURL(`data:text/html;charset=utf-8,${encodeURIComponent(html)}`)
    const paper = PAPER[options.paper]
    return await new Promise<string | null>((resolve) => {
      window.webContents.print(
        {
          silent: true,
          printBackground: true,
          ...(options.printer ? { deviceName: options.printer } : {}),
          margins: { marginType: paper.thermal ? 'none' : 'default' },
          // Electron takes page sizes in microns; a roll is as long as the receipt.
          pageSize: paper.thermal
            ? { width: paper.widthMm * 1000, height: Math.max(100, options.heightMm) * 1000 }
            : 'A4',
        },
        (success, reason) => resolve(success ? null : reason || 'the printer did not accept it'),
      )
    })
  } finally {
    window.destroy()
  }
}
