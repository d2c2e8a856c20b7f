import type { usersChannels } from '../../common/ipc/users'
import { actor, type Handlers } from '../ipc/handlers'
import type { UsersService } from './users'

export const usersHandlers = (users: UsersService): Handlers<typeof usersChannels> => ({
  'users.list': () => users.list(),
  'users.create': (input, context) => users.create(input, actor(context).id),
  'users.update': (input, context) => users.update(actor(context).id, input),
  'users.setPin': (input, context) => users.setPin(input.id, input.pin, actor(context).id),
  'users.unlock': (input) => users.unlock(input.id),
  'users.remove': (input, context) => {
    users.remove(actor(context).id, input.id)
    return null
  },
  'users.replaceShortPin': (input) =>
    users.replaceShortPin(input.id, input.currentPin, input.newPin),
  'users.changeOwnPin': async (input, context) => {
    await users.changeOwnPin(actor(context).id, input.currentPin, input.newPin)
    return null
  },
})
