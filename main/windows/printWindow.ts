// Electron only: the one hidden window every printout goes through (receipts to PDF and to a
// printer, shift reports to PDF). It is locked down once, here, so no printout can get a
// weaker window: it runs no JavaScript, is sandboxed and context-isolated, loads nothing but
// the HTML it is given (as a data: URL), and may neither navigate nor open another window.
// The security gate (scripts/security.ts) checks these preferences and mutates this file to
// prove it would catch an unsafe change.
import {
  BrowserWindow,
  type PrintToPDFOptions,
  type WebContents,
  type WebContentsPrintOptions,
} from 'electron'

/** A hidden window for printing, with the navigation guards on; destroy it when done. */
export function hiddenPrintWindow(): BrowserWindow {
  const window = new BrowserWindow({
    show: false,
    width: 800,
    height: 1000,
    webPreferences: {
      javascript: false,
      // Electron's defaults, spelled out: this window must never depend on them.
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      devTools: false,
      spellcheck: false,
      // Middle-click would otherwise open links in a new window (auxclick).
      disableBlinkFeatures: 'Auxclick',
    },
  })
  // Nothing in the page may navigate or open anything.
  window.webContents.on('will-navigate', (event) => event.preventDefault())
  window.webContents.setWindowOpenHandler(() => ({ action: 'deny' }))
  return window
}

/** Loads `html` into a fresh print window, hands its contents to `use`, then destroys it. */
async function withPage<T>(html: string, use: (contents: WebContents) => Promise<T>): Promise<T> {
  const window = hiddenPrintWindow()
  try {
    await window.loadURL(`data:text/html;charset=utf-8,${encodeURIComponent(html)}`)
    return await use(window.webContents)
  } finally {
    window.destroy()
  }
}

/** Prints `html` to PDF (the paper from `options`, or the page's own `@page` rule). */
export function printHtmlToPdf(html: string, options: PrintToPDFOptions): Promise<Uint8Array> {
  return withPage(html, async (contents) => new Uint8Array(await contents.printToPDF(options)))
}

/** Prints `html` on a printer; resolves with the failure reason in words, or null when printed. */
export function printHtmlToDevice(
  html: string,
  options: WebContentsPrintOptions,
): Promise<string | null> {
  return withPage(
    html,
    (contents) =>
      new Promise<string | null>((resolve) => {
        contents.print(options, (success, reason) =>
          resolve(success ? null : reason || 'the printer did not accept it'),
        )
      }),
  )
}
