// The one way Tilldesk makes a window. Every window gets the same locked-down preferences;
// feature code (e.g. the customer display) calls createAppWindow with a route.
import { BrowserWindow, screen, type Rectangle } from 'electron'
import { APP_ENTRY } from './security/origin'

export interface WindowOptions {
  preloadPath: string
  /** Hash route to open, e.g. '#/customer-display'. */
  route?: string
  /** Vite dev server URL in development; null loads app://tilldesk/. */
  devServerUrl: string | null
  /** DevTools only in development. */
  devTools: boolean
  title?: string
  bounds?: Partial<Rectangle>
  fullscreen?: boolean
}

export function createAppWindow(options: WindowOptions): BrowserWindow {
  const work = screen.getPrimaryDisplay().workArea
  const window = new BrowserWindow({
    title: options.title ?? 'Tilldesk',
    width: Math.min(1440, work.width),
    height: Math.min(900, work.height),
    minWidth: 1024,
    minHeight: 680,
    ...options.bounds,
    fullscreen: options.fullscreen ?? false,
    show: false,
    backgroundColor: '#eef1f5',
    autoHideMenuBar: true,
    webPreferences: {
      preload: options.preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: false,
      devTools: options.devTools,
      safeDialogs: true,
      // Middle-click would otherwise open links in a new window (auxclick).
      disableBlinkFeatures: 'Auxclick',
    },
  })
  window.once('ready-to-show', () => window.show())
  const base = options.devServerUrl ?? APP_ENTRY
  void window.loadURL(`${base}${options.route ?? ''}`)
  return window
}
