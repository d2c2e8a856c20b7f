// Electron only: prints a report's HTML to PDF in a hidden, locked-down window that runs no
// JavaScript and loads nothing but the report itself. The paper comes from the report's
// `@page` rule (preferCSSPageSize).
import { BrowserWindow } from 'electron'
import type { PdfRenderer } from './pdf'

export const electronPdf: PdfRenderer = async (html) => {
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
      // Middle-click would otherwise open links in a new window (auxclick).
      disableBlinkFeatures: 'Auxclick',
    },
  })
  try {
    window.webContents.on('will-navigate', (event) => event.preventDefault())
    window.webContents.setWindowOpenHandler(() => ({ action: 'deny' }))
    await window.loadURL(`data:text/html;charset=utf-8,${encodeURIComponent(html)}`)
    const pdf = await window.webContents.printToPDF({
      preferCSSPageSize: true,
      printBackground: true,
    })
    return new Uint8Array(pdf)
  } finally {
    window.destroy()
  }
}
