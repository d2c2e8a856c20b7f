// Electron main: lifecycle, single instance, security wiring, windows. Thin on purpose:
// everything else is the plain-Node composition root (compose/services.ts), shared with the
// browser preview.
import type { BrowserWindow } from 'electron'
import { app, crashReporter, dialog, Menu, session } from 'electron'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { electronStoreBackend } from './adapters/electron-store'
import { electronPowerSource } from './adapters/power-monitor'
import { AppError } from './kernel/errors'
import { consoleSink, createLogger, fileLog, teeSink } from './kernel/log'
import { readCrashReporting } from './diagnostics/crash'
import { electronUpdateEngine } from './updates/electron'
import { createServices, type AppServices } from './compose/services'
import { registerIpc } from './ipc/electron'
import { WindowRegistry } from './ipc/window-access'
import { KeytarKeychain } from './keychain/keychain'
import { electronDesktop } from './desktop'
import { buildMenu } from './menu'
import { registerAppScheme, serveRenderer } from './security/app-protocol'
import { guardEveryWebContents } from './security/harden'
import { isOwnUrl } from './security/origin'
import { createShellSessions } from './security/sessions'
import { createAppWindow, type WindowContext } from './window'

const here = fileURLToPath(new URL('.', import.meta.url))
// Rotating, scrubbed log files in the platform's log folder (see docs/release.md).
const logFile = fileLog({ dir: app.getPath('logs') })
const log = createLogger(teeSink(consoleSink, logFile.sink))
// Crash dumps are always written locally; they are sent only if the admin opted in. The
// address must be given now, before the keychain can check the file's seal, so upload stays
// off until the diagnostics module has read the sealed file (setCrashUpload below).
const crashAddress = readCrashReporting(app.getPath('userData'), null).url
crashReporter.start({ submitURL: crashAddress ?? '', uploadToServer: false })
/** Only an unpackaged app may use the dev server (electron-vite sets the variable). */
const devServerUrl = !app.isPackaged ? (process.env.ELECTRON_RENDERER_URL ?? null) : null
const preloads = {
  cashier: join(here, '../preload/index.cjs'),
  'customer-display': join(here, '../preload/customer-display.cjs'),
}
const rendererDir = join(here, '../renderer')
const registry = new WindowRegistry()

let services: AppServices | null = null
let mainWindow: BrowserWindow | null = null

// Every renderer is sandboxed, whatever a window asks for.
app.enableSandbox()
registerAppScheme()

if (!app.requestSingleInstanceLock()) {
  // Another Tilldesk owns this till's data and keychain entries; it gets focus instead.
  app.quit()
} else {
  app.on('second-instance', () => {
    if (!mainWindow) return
    if (mainWindow.isMinimized()) mainWindow.restore()
    mainWindow.focus()
  })

  guardEveryWebContents(app, log, devServerUrl)

  app.on('window-all-closed', () => app.quit())

  let stopped = false
  app.on('will-quit', (event) => {
    if (stopped || !services) return
    event.preventDefault()
    const running = services
    void running.stop().finally(() => {
      stopped = true
      app.quit()
    })
  })

  void app
    .whenReady()
    .then(start)
    .catch((error: unknown) => {
      log.error('Tilldesk failed to start', { error })
      // A settings file it cannot read (cut short, edited) stops the start: say why, in words.
      if (error instanceof AppError) dialog.showErrorBox('Tilldesk could not start', error.message)
      app.exit(1)
    })
}

async function start(): Promise<void> {
  // Windows in the locked-down UI session; gateway traffic in main's own (security/sessions.ts).
  const sessions = createShellSessions(session, devServerUrl)
  serveRenderer(sessions.ui, rendererDir)
  Menu.setApplicationMenu(
    buildMenu({ isMac: process.platform === 'darwin', dev: devServerUrl !== null }),
  )
  const windows: WindowContext = {
    preloads,
    session: sessions.ui,
    registry,
    devServerUrl,
    // Idle time runs from input main sees in our windows, never from what a page reports.
    onInput: () => services?.autoLock.activity(),
  }

  services = await createServices({
    settingsBackend: electronStoreBackend(),
    keychain: new KeytarKeychain(),
    fetch: sessions.gatewayFetch,
    dataDir: app.getPath('userData'),
    log,
    desktop: electronDesktop(windows),
    power: electronPowerSource(log),
    windowInput: true,
    updateEngine: electronUpdateEngine(log),
    logFiles: logFile.files,
    host: {
      version: app.getVersion(),
      electron: process.versions.electron ?? null,
      chrome: process.versions.chrome ?? null,
      licencesFile: join(here, '../licences.json'),
      // The address is read at start; a new one applies from the next start.
      setCrashUpload: (upload, url) =>
        crashReporter.setUploadToServer(upload && url !== null && url === crashAddress),
    },
    isTrustedSender: (sender) =>
      sender.transport === 'electron' && isOwnUrl(sender.url, devServerUrl),
  })
  registerIpc(services.dispatcher, services.events, registry)
  await services.start()

  mainWindow = createAppWindow(windows, { kind: 'cashier' })
  mainWindow.on('closed', () => {
    mainWindow = null
  })
}
