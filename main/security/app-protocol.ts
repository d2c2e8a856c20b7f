// Serves the renderer build on app://tilldesk/ with our security headers. A custom privileged
// scheme instead of file:// means a real origin (for the IPC sender check and CSP 'self'),
// no access to the rest of the disk, and headers we control.
import type { Session } from 'electron'
import { protocol } from 'electron'
import { readFile } from 'node:fs/promises'
import { securityHeaders } from './csp'
import { contentTypeOf, resolveAppFile } from './app-files'
import { APP_SCHEME } from './origin'

/** Must run before `app` is ready. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    {
      scheme: APP_SCHEME,
      privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
    },
  ])
}

/**
 * Registers app:// on the UI windows' session: a protocol handler belongs to one session, and
 * our windows do not use the default one (sessions.ts). Files are read from disk directly, not
 * with a fetch of file://, so no session's request filter is involved.
 */
export function serveRenderer(session: Session, rendererDir: string): void {
  const headers = securityHeaders()
  session.protocol.handle(APP_SCHEME, async (request) => {
    const file = resolveAppFile(rendererDir, request.url)
    if (!file) return new Response('Not found', { status: 404, headers })
    let body: Buffer
    try {
      body = await readFile(file)
    } catch {
      return new Response('Not found', { status: 404, headers })
    }
    return new Response(new Uint8Array(body), {
      status: 200,
      headers: { ...headers, 'Content-Type': contentTypeOf(file) },
    })
  })
}
