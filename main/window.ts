// The one way Tilldesk makes a window. Every window gets the same locked-down preferences and
// the UI session (security/sessions.ts); its kind picks the preload: the cashier's windows get
// the whole bridge, the customer display only its own part (preload/customer-display.ts).
// Main records each window's kind by its web contents, so the IPC guard knows who is calling.
import { BrowserWindow, screen, type Rectangle, type Session } from 'electron'
import type { WindowKind } from '../common/ipc/windows'
import type { WindowRegistry } from './ipc/window-access'
import { APP_ENTRY } from './security/origin'
import { watchWindowInput } from './session/window-input'

/** What every window shares; made once at start (main/index.ts). */
export interface WindowContext {
  /** Preload file per kind of window. */
  preloads: Record<WindowKind, string>
  /** The UI partition's session, with the request lock-down and the app:// scheme. */
  session: Session
  registry: WindowRegistry
  /** Vite dev server URL in development; null loads app://tilldesk/. */
  devServerUrl: string | null
  /** A key, click or touch in a cashier's window: use of the till for the idle lock. */
  onInput?: () => void
}

export interface WindowOptions {
  kind: WindowKind
  /** Hash route to open, e.g. '#/customer-display'. */
  route?: string
  title?: string
  bounds?: Partial<Rectangle>
  fullscreen?: boolean
}

export function createAppWindow(context: WindowContext, options: WindowOptions): BrowserWindow {
  const work = screen.getPrimaryDisplay().workArea
  const preloadPath = context.preloads[options.kind]
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
      session: context.session,
      preload: preloadPath,
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
      // DevTools only in development.
      devTools: context.devServerUrl !== null,
      safeDialogs: true,
      // Middle-click would otherwise open links in a new window (auxclick).
      disableBlinkFeatures: 'Auxclick',
    },
  })
  const id = window.webContents.id
  context.registry.register(id, options.kind)
  window.webContents.once('destroyed', () => context.registry.forget(id))
  if (context.onInput) watchWindowInput(window.webContents, options.kind, context.onInput)
  window.once('ready-to-show', () => window.show())
  const base = context.devServerUrl ?? APP_ENTRY
  void window.loadURL(`${base}${options.route ?? ''}`)
  return window
}
