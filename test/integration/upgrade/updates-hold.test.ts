// Updates wired into the real composition root: a till on the demo gateway with a charge open
// checks a local feed, downloads the new version, and holds it back until the charge is
// closed. Proves the collections module's busy answer reaches the policy.
import { createHash } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ChargeView } from '../../../common/ipc/collections'
import type { UpdateStatus } from '../../../common/ipc/updates'
import { silentLogger } from '../../../main/kernel/log'
import { createServices, type AppServices } from '../../../main/compose/services'
import { confBackend } from '../../../main/settings/conf-backend'
import { channelFile } from '../../../main/updates/engine'
import { feedEngine } from '../../../main/updates/feed'
import { dispatcher } from '../../support/services'
import { MemoryKeychain } from '../../unit/shell/helpers'

const installer = Buffer.from('Tilldesk 9.0.0 AppImage '.repeat(500))
const sha512 = createHash('sha512').update(installer).digest('base64')
const feedFiles: Record<string, Buffer | string> = {
  [channelFile('stable', 'linux', 'x64')]: `version: 9.0.0
files:
  - url: Tilldesk-9.0.0.AppImage
    sha512: ${sha512}
    size: ${installer.length}
path: Tilldesk-9.0.0.AppImage
sha512: ${sha512}
releaseDate: '2026-11-24T08:00:00.000Z'
`,
  'Tilldesk-9.0.0.AppImage': installer,
}

let server: Server
let feedUrl: string
let dir: string
let services: AppServices
const installs: boolean[] = []
const { value } = dispatcher(() => services)

beforeAll(async () => {
  server = createServer((request, response) => {
    const body = feedFiles[(request.url ?? '').replace(/^\/feed\//, '')]
    if (body === undefined) response.writeHead(404).end()
    else response.writeHead(200).end(body)
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  feedUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/feed`
  dir = mkdtempSync(join(tmpdir(), 'tilldesk-updates-hold-'))
  services = await createServices({
    settingsBackend: confBackend(dir),
    keychain: new MemoryKeychain(),
    fetch: globalThis.fetch,
    dataDir: dir,
    log: silentLogger,
    isTrustedSender: (candidate) => candidate.transport === 'test',
    // The test feed stands in for one the build allows (main/updates/allowed-feeds.ts).
    updateFeeds: [feedUrl],
    updateEngine: feedEngine({
      currentVersion: '0.1.0',
      cacheDir: join(dir, 'updates'),
      platform: 'linux',
      arch: 'x64',
      runInstaller: async (_file, { restart }) => void installs.push(restart),
    }),
  })
  await services.start()
})

afterAll(async () => {
  await services?.stop()
  await new Promise<void>((done) => server?.close(() => done()))
  if (dir) rmSync(dir, { recursive: true, force: true, maxRetries: 3 })
})

const PINS = { Ada: '123456', Bola: '2468' }
const ids: Record<string, string> = {}
const signIn = (name: 'Ada' | 'Bola') =>
  value('session.signIn', { userId: ids[name], pin: PINS[name] })

describe('updates in the composition root', () => {
  it(
    'hold a downloaded update while a charge is open, and release it once it is closed',
    {
      timeout: 60_000,
    },
    async () => {
      ids.Ada = (
        await value<{ user: { id: string } }>('session.setup', {
          tillName: 'Front counter',
          adminName: 'Ada',
          pin: PINS.Ada,
        })
      ).user.id
      ids.Bola = (
        await value<{ id: string }>('users.create', {
          name: 'Bola',
          role: 'cashier',
          pin: PINS.Bola,
        })
      ).id
      await signIn('Bola')
      const customer = await value<{ accountReference: string }>('customer.create', {
        name: 'Waiting Customer',
        email: 'waiting@example.com',
        bvn: '22212345009',
      })
      const charge = await value<ChargeView>('charge.open', {
        accountReference: customer.accountReference,
        amount: '75.50',
      })
      await signIn('Ada')
      const status = await value<UpdateStatus>('updates.configure', {
        source: { kind: 'generic', url: feedUrl },
      })
      expect(status).toMatchObject({
        phase: 'waiting',
        availableVersion: '9.0.0',
        heldBy: ['A charge is open.'],
      })

      await signIn('Bola')
      await value('charge.cancel', { chargeId: charge.id, reason: 'Customer left' })
      await signIn('Ada')
      expect(await value<UpdateStatus>('updates.status')).toMatchObject({
        phase: 'ready',
        heldBy: [],
      })
      expect(installs).toEqual([])
    },
  )
})
