// Shop mode as a feature module: the channels of common/ipc/shop.ts and the sync loop, started
// with the app only when this till has joined a shop.
import type { shopChannels } from '../../common/ipc/shop'
import type { CoreServices } from '../app/core'
import { defineModule } from '../app/module'
import type { Handlers } from '../ipc/handlers'
import { ShopService } from './service'

export function createShopService(core: CoreServices): ShopService {
  return new ShopService({
    dataDir: core.dataDir,
    keychain: core.keychain,
    integrity: core.integrity,
    tillName: () => core.settings.get().tillName,
    emit: (view) => core.emit('shop.status', view),
    log: core.log,
  })
}

export const shopModule = defineModule({
  name: 'shop',
  create(core) {
    const service = createShopService(core)
    const owner = (input: { ownerUser: string; ownerPassword: string }) => ({
      user: input.ownerUser,
      password: input.ownerPassword,
    })
    const handlers: Handlers<typeof shopChannels> = {
      'shop.status': () => service.status(),
      'shop.create': (input) => service.create(input.server, owner(input), input.shopName),
      'shop.createCode': (input) => service.createCode(owner(input)),
      'shop.join': (input) => service.join(input.server, input.code),
      'shop.leave': () => service.leave(),
    }
    return { handlers, start: () => service.start(), stop: () => service.stop() }
  },
})
