// `npm run preview -- --port 5180 [--data-dir DIR]`: Tilldesk's main-process services in
// plain Node, in the Demo environment by default, with the built renderer served to any
// Chromium on 127.0.0.1. For tests and for people without Electron; never packaged.
import { mkdirSync, existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { browserDesktop } from '../main/compose/desktop'
import { consoleSink, createLogger } from '../main/kernel/log'
import { createServices } from '../main/compose/services'
import type { SenderInfo } from '../main/ipc/handlers'
import { noPowerSource } from '../main/session/auto-lock'
import { KeytarKeychain } from '../main/keychain/keychain'
import { confBackend } from '../main/settings/conf-backend'
import { startPreviewServer } from './server'
import { acceptableHostName, acceptableToken, generateHostName, generateToken } from './token'

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '5180' },
    'data-dir': { type: 'string' },
    'renderer-dir': { type: 'string', default: 'out/renderer' },
  },
  strict: true,
})

const port = Number(values.port)
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a port number (0 picks a free one), not "${values.port}".`)
  process.exit(2)
}
const rendererDir = resolve(values['renderer-dir'])
if (!existsSync(resolve(rendererDir, 'index.html'))) {
  console.error(`No built renderer in ${rendererDir}. Run "npm run build:renderer" first.`)
  process.exit(2)
}
const dataDir = resolve(values['data-dir'] ?? process.env.TILLDESK_DATA_DIR ?? '.tmp/preview-data')
mkdirSync(dataDir, { recursive: true })

// Tests hand in their own random token so they can open the page; otherwise make one.
const envToken = process.env.TILLDESK_PREVIEW_TOKEN
const token = acceptableToken(envToken) ? envToken : generateToken()
// A host name of this run's own (tests pass one so they know the address before it starts).
const envHost = process.env.TILLDESK_PREVIEW_HOST
const hostName = acceptableHostName(envHost) ? envHost : generateHostName()

const log = createLogger(consoleSink)
let trustedOrigins: string[] = []
let origin: string | null = null
const services = await createServices({
  settingsBackend: confBackend(dataDir),
  keychain: new KeytarKeychain(),
  fetch: globalThis.fetch,
  dataDir,
  log,
  desktop: browserDesktop(() => origin),
  power: noPowerSource,
  isTrustedSender: (sender: SenderInfo) =>
    sender.transport === 'preview' && trustedOrigins.includes(sender.url),
})
await services.start()
const server = await startPreviewServer({
  services,
  rendererDir,
  port,
  token,
  hostName,
  log,
  // Main sees no input in a browser: the preview counts any call from a page as use of the
  // till, so only a preview nobody has touched for the idle limits locks (tests drive pages
  // by calls).
  onInvoke: () => services.autoLock.reportedByPage(),
})
trustedOrigins = [server.origin]
origin = server.origin

const environment = await services.environment.state()
console.log(`\nTilldesk preview (not for production use)`)
console.log(`  Open:        ${server.url}`)
console.log(`  Data:        ${dataDir}`)
console.log(
  `  Environment: ${environment.environment}${environment.baseUrl ? ` at ${environment.baseUrl}` : ''}`,
)
if (!environment.keychain.available) {
  console.log(
    '  Keychain:    not available (API secrets cannot be stored; the demo key stays in memory)',
  )
}
console.log('')

let stopping = false
const shutdown = async (signal: string) => {
  if (stopping) return
  stopping = true
  log.info(`stopping preview (${signal})`)
  await server.close()
  await services.stop()
  process.exit(0)
}
process.on('SIGINT', () => void shutdown('SIGINT'))
process.on('SIGTERM', () => void shutdown('SIGTERM'))
