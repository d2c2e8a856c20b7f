// Electron-only guards for every web contents and the session: no navigation, no new windows,
// no webviews, no permissions, no network from the renderer. Pure decisions live in
// origin.ts / external.ts; this file only wires them to Electron.
import type { Session, WebContents } from 'electron'
import type { Logger } from '../app/log'
import { openExternalChecked } from './open-external'
import { isOwnUrl } from './origin'

export function hardenWebContents(
  contents: WebContents,
  log: Logger,
  devServerUrl: string | null,
): void {
  // Navigation away from our pages is never allowed (a link, a form, a script).
  contents.on('will-navigate', (event, url) => {
    if (!isOwnUrl(url, devServerUrl)) {
      event.preventDefault()
      log.warn('navigation blocked', { url })
    }
  })
  contents.on('will-redirect', (event, url) => {
    if (!isOwnUrl(url, devServerUrl)) event.preventDefault()
  })
  // window.open / target=_blank: never a new Electron window; allow-listed https links go to
  // the system browser instead.
  contents.setWindowOpenHandler(({ url }) => {
    void openExternalChecked(url, 'allow-list').then((opened) => {
      if (!opened) log.warn('window.open blocked', { url })
    })
    return { action: 'deny' }
  })
  // No <webview> may ever attach.
  contents.on('will-attach-webview', (event) => {
    event.preventDefault()
    log.warn('webview blocked')
  })
}

export function hardenSession(session: Session, devServerUrl: string | null): void {
  // Camera, microphone, notifications prompts, geolocation, HID, serial…: all refused.
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false))
  session.setPermissionCheckHandler(() => false)
  session.setDevicePermissionHandler(() => false)
  // The renderer has no network: gateway traffic goes through main. Only the dev server (in
  // development) and devtools are let through.
  session.webRequest.onBeforeRequest((details, callback) => {
    const url = details.url
    const allowed =
      url.startsWith('app://') ||
      url.startsWith('devtools://') ||
      url.startsWith('data:') ||
      (devServerUrl !== null && isOwnUrl(url, devServerUrl)) ||
      (devServerUrl !== null && url.startsWith(devServerUrl.replace(/^http/, 'ws')))
    callback({ cancel: !allowed })
  })
}
