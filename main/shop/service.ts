// Shop mode for this till: joining or creating the shop, the sync loop while it is on, and the
// status the status bar shows. A till that never joins never opens a connection.
//
// What this till keeps, and where:
//   <data>/shop/config.json   the server address, shop and till ids: sealed with the till's
//                             device key, so an edited file (pointing the till at another
//                             server) is refused and reported, never followed;
//   keychain ('till' scope)   the till's database login and its Ed25519 signing key;
//   <data>/shop/log/          this till's signed events and the push/pull cursors;
//   <data>/shop/inbox.jsonl   the other tills' events as pulled, once each by event id, for the
//                             views and appliers that read the shop;
//   <data>/shop/refused.jsonl the other tills' events this till refused, once each, for the
//                             audit log (the pull cursor moves past them, so they are kept);
//   <data>/shop/own-order.jsonl  the server order of this till's own events, as read back.
import { appendFileSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import type pg from 'pg'
import type { ShopAudit, ShopOverview, ShopStatusView, ShopZReport } from '../../common/ipc/shop'
import { writeFileAtomic } from '../app/atomicFile'
import { AppError } from '../app/errors'
import type { Logger } from '../app/log'
import type { IntegrityService } from '../integrity'
import type { Keychain } from '../keychain/keychain'
import {
  shopPool,
  shopServerSchema,
  withClient,
  type ShopLogin,
  type ShopServer,
} from './connection'
import { shopAudit, shopAuditCsv, type RefusedRecord } from './audit-log'
import { createEnrolmentCode, createShop, joinShop, type TillEnrolment } from './enrolment'
import type { ShopEvent, StoredEvent } from './events'
import { LocalShopLog } from './local-log'
import { ShopSyncLoop } from './loop'
import { localDay, shopEventsCsv, shopOverview } from './overview'
import { ShopReporter } from './reporter'
import type { ShopStaffHooks } from './staff'
import { shopZCsv, shopZReport } from './shop-z'
import { ShopSync, type ShopStatus } from './sync'

export const SHOP_LOGIN_ACCOUNT = 'Tilldesk shop login'
export const SHOP_KEY_ACCOUNT = 'Tilldesk shop signing key'
const SEAL_DOMAIN = 'shop-config'

interface ShopConfig {
  server: ShopServer
  shopId: string
  shopName: string
  tillId: string
  tillName: string
}

export interface ShopServiceOptions {
  dataDir: string
  keychain: Keychain
  integrity: IntegrityService
  tillName: () => string
  emit: (view: ShopStatusView) => void
  /** Hears the app's own events, from which the facts for the other tills are taken. */
  subscribe: (listener: (name: string, payload: unknown) => void) => () => void
  log: Logger
  /** The till's time zone for "today" (default: the computer's). */
  timeZone?: () => string | undefined
  /** The shared staff list (staff.ts): applies staff events, keeps the shop's PIN pepper. */
  staff?: ShopStaffHooks
  /** The gateway environment shifts are counted in (live, test, demo); default live. */
  environment?: () => string
}

/** Turns driver and server errors into words an admin can act on; never echoes a password. */
function explain(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error)
  const code = (error as { code?: string }).code
  if (
    code === 'ECONNREFUSED' ||
    code === 'ENOTFOUND' ||
    code === 'ETIMEDOUT' ||
    /timeout/i.test(text)
  )
    return 'The shop server could not be reached. Check the address and port, and that it is running.'
  if (code === '28P01' || /password authentication failed/i.test(text))
    return 'The server refused the user name or password.'
  if (/self[- ]signed|unable to verify|certificate/i.test(text))
    return "The server's certificate could not be verified. Paste the shop's CA certificate."
  if (/enrolment code is not valid/i.test(text) || code === '28000')
    return 'That code is not valid: it was used, it expired, or it was mistyped. Make a new one.'
  if (/does not support SSL|no encryption/i.test(text))
    return 'The server does not offer TLS. Tilldesk only talks to a shop server over TLS.'
  return `The shop server refused: ${text.replace(/password[^,;]*/gi, 'password …').slice(0, 160)}`
}

export class ShopService {
  readonly #o: ShopServiceOptions
  readonly #dir: string
  #config: ShopConfig | null = null
  #problem: string | null = null
  #pool: pg.Pool | null = null
  #sync: ShopSync | null = null
  #loop: ShopSyncLoop | null = null
  #refused = 0
  #log: LocalShopLog | null = null
  #unsubscribe: (() => void) | null = null
  #seen = new Set<string>()
  #inbox: StoredEvent[] = []
  #refusedList: RefusedRecord[] = []
  #ownOrder = new Map<string, number>()
  /** How this till reaches the server while in a shop (the watch lease holds its own session). */
  #connection: { server: ShopServer; login: ShopLogin } | null = null
  /** Appliers told of each batch of newly pulled events (e.g. approvals.ts). */
  readonly #pulledListeners = new Set<(events: StoredEvent[]) => unknown>()

  constructor(options: ShopServiceOptions) {
    this.#o = options
    this.#dir = join(options.dataDir, 'shop')
  }

  get #configPath(): string {
    return join(this.#dir, 'config.json')
  }
  get #inboxPath(): string {
    return join(this.#dir, 'inbox.jsonl')
  }
  get #refusedPath(): string {
    return join(this.#dir, 'refused.jsonl')
  }
  get #ownOrderPath(): string {
    return join(this.#dir, 'own-order.jsonl')
  }

  /** Reads the sealed config; an edited or unreadable one is reported and not followed. */
  #loadConfig(): void {
    this.#config = null
    this.#problem = null
    if (!existsSync(this.#configPath)) return
    const sealer = this.#o.integrity.till()
    try {
      const stored = JSON.parse(readFileSync(this.#configPath, 'utf8')) as {
        config?: unknown
        seal?: unknown
      }
      const config = stored.config as ShopConfig
      if (
        !sealer.check(SEAL_DOMAIN, config, stored.seal) ||
        !shopServerSchema.safeParse(config?.server).success
      )
        throw new Error('seal')
      this.#config = config
    } catch {
      this.#problem =
        'The shop settings on this till failed their integrity check; this till works alone.'
      this.#o.integrity.findings.report({
        area: 'shop',
        file: 'shop/config.json',
        record: null,
        problem: 'The shop settings were changed outside Tilldesk, or are unreadable.',
        consequence:
          'This till does not connect to any shop server until an admin joins the shop again (Settings → Shop). The file is kept as it is.',
      })
    }
  }

  async #saveConfig(config: ShopConfig): Promise<void> {
    mkdirSync(this.#dir, { recursive: true, mode: 0o700 })
    const seal = this.#o.integrity.till().seal(SEAL_DOMAIN, config)
    await writeFileAtomic(this.#configPath, JSON.stringify({ config, seal }, null, 2))
    this.#config = config
    this.#problem = null
  }

  status(): ShopStatusView {
    const config = this.#config
    if (!config) {
      return {
        mode: 'single',
        shopName: null,
        tillId: null,
        tillName: null,
        server: null,
        sync: 'off',
        message: this.#problem ?? 'This till works on its own.',
        refused: this.#refused,
      }
    }
    const state: ShopStatus | null = this.#sync?.status ?? null
    const online = state?.state === 'online'
    return {
      mode: 'shop',
      shopName: config.shopName,
      tillId: config.tillId,
      tillName: config.tillName,
      server: {
        host: config.server.host,
        port: config.server.port,
        database: config.server.database,
        privateCa: Boolean(config.server.ca),
      },
      sync: online ? 'online' : 'offline',
      message: online
        ? `In step with ${config.shopName}.`
        : `Shop server not reachable: this till works alone and catches up when it is back.${state && state.state === 'offline' ? ` (${state.reason})` : ''}`,
      refused: this.#refused,
    }
  }

  async start(): Promise<void> {
    this.#loadConfig()
    if (!this.#config) return
    const login = await this.#o.keychain.get('till', SHOP_LOGIN_ACCOUNT)
    const key = await this.#o.keychain.get('till', SHOP_KEY_ACCOUNT)
    if (!login || !key) {
      this.#problem = 'The keychain no longer holds this till’s shop login; join the shop again.'
      this.#config = null
      this.#o.emit(this.status())
      return
    }
    this.#run(this.#config, JSON.parse(login) as ShopLogin, key)
  }

  #run(config: ShopConfig, login: ShopLogin, privateKey: string): void {
    this.#connection = { server: config.server, login }
    const pool = shopPool(config.server, login)
    pool.on('error', (error) =>
      this.#o.log.warn('shop: connection error', { error: explain(error) }),
    )
    this.#readInbox()
    const log = new LocalShopLog(join(this.#dir, 'log'))
    this.#log = log
    const sync = new ShopSync({
      tillId: config.tillId,
      privateKey,
      log,
      pool,
      apply: (events) => this.#apply(events),
      onStatus: () => this.#o.emit(this.status()),
      onOwn: (eventId, serverSeq) => this.#placed(eventId, serverSeq),
      onRefused: (refused) => {
        // A gap is met again on every round until the missing event arrives: counted once.
        if (this.#refusedList.some((r) => r.eventId === refused.eventId && r.why === refused.why))
          return
        this.#keep(this.#refusedPath, this.#refusedList, {
          serverSeq: refused.serverSeq,
          tillId: refused.tillId,
          eventId: refused.eventId,
          why: refused.why,
          at: new Date().toISOString(),
        })
        this.#refused = this.#refusedList.length
        this.#o.emit(this.status())
        this.#o.integrity.findings.report({
          area: 'shop',
          file: 'shop server',
          record: `event ${refused.eventId} from ${refused.tillId}`,
          problem:
            refused.why === 'bad_signature'
              ? "The event's signature does not match the till it claims to come from."
              : refused.why === 'gap'
                ? 'An event of that till is missing on the server.'
                : 'The event could not be read.',
          consequence: 'It was not applied on this till.',
        })
      },
    })
    const loop = new ShopSyncLoop({
      server: config.server,
      login,
      sync,
      intervalMs: 10_000,
      maxBackoffMs: 5_000,
      onError: (error) => this.#o.log.warn('shop: listener', { error: explain(error) }),
    })
    this.#pool = pool
    this.#sync = sync
    this.#loop = loop
    const reporter = new ShopReporter(
      { record: (kind, body) => this.record(kind, body) },
      () => config.tillName,
      log.all,
      (error) => this.#o.log.warn('shop: could not record an event', { error: String(error) }),
    )
    this.#unsubscribe = this.#o.subscribe((name, payload) => reporter.hear(name, payload))
    loop.start()
  }

  /** Lines of a JSONL file this till wrote; a torn last line is passed over. */
  #readLines<T>(path: string): T[] {
    if (!existsSync(path)) return []
    const content = readFileSync(path, 'utf8')
    // A line torn by a crash is closed off, so the next append starts a line of its own.
    if (content !== '' && !content.endsWith('\n')) appendFileSync(path, '\n')
    const out: T[] = []
    for (const line of content.split('\n')) {
      if (line.trim() === '') continue
      try {
        out.push(JSON.parse(line) as T)
      } catch {
        // Torn by a crash: that one line is lost, never the ones around it.
      }
    }
    return out
  }

  #keep<T>(path: string, list: T[], item: T): void {
    mkdirSync(this.#dir, { recursive: true, mode: 0o700 })
    appendFileSync(path, `${JSON.stringify(item)}\n`, { mode: 0o600 })
    list.push(item)
  }

  /** Remembers where the server put one of this till's events, once. */
  #placed(eventId: string, serverSeq: number): void {
    if (this.#ownOrder.has(eventId)) return
    this.#ownOrder.set(eventId, serverSeq)
    this.#keep(this.#ownOrderPath, [], { eventId, serverSeq })
  }

  /** Reads the pulled events once; after that the copy in memory is kept in step. */
  #readInbox(): void {
    this.#refusedList = this.#readLines<RefusedRecord>(this.#refusedPath)
    this.#refused = this.#refusedList.length
    this.#ownOrder = new Map(
      this.#readLines<{ eventId: string; serverSeq: number }>(this.#ownOrderPath).map((o) => [
        o.eventId,
        o.serverSeq,
      ]),
    )
    this.#inbox = []
    this.#seen = new Set<string>()
    if (!existsSync(this.#inboxPath)) return
    for (const line of readFileSync(this.#inboxPath, 'utf8').split('\n')) {
      if (line.trim() === '') continue
      try {
        const event = JSON.parse(line) as StoredEvent
        if (this.#seen.has(event.eventId)) continue
        this.#seen.add(event.eventId)
        this.#inbox.push(event)
      } catch {
        // A torn last line: the event is pulled again after the cursor that was not saved.
      }
    }
  }

  /** Keeps each pulled event once, by id (a pull after a crash may hand it again). */
  async #apply(events: StoredEvent[]): Promise<void> {
    // The staff list keeps its own place (in the keychain), so it gets every event handed.
    await this.#o.staff?.apply(events)
    const fresh = events.filter((e) => !this.#seen.has(e.eventId))
    if (fresh.length === 0) return
    mkdirSync(this.#dir, { recursive: true, mode: 0o700 })
    appendFileSync(this.#inboxPath, fresh.map((e) => `${JSON.stringify(e)}\n`).join(''), {
      mode: 0o600,
    })
    for (const e of fresh) {
      this.#seen.add(e.eventId)
      this.#inbox.push(e)
    }
    // Not awaited: an applier's own work (a payout journal commit) must not hold the pull.
    // Appliers are idempotent and read the whole inbox again at start, so none is lost.
    for (const listener of this.#pulledListeners) {
      Promise.resolve()
        .then(() => listener(fresh))
        .catch((error: unknown) =>
          this.#o.log.warn('shop: an applier failed', { error: String(error) }),
        )
    }
  }

  /** Hears each batch of newly pulled events, after they are kept in the inbox. */
  onPulled(listener: (events: StoredEvent[]) => unknown): () => void {
    this.#pulledListeners.add(listener)
    return () => this.#pulledListeners.delete(listener)
  }

  /** This till's own events (recorded here, pushed or not); empty outside a shop. */
  ownEvents(): ShopEvent[] {
    return this.#log ? [...this.#log.all] : []
  }

  /** The server and this till's login while in a shop (for the watch lease's own session). */
  connection(): { server: ShopServer; login: ShopLogin } | null {
    return this.#config ? this.#connection : null
  }

  /** Where the server put one of this till's events (as sync read it back); null: not yet. */
  ownServerSeq(eventId: string): number | null {
    return this.#ownOrder.get(eventId) ?? null
  }

  /** Other tills' events as pulled, in server order (read from disk once, at start). */
  inbox(): StoredEvent[] {
    return [...this.#inbox]
  }

  /** Records an event for the other tills; pushed now if the server is reachable. */
  async record(kind: string, body: Record<string, unknown>): Promise<void> {
    if (!this.#sync || !this.#loop) throw new AppError('shop_off', 'This till is not in shop mode.')
    await this.#sync.record(kind, body)
    void this.#loop.nudge()
  }

  /** Waits for one sync round (tests, and the admin's "check now"). */
  async syncNow(): Promise<ShopStatusView> {
    await this.#sync?.syncOnce()
    return this.status()
  }

  async #enrolled(
    server: ShopServer,
    enrolment: TillEnrolment,
    shopName: string,
  ): Promise<ShopStatusView> {
    await this.#o.keychain.set('till', SHOP_LOGIN_ACCOUNT, JSON.stringify(enrolment.login))
    await this.#o.keychain.set('till', SHOP_KEY_ACCOUNT, enrolment.key.privateKey)
    await this.#o.staff?.enrolled(enrolment.pepper)
    const config: ShopConfig = {
      server,
      shopId: enrolment.shopId,
      shopName,
      tillId: enrolment.tillId,
      tillName: enrolment.tillName,
    }
    await this.#saveConfig(config)
    this.#run(config, enrolment.login, enrolment.key.privateKey)
    await this.#sync?.syncOnce()
    const view = this.status()
    this.#o.emit(view)
    return view
  }

  #mustBeSingle(): void {
    if (this.#config)
      throw new AppError('shop_joined', 'This till is already in a shop. Leave it first.')
  }

  async create(server: ShopServer, owner: ShopLogin, shopName: string): Promise<ShopStatusView> {
    this.#mustBeSingle()
    let enrolment: TillEnrolment
    try {
      enrolment = await createShop(server, owner, shopName, this.#o.tillName())
    } catch (error) {
      throw new AppError('shop_refused', explain(error))
    }
    return this.#enrolled(server, enrolment, shopName)
  }

  async createCode(owner: ShopLogin): Promise<{ code: string; expiresAt: string }> {
    const config = this.#config
    if (!config) throw new AppError('shop_off', 'Join or create a shop first.')
    try {
      const pepper = (await this.#o.staff?.pepper()) ?? null
      return await withClient(config.server, owner, (client) =>
        createEnrolmentCode(client, 30, pepper),
      )
    } catch (error) {
      throw new AppError('shop_refused', explain(error))
    }
  }

  async join(server: ShopServer, code: string): Promise<ShopStatusView> {
    this.#mustBeSingle()
    let enrolment: TillEnrolment
    let shopName: string
    try {
      enrolment = await joinShop(server, code, this.#o.tillName())
      shopName = await withClient(server, enrolment.login, async (client) =>
        String((await client.query('select name from shop limit 1')).rows[0]?.name ?? 'the shop'),
      )
    } catch (error) {
      // The enrolment login's password *is* the code: refused means used, expired or mistyped.
      const words = explain(error)
      throw new AppError(
        'shop_refused',
        /user name or password/.test(words)
          ? 'That code is not valid: it was used, it expired, or it was mistyped. Make a new one.'
          : words,
      )
    }
    return this.#enrolled(server, enrolment, shopName)
  }

  /** Stops syncing and forgets the shop login; every local record stays. */
  async leave(): Promise<ShopStatusView> {
    await this.stop()
    if (existsSync(this.#configPath)) rmSync(this.#configPath)
    await this.#o.keychain.delete('till', SHOP_LOGIN_ACCOUNT)
    await this.#o.keychain.delete('till', SHOP_KEY_ACCOUNT)
    this.#config = null
    this.#problem = null
    const view = this.status()
    this.#o.emit(view)
    return view
  }

  #events(): ShopEvent[] {
    if (!this.#config || !this.#log) throw new AppError('shop_off', 'This till is not in a shop.')
    return [...this.#log.all, ...this.inbox()]
  }

  #today(day?: string): string {
    return day ?? localDay(new Date().toISOString(), this.#o.timeZone?.())
  }

  /** The shop's day: every till's collections and payouts, and what waits for approval. */
  overview(day?: string): ShopOverview {
    return shopOverview(this.#events(), this.#today(day), this.#o.timeZone?.())
  }

  exportCsv(day?: string): { fileName: string; csv: string; rows: number } {
    const date = this.#today(day)
    const csv = shopEventsCsv(this.#events(), date, this.#o.timeZone?.())
    return { fileName: `shop-${date}.csv`, csv, rows: csv.split('\r\n').length - 2 }
  }

  /** The shop-wide Z-report: the sum of every till's shifts closed on the day. */
  zReport(day?: string): ShopZReport {
    const environment = this.#o.environment?.() ?? 'live'
    return shopZReport(this.#events(), this.#today(day), environment, this.#o.timeZone?.())
  }

  zReportCsv(day?: string): { fileName: string; csv: string; rows: number } {
    const report = this.zReport(day)
    const csv = shopZCsv(report)
    return {
      fileName: `shop-z-${report.day}.csv`,
      csv,
      rows: csv.split('\r\n').length - 2,
    }
  }

  /** One audit log: every till's audit-worthy events of the day, in server order. */
  audit(day?: string): ShopAudit {
    const config = this.#config
    if (!config || !this.#log) throw new AppError('shop_off', 'This till is not in a shop.')
    return shopAudit({
      ownTillId: config.tillId,
      own: this.#log.all,
      ownOrder: this.#ownOrder,
      pulled: this.inbox(),
      refused: this.#refusedList,
      day: this.#today(day),
      timeZone: this.#o.timeZone?.(),
    })
  }

  auditCsv(day?: string): { fileName: string; csv: string; rows: number } {
    const audit = this.audit(day)
    const csv = shopAuditCsv(audit)
    return { fileName: `shop-audit-${audit.day}.csv`, csv, rows: csv.split('\r\n').length - 2 }
  }

  async stop(): Promise<void> {
    this.#unsubscribe?.()
    this.#unsubscribe = null
    await this.#loop?.stop()
    await this.#sync?.syncOnce().catch(() => undefined)
    await this.#pool?.end().catch(() => undefined)
    this.#connection = null
    this.#loop = null
    this.#sync = null
    this.#pool = null
  }
}
