// Serves the renderer build on app://tilldesk/ with our security headers. A custom privileged
// scheme instead of file:// means a real origin (for the IPC sender check and CSP 'self'),
// no access to the rest of the disk, and headers we control.
import { net, protocol } from 'electron'
import { pathToFileURL } from 'node:url'
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

export function serveRenderer(rendererDir: string): void {
  const headers = securityHeaders()
  protocol.handle(APP_SCHEME, async (request) => {
    const file = resolveAppFile(rendererDir, request.url)
    if (!file) return new Response('Not found', { status: 404, headers })
    const response = await net.fetch(pathToFileURL(file).toString())
    if (!response.ok) return new Response('Not found', { status: 404, headers })
    return new Response(response.body, {
      status: 200,
      headers: { ...headers, 'Content-Type': contentTypeOf(file) },
    })
  })
}
