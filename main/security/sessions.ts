// The two sessions of the shell, and what each one gets.
//
// - The UI windows live in their own partition, whose request filter cancels everything but
//   our app:// pages (and, in development, the dev server): the renderer has no network.
// - Main's gateway traffic goes through a session of its own, with `ses.fetch`. No page ever
//   loads in it, so it needs no filter; it must not share the renderer's, because Electron's
//   fetch "will trigger webRequest handlers if present": the renderer's filter would cancel
//   every gateway call, the Demo gateway on 127.0.0.1 included.
// - The default session is locked down like the UI one, so anything that falls back to it
//   (a window made without a partition) gets no network either.
// Takes Electron's `session` module as a parameter, so the wiring is unit-tested with fakes.
import type { Session } from 'electron'
import { denyPermissions, lockDownRequests } from './harden'
import { GATEWAY_PARTITION, UI_PARTITION } from './partitions'

export { GATEWAY_PARTITION, UI_PARTITION }

export interface SessionModule {
  readonly defaultSession: Session
  fromPartition(partition: string, options?: { cache: boolean }): Session
}

export interface ShellSessions {
  /** For every UI window (webPreferences.session) and the app:// scheme. */
  ui: Session
  /** Main's own session for gateway traffic; never given to a window. */
  gateway: Session
  /** `fetch` over the gateway session, for the gateway client. */
  gatewayFetch: typeof fetch
}

export function createShellSessions(
  sessions: SessionModule,
  devServerUrl: string | null,
): ShellSessions {
  lockDownRequests(sessions.defaultSession, devServerUrl)
  denyPermissions(sessions.defaultSession)

  const ui = sessions.fromPartition(UI_PARTITION)
  lockDownRequests(ui, devServerUrl)
  denyPermissions(ui)

  const gateway = sessions.fromPartition(GATEWAY_PARTITION, { cache: false })
  // No page loads here, but if one ever did it would get no permission either.
  denyPermissions(gateway)

  const gatewayFetch: typeof fetch = (input, init) =>
    gateway.fetch(input instanceof URL ? input.toString() : input, init)
  return { ui, gateway, gatewayFetch }
}
