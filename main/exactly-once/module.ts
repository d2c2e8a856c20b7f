// The exactly-once core as a shell module: it has no background work of its own (each feature
// runs its requests through the core), only the answer to "does this till resend here?".
import type { exactlyOnceChannels } from '../../common/ipc/exactly-once'
import type { CoreServices } from '../compose/core'
import { defineModule } from '../compose/core'
import type { Handlers } from '../ipc/handlers'
import { tillTrust } from './trust'

export function createExactlyOnce(core: CoreServices) {
  const handlers: Handlers<typeof exactlyOnceChannels> = {
    'exactlyOnce.resends': async () => {
      const { store, key } = tillTrust(core)
      await store.warm(key())
      const state = store.state(key())
      return {
        honoured: state.honoured,
        how: state.how,
        since: state.at === null ? null : new Date(state.at).toISOString(),
      }
    },
  }
  return { handlers }
}

export const exactlyOnceModule = defineModule({ name: 'exactly-once', create: createExactlyOnce })
