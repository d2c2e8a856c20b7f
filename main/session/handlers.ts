import type { sessionChannels } from '../../common/ipc/session'
import type { Handlers } from '../ipc/handlers'
import type { AutoLock } from './auto-lock'
import type { SessionService } from './session'

export const sessionHandlers = (
  session: SessionService,
  autoLock: Pick<AutoLock, 'reportedByPage' | 'lockNow' | 'info'>,
): Handlers<typeof sessionChannels> => ({
  'session.get': () => session.state(),
  'session.setup': (input) => session.setup(input),
  'session.signIn': (input) => session.signIn(input.userId, input.pin),
  'session.signOut': () => session.signOut(),
  'session.unlock': (input) => session.unlock(input.pin),
  'session.stepUp': (input) => session.stepUp(input.pin),
  'session.lock': () => {
    autoLock.lockNow()
    return session.state()
  },
  'session.activity': () => {
    autoLock.reportedByPage()
    return null
  },
  'session.autoLockInfo': () => autoLock.info(),
})
