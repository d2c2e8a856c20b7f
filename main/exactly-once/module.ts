// The exactly-once core as a shell module: it has no background work of its own (each feature
// runs its requests through the core), only the answer to "does this till resend here?".
import type { exactlyOnceChannels } from '../../common/ipc/exactly-once'
import type { CoreServices } from '../compose/core'
import { defineModule } from '../compose/core'
import type { Handlers } from '../ipc/handlers'
import { Follower, REVIEW_LOOKUP_SCHEDULE, type FollowSchedule } from './follower'
import { pacingOf } from './pacing'
import { tillTrust, trustOf } from './trust'

export function createExactlyOnce(core: CoreServices) {
  const handlers: Handlers<typeof exactlyOnceChannels> = {
    'exactlyOnce.resends': async () => {
      const { store, key } = tillTrust(core)
      await store.warm(key())
      return store.state(key())
    },
  }
  return { handlers }
}

export const exactlyOnceModule = defineModule({ name: 'exactly-once', create: createExactlyOnce })

/** What every money service takes from the shell for the core (follow-ups on `schedule`). */
export const tillWriteDeps = (core: CoreServices, schedule: FollowSchedule) => ({
  gateway: () => core.environment.client(),
  actor: () => core.session.current(),
  verifyPin: (userId: string, pin: string) => core.users.verifyPin(userId, pin),
  trust: trustOf(core),
  pacing: pacingOf(core),
  log: core.log,
  now: core.now,
  follower: new Follower(schedule),
  reviewFollower: new Follower(REVIEW_LOOKUP_SCHEDULE),
})
