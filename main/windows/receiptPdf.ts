// Electron only: renders a receipt to PDF with printToPDF in a hidden, locked-down window that
// runs no JavaScript and loads nothing but the receipt's own HTML.
import { BrowserWindow } from 'electron'
import type { Receipt } from '../../common/ipc/collections'
import { receiptHtml } from '../collections/receiptHtml'

export async function renderReceiptPdf(receipt: Receipt): Promise<Uint8Array> {
  const window = new BrowserWindow({
    show: false,
    width: 600,
    height: 800,
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
  try {
    // Nothing in the page may navigate or open anything.
    window.webContents.on('will-navigate', (event) => event.preventDefault())
    window.webContents.setWindowOpenHandler(() => ({ action: 'deny' }))
    const html = receiptHtml(receipt)
    await window.loadURL(`data:text/html;charset=utf-8,${encodeURIComponent(html)}`)
    const pdf = await window.webContents.printToPDF({ pageSize: 'A5', printBackground: true })
    return new Uint8Array(pdf)
  } finally {
    window.destroy()
  }
}
