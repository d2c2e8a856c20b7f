// Desktop abilities only the Electron app has (extra windows, native notifications). Feature
// modules use `core.desktop`; in the browser preview and tests the `browserDesktop` stand-in
// says what it could not do instead of failing.
export interface OpenWindowOptions {
  /** Put the window on a secondary display when one is connected (customer display). */
  preferSecondaryDisplay?: boolean
  fullscreen?: boolean
  title?: string
}

export interface DesktopServices {
  readonly kind: 'electron' | 'browser'
  /**
   * Opens a hash route (e.g. '#/customer-display') in its own window. In the preview there
   * are no windows to open: `opened` is false and `url` is the page to open in another tab.
   */
  openWindow(
    route: string,
    options?: OpenWindowOptions,
  ): Promise<{ opened: boolean; url: string | null }>
  /** A native notification when no Tilldesk window has focus; false when not shown. */
  notify(title: string, body: string): boolean
  /**
   * Hands an https page to the system browser (Electron only). The caller has already checked
   * the URL against its own rule (e.g. the gateway's checkout origin); absent in the preview.
   */
  openExternal?(url: string): Promise<void>
}

export const browserDesktop = (origin: () => string | null): DesktopServices => ({
  kind: 'browser',
  async openWindow(route) {
    const base = origin()
    return {
      opened: false,
      url: base ? `${base}/${route.startsWith('#') ? route : `#${route}`}` : null,
    }
  },
  notify: () => false,
})
