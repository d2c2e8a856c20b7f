// Electron-only guards for every web contents and the session: no navigation, no new windows,
// no webviews, no permissions, no network from the renderer. Pure decisions live in
// origin.ts / external.ts; this file only wires them to Electron.
import type { Session, WebContents } from 'electron'
import type { Logger } from '../kernel/log'
import { openExternalChecked } from './open-external'
import { isOwnUrl } from './origin'

/** The part of Electron's `app` the guards need (a fake in unit tests). */
export interface WebContentsSource {
  on(
    event: 'web-contents-created',
    listener: (event: unknown, contents: WebContents) => void,
  ): unknown
}

/**
 * Guards every web contents Electron creates: our windows, the customer display, the receipt
 * renderer, and anything a page could try to open. Must run before the first window.
 */
export function guardEveryWebContents(
  app: WebContentsSource,
  log: Logger,
  devServerUrl: string | null,
): void {
  app.on('web-contents-created', (_event, contents) =>
    hardenWebContents(contents, log, devServerUrl),
  )
}

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

/** Camera, microphone, notification prompts, geolocation, HID, serial…: all refused. */
export function denyPermissions(session: Session): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false))
  session.setPermissionCheckHandler(() => false)
  session.setDevicePermissionHandler(() => false)
}

/**
 * The renderer has no network: gateway traffic goes through main's own session
 * (sessions.ts). Only our app:// pages, data: images, devtools and (in development) the dev
 * server are let through. Never put this filter on the gateway session.
 */
export function lockDownRequests(session: Session, devServerUrl: string | null): void {
  session.webRequest.onBeforeRequest((details, callback) => {
    const url = details.url
    const allowed =
      url.startsWith('app://') ||
      url.startsWith('devtools://') ||
      url.startsWith('data:') ||
      (devServerUrl !== null && isOwnUrl(url, devServerUrl)) ||
      (devServerUrl !== null && isOwnUrl(url.replace(/^ws/, 'http'), devServerUrl))
    callback({ cancel: !allowed })
  })
}
