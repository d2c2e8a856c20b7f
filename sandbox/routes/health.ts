// GET /health: liveness and the server's (real) clock, no authentication.
import type { Endpoints } from '../../common/api/endpoints'
import type { SandboxClock } from '../clock'
import type { Handlers } from '../http/route'

export function healthHandlers(clock: SandboxClock): Handlers<Pick<Endpoints, 'health'>> {
  return {
    health: () => ({
      status: 'ok',
      time: new Date(clock.wallMs()).toISOString(),
      environment: 'sandbox',
    }),
  }
}
