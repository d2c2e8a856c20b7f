// Electron implementation of DesktopServices: secure extra windows (same factory as the main
// window) and notifications.
import { BrowserWindow, Notification, screen } from 'electron'
import { windowKindForRoute } from '../common/ipc/windows'
import type { DesktopServices } from './compose/desktop'
import { openExternalChecked } from './security/open-external'
import { APP_ENTRY } from './security/origin'
import { createAppWindow, type WindowContext } from './window'

export function electronDesktop(context: WindowContext): DesktopServices {
  return {
    kind: 'electron',
    async openWindow(route, windowOptions = {}) {
      const displays = screen.getAllDisplays()
      const primary = screen.getPrimaryDisplay()
      const secondary = windowOptions.preferSecondaryDisplay
        ? displays.find((display) => display.id !== primary.id)
        : undefined
      const hash = route.startsWith('#') ? route : `#${route}`
      createAppWindow(context, {
        // The route decides the bridge: the customer display gets only its own part.
        kind: windowKindForRoute(hash),
        route: hash,
        ...(windowOptions.title ? { title: windowOptions.title } : {}),
        ...(secondary ? { bounds: secondary.workArea } : {}),
        fullscreen: windowOptions.fullscreen ?? secondary !== undefined,
      })
      return { opened: true, url: `${context.devServerUrl ?? APP_ENTRY}${hash}` }
    },
    notify(title, body) {
      if (!Notification.isSupported()) return false
      if (BrowserWindow.getAllWindows().some((window) => window.isFocused())) return false
      new Notification({ title, body, silent: false }).show()
      return true
    },
    // Used for the gateway's hosted checkout page, after main/payments checked its origin;
    // checked again here (plain web pages only) so no caller can reach file: or a scheme.
    openExternal: async (url) => {
      if (!(await openExternalChecked(url, 'web'))) {
        throw new Error('Tilldesk only opens web pages (https) in the browser.')
      }
    },
  }
}
