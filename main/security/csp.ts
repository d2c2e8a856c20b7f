// One Content-Security-Policy for every way the renderer is served: Electron's app:// protocol
// and the browser preview. Scripts and styles only from our own bundle, no inline code, no
// eval, no plugins, no framing, and no network: `connect-src 'self'` reaches only the app's
// own origin (in the preview, its loopback bridge), never the gateway.
export interface CspOptions {
  /** Extra connect-src sources (the preview's ws:// bridge address). */
  connect?: string[]
  /** Dev server only: Vite's HMR client needs its websocket and the React refresh preamble. */
  dev?: { origin: string; websocket: string }
}

export function contentSecurityPolicy(options: CspOptions = {}): string {
  const connect = ["'self'", ...(options.connect ?? [])]
  const script = ["'self'"]
  const style = ["'self'"]
  if (options.dev) {
    connect.push(options.dev.origin, options.dev.websocket)
    // Dev only: Vite injects the React refresh preamble inline. Never in a build.
    script.push("'unsafe-inline'")
    style.push("'unsafe-inline'")
  }
  return [
    "default-src 'none'",
    `script-src ${script.join(' ')}`,
    `style-src ${style.join(' ')}`,
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src ${connect.join(' ')}`,
    "media-src 'self' data:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    "frame-src 'none'",
    "worker-src 'none'",
    "manifest-src 'none'",
  ].join('; ')
}

/** The policy as a <meta> tag allows it (frame-ancestors is header-only). */
export function metaContentSecurityPolicy(options: CspOptions = {}): string {
  return contentSecurityPolicy(options)
    .split('; ')
    .filter((directive) => !directive.startsWith('frame-ancestors'))
    .join('; ')
}

/** Headers sent with every renderer document and asset. */
export function securityHeaders(options: CspOptions = {}): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(options),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'X-Frame-Options': 'DENY',
    'Permissions-Policy':
      'camera=(), microphone=(), geolocation=(), usb=(), serial=(), hid=(), payment=()',
  }
}
