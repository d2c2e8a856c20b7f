// Shared by the collections benches: the real main-process services in Demo (embedded sandbox),
// the preview server over our own renderer build, and Debian's Chromium on it, signed in.
// Gateway requests are counted by path through a counting fetch.
import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium, type Browser, type Page } from '@playwright/test'
import type { ChannelName, Channels, InputOf, ResultOf } from '../common/ipc'
import { silentLogger } from '../main/kernel/log'
import { createServices, type AppServices } from '../main/compose/services'
import type { Keychain } from '../main/keychain/keychain'
import { confBackend } from '../main/settings/conf-backend'
import { startPreviewServer, type PreviewServer } from '../preview/server'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** In memory, so a bench never touches the machine's own keychain. */
export function memoryKeychain(): Keychain {
  const store = new Map<string, string>()
  const key = (environment: string, keyId: string) => `${environment}|${keyId}`
  return {
    status: async () => ({ available: true, explanation: null }),
    get: async (e, k) => store.get(key(e, k)) ?? null,
    set: async (e, k, secret) => void store.set(key(e, k), secret),
    delete: async (e, k) => store.delete(key(e, k)),
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export interface BenchTill {
  services: AppServices
  page: Page
  /** Gateway requests so far, by URL path. */
  requests(path: string): number
  call<K extends ChannelName>(
    channel: K,
    input: InputOf<Channels[K]>,
  ): Promise<ResultOf<Channels[K]>>
  /** Shows a hash route in the cashier's page. */
  show(hash: string): Promise<void>
  close(): Promise<void>
}

export async function startBenchTill(name: string): Promise<BenchTill> {
  const work = mkdtempSync(join(tmpdir(), `tilldesk-bench-${name}-`))
  const rendererDir = join(work, 'renderer')
  // Our own build, so a bench never races a test run over out/renderer.
  execFileSync(
    join(ROOT, 'node_modules/.bin/vite'),
    [
      'build',
      '--config',
      'renderer/vite.config.ts',
      '--outDir',
      rendererDir,
      '--logLevel',
      'error',
    ],
    { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] },
  )
  const counts = new Map<string, number>()
  const countingFetch: typeof fetch = (input, init) => {
    const path = new URL(input instanceof Request ? input.url : String(input)).pathname
    counts.set(path, (counts.get(path) ?? 0) + 1)
    return fetch(input, init)
  }

  let trusted: string[] = []
  let services: AppServices | null = null
  let server: PreviewServer | null = null
  let browser: Browser | null = null
  const close = async () => {
    await browser?.close()
    await server?.close()
    await services?.stop()
    rmSync(work, { recursive: true, force: true })
  }
  try {
    services = await createServices({
      settingsBackend: confBackend(join(work, 'data')),
      keychain: memoryKeychain(),
      fetch: countingFetch,
      dataDir: join(work, 'data'),
      log: silentLogger,
      isTrustedSender: (s) =>
        s.transport === 'test' || (s.transport === 'preview' && trusted.includes(s.url)),
    })
    await services.start()
    const token = randomBytes(32).toString('base64url')
    server = await startPreviewServer({
      services,
      rendererDir,
      port: 0,
      token,
      hostName: '127.0.0.1',
      log: silentLogger,
    })
    trusted = [server.origin, `http://localhost:${server.port}`]
    await services.session.setup({
      tillName: 'Bench till',
      adminName: 'Bench Admin',
      pin: '123456',
    })

    if (!existsSync(CHROMIUM)) throw new Error(`No Chromium at ${CHROMIUM}; set CHROMIUM_PATH.`)
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    })
    const page = await browser.newPage({ viewport: { width: 1366, height: 820 } })
    await page.goto(server.url)
    await page.waitForSelector('.app')
    const app = services
    return {
      services: app,
      page,
      requests: (path) => counts.get(path) ?? 0,
      async call(channel, input) {
        const envelope = await app.dispatcher.dispatch(
          { transport: 'test', url: 'bench' },
          channel,
          input,
        )
        if (!envelope.ok) throw new Error(`${channel}: ${envelope.error.message}`)
        return envelope.value as never
      },
      async show(hash) {
        await page.evaluate(
          (h) => ((globalThis as unknown as { location: { hash: string } }).location.hash = h),
          hash,
        )
      },
      close,
    }
  } catch (error) {
    await close()
    throw error
  }
}
