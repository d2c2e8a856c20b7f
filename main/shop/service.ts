// Shop mode for this till: joining or creating the shop, the sync loop while it is on, and the
// status the status bar shows. A till that never joins never opens a connection.
//
// What this till keeps, and where:
//   <data>/shop/config.json   the server address, shop and till ids: sealed with the till's
//                             device key, so an edited file (pointing the till at another
//                             server) is refused and reported, never followed;
//   keychain ('till' scope)   the till's database login, its Ed25519 signing key and the tills
//                             it believes (pins.ts), each under this till's id, so another
//                             data folder on the same OS account never reaches them;
//   <data>/shop/log/          this till's signed events and the push/pull cursor (sealed, its
//                             generation the head in the keychain);
//   <data>/shop/inbox.jsonl   the other tills' events as pulled, once each by event id, for the
//                             views and appliers that read the shop;
//   <data>/shop/refused.jsonl the other tills' events this till refused, once each, for the
//                             audit log (the pull cursor moves past them, so they are kept);
//   <data>/shop/own-order.jsonl  the server order of this till's own events, as read back.
// The three .jsonl files are sealed and chained with their heads in the keychain
// (sealed-file.ts); one that does not check is set aside, reported, and pulled again.
//
// Longer than most files: it is the one place the shop's lifecycle (enrol, run, leave) meets
// the views' reads; the pieces with rules of their own live beside it (config, sync, pins, sealed-file).
import { existsSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import type pg from 'pg'
import type { ShopAudit, ShopOverview, ShopStatusView, ShopZReport } from '../../common/ipc/shop'
import type { Said } from '../../common/ipc/contract'
import { AppError, english, refuse } from '../kernel/errors'
import type { Logger } from '../kernel/log'
import { keyedFinding, type IntegrityService } from '../integrity'
import { tillAccount } from '../integrity/keys'
import type { Keychain } from '../keychain/keychain'
import {
  explain,
  explainSaid,
  shopPool,
  withClient,
  type ShopLogin,
  type ShopServer,
} from './connection'
import { shopAudit, shopAuditCsv, type RefusedRecord } from './audit-log'
import {
  createEnrolmentCode,
  createShop,
  joinShop,
  normalizeCode,
  type TillEnrolment,
} from './enrolment'
import { publicKeyOf, verifyEvent, type ShopEvent, type StoredEvent } from './events'
import { configDeleted, loadShopConfig, saveShopConfig, type ShopConfig } from './config'
import { LocalShopLog, ShopLogCorruptError } from './local-log'
import { ShopSyncLoop } from './loop'
import { localDay, shopEventsCsv, shopOverview } from './overview'
import { ShopReporter } from './reporter'
import { shopFile, type SealedShopFile } from './sealed-file'
import { JOINED_KIND, pinsForSync, SHOP_CODES_ACCOUNT, SHOP_PINS_ACCOUNT, ShopPins } from './pins'
import type { ShopStaffHooks } from './staff'
import { shopZCsv, shopZReport } from './shop-z'
import { refusedFinding, ShopSync, type RefusedEvent, type ShopStatus } from './sync'

/** The status line in main's English, keyed for the screen's language. */
const sayStatus = (say: Said): { message: string; say: Said } => ({ message: english(say), say })

export const SHOP_LOGIN_ACCOUNT = 'Tilldesk shop login'
export const SHOP_KEY_ACCOUNT = 'Tilldesk shop signing key'

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
  #pins: ShopPins | null = null
  #inboxFile: SealedShopFile<StoredEvent> | null = null
  #refusedFile: SealedShopFile<RefusedRecord> | null = null
  #ownOrderFile: SealedShopFile<{ eventId: string; serverSeq: number }> | null = null
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

  /** Reads the sealed config; an edited or unreadable one is reported and not followed. */
  #loadConfig(): void {
    const loaded = loadShopConfig(this.#dir, this.#o.integrity)
    this.#config = loaded.config
    this.#problem = loaded.problem
  }

  async #saveConfig(config: ShopConfig): Promise<void> {
    await saveShopConfig(this.#dir, this.#o.integrity, config)
    this.#config = config
    this.#problem = null
  }

  /** The tills this till believes (pins.ts), in its keychain under its own id. */
  #shopPins(): ShopPins {
    this.#pins ??= new ShopPins(
      this.#o.keychain,
      this.#account(SHOP_PINS_ACCOUNT),
      this.#account(SHOP_CODES_ACCOUNT),
    )
    return this.#pins
  }

  /** This till's keychain account for `name`: another data folder never reaches it. */
  #account(name: string): string {
    return tillAccount(name, this.#o.integrity.tillId)
  }

  /**
   * A shop secret of this till. An entry from before secrets were bound to the till moves to
   * this till's account once: it is read only after this till's sealed shop config checked,
   * which another data folder's device key can't make.
   */
  async #secret(name: string): Promise<string | null> {
    const account = this.#account(name)
    const value = await this.#o.keychain.get('till', account)
    if (value !== null || account === name) return value
    const unbound = await this.#o.keychain.get('till', name)
    if (unbound === null) return null
    await this.#o.keychain.set('till', account, unbound)
    await this.#o.keychain.delete('till', name)
    return unbound
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
        ...(this.#problem ? {} : { say: { key: 'tillAlone' } }),
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
      ...sayStatus(
        online
          ? {
              key: this.#sync?.confirmed === false ? 'shop.state.joined' : 'shop.state.inStep',
              params: { shop: config.shopName },
            }
          : state && state.state === 'offline'
            ? // The server's reason stays as the connection gave it.
              { key: 'shop.state.aloneBecause', params: { reason: state.reason } }
            : { key: 'shop.state.alone' },
      ),
      refused: this.#refused,
    }
  }

  async start(): Promise<void> {
    this.#loadConfig()
    if (!this.#config) {
      const key = () => this.#o.keychain.get('till', this.#account(SHOP_KEY_ACCOUNT))
      if (!this.#problem && (await configDeleted(this.#dir, this.#o.integrity, key)))
        this.#problem = 'The shop settings on this till are missing; this till works alone.'
      return
    }
    const login = await this.#secret(SHOP_LOGIN_ACCOUNT)
    const key = await this.#secret(SHOP_KEY_ACCOUNT)
    if (!login || !key) {
      this.#problem = 'The keychain no longer holds this till’s shop login; join the shop again.'
      this.#config = null
      this.#o.emit(this.status())
      return
    }
    try {
      await this.#run(this.#config, JSON.parse(login) as ShopLogin, key)
    } catch (error) {
      if (!(error instanceof ShopLogCorruptError)) throw error
      // Nothing of it is shown or pushed; the till works alone, as a single till does.
      this.#problem = 'This till’s own shop log failed its check; this till works alone.'
      this.#config = null
      this.#log = null
      this.#o.integrity.findings.report(
        keyedFinding({
          area: 'shop',
          file: 'shop/log/events.jsonl',
          record: null,
          problem: { key: 'integrity.shop.ownLog' },
          consequence: { key: 'integrity.shop.ownLogThen' },
          detail: error.message.split('. ')[0],
        }),
      )
      this.#o.emit(this.status())
    }
  }

  async #run(config: ShopConfig, login: ShopLogin, privateKey: string): Promise<void> {
    this.#connection = { server: config.server, login }
    const rederive = this.#readInbox()
    const publicKey = publicKeyOf(privateKey)
    const log = new LocalShopLog(join(this.#dir, 'log'), {
      seal: this.#o.integrity.journal('till', 'shop-cursor'),
      verify: (event) => verifyEvent(event, publicKey),
      onProblem: (problem) =>
        this.#o.integrity.findings.report(
          keyedFinding({
            area: 'shop',
            file: 'shop/log/cursor.json',
            record: null,
            problem: { key: 'integrity.shop.cursor' },
            consequence: { key: 'integrity.shop.cursorThen' },
            detail: problem,
          }),
        ),
    })
    // Something pulled was set aside: pull from the start to have it again.
    if (rederive) await log.saveCursor({ ...log.cursor, pulledSeq: 0 })
    this.#log = log
    const pool = shopPool(config.server, login)
    pool.on('error', (error) =>
      this.#o.log.warn('shop: connection error', { error: explain(error) }),
    )
    const pins = this.#shopPins()
    await pins.load()
    const sync = new ShopSync({
      tillId: config.tillId,
      privateKey,
      log,
      pool,
      pins: pinsForSync(pins, {
        record: (kind, body) => this.record(kind, body),
        now: () => Date.now(),
        report: (tillId, problem, consequence) =>
          this.#o.integrity.findings.report(
            keyedFinding({
              area: 'shop',
              file: { key: 'integrity.file.shopTills' },
              record: { key: 'integrity.record.till', params: { till: tillId } },
              problem,
              consequence,
            }),
          ),
      }),
      apply: (events) => this.#apply(events),
      onStatus: () => this.#o.emit(this.status()),
      onOwn: (eventId, serverSeq) => this.#placed(eventId, serverSeq),
      onRefused: (refused) => this.refuse(refused),
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

  /** Remembers where the server put one of this till's events, once. */
  #placed(eventId: string, serverSeq: number): void {
    if (this.#ownOrder.has(eventId)) return
    this.#ownOrder.set(eventId, serverSeq)
    this.#ownOrderFile?.append([{ eventId, serverSeq }])
  }

  /**
   * Reads the pulled events once; after that the copy in memory is kept in step. True when a
   * file did not check and was set aside: the pull then starts again from the beginning.
   */
  #readInbox(): boolean {
    const open = <T>(name: 'inbox' | 'refused' | 'own-order') =>
      shopFile<T>(this.#dir, name, this.#o.integrity, this.#o.log)
    const refused = open<RefusedRecord>('refused')
    const ownOrder = open<{ eventId: string; serverSeq: number }>('own-order')
    const inbox = open<StoredEvent>('inbox')
    this.#refusedFile = refused
    this.#ownOrderFile = ownOrder
    this.#inboxFile = inbox
    this.#refusedList = [...refused.records]
    this.#refused = this.#refusedList.length
    this.#ownOrder = new Map(ownOrder.records.map((o) => [o.eventId, o.serverSeq]))
    this.#inbox = []
    this.#seen = new Set<string>()
    for (const event of inbox.records) {
      if (this.#seen.has(event.eventId)) continue
      this.#seen.add(event.eventId)
      this.#inbox.push(event)
    }
    return refused.setAside || ownOrder.setAside || inbox.setAside
  }

  /** Keeps a refused event once (a gap met on every round counts once); the admin is told. */
  refuse(refused: RefusedEvent, detail?: string): void {
    if (this.#refusedList.some((r) => r.eventId === refused.eventId && r.why === refused.why))
      return
    const { serverSeq, tillId, eventId, why } = refused
    const record: RefusedRecord = { serverSeq, tillId, eventId, why, at: new Date().toISOString() }
    this.#refusedFile?.append([record])
    this.#refusedList.push(record)
    this.#refused = this.#refusedList.length
    this.#o.emit(this.status())
    this.#o.integrity.findings.report(refusedFinding(refused, detail))
  }

  /** Keeps each pulled event once, by id (a pull after a crash may hand it again). */
  async #apply(events: StoredEvent[]): Promise<void> {
    // The staff list keeps its own place (in the keychain), so it gets every event handed.
    await this.#o.staff?.apply(events)
    const fresh = events.filter((e) => !this.#seen.has(e.eventId))
    if (fresh.length === 0) return
    // Sealed now, right after sync checked each signature: a line added by hand never is.
    this.#inboxFile?.append(fresh)
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
    if (!this.#sync || !this.#loop) throw refuse('shop_off', { key: 'shop.notInShopMode' })
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
    await this.#o.keychain.set(
      'till',
      this.#account(SHOP_LOGIN_ACCOUNT),
      JSON.stringify(enrolment.login),
    )
    await this.#o.keychain.set('till', this.#account(SHOP_KEY_ACCOUNT), enrolment.key.privateKey)
    await this.#o.staff?.enrolled(enrolment.pepper)
    // The keys this till believes: its own and those the code carried (trust on first use of
    // the code the admin typed in), never the server's table.
    await this.#shopPins().start(
      { tillId: enrolment.tillId, publicKey: enrolment.key.publicKey },
      enrolment.tills,
    )
    const config: ShopConfig = {
      server,
      shopId: enrolment.shopId,
      shopName,
      tillId: enrolment.tillId,
      tillName: enrolment.tillName,
    }
    await this.#saveConfig(config)
    await this.#run(config, enrolment.login, enrolment.key.privateKey)
    if (!this.#shopPins().confirmed(enrolment.tillId)) {
      // Its first event proves it held the code; the till that made the code pins it.
      await this.record(JOINED_KIND, {
        publicKey: enrolment.key.publicKey,
        tillName: enrolment.tillName,
        ...enrolment.proof,
      })
    }
    await this.#sync?.syncOnce()
    const view = this.status()
    this.#o.emit(view)
    return view
  }

  #mustBeSingle(): void {
    if (this.#config) throw refuse('shop_joined', { key: 'shop.alreadyInShop' })
  }

  async create(server: ShopServer, owner: ShopLogin, shopName: string): Promise<ShopStatusView> {
    this.#mustBeSingle()
    let enrolment: TillEnrolment
    try {
      enrolment = await createShop(server, owner, shopName, this.#o.tillName())
    } catch (error) {
      throw new AppError('shop_refused', explain(error), { say: explainSaid(error) })
    }
    return this.#enrolled(server, enrolment, shopName)
  }

  async createCode(owner: ShopLogin): Promise<{ code: string; expiresAt: string }> {
    const config = this.#config
    if (!config) throw refuse('shop_off', { key: 'shop.joinFirst' })
    try {
      const pepper = (await this.#o.staff?.pepper()) ?? null
      const pins = this.#shopPins()
      const made = await withClient(config.server, owner, (client) =>
        createEnrolmentCode(client, 30, pepper, pins.keys()),
      )
      // Kept so the till that uses it can prove so, and be pinned here (pins.ts).
      await pins.codeMade(normalizeCode(made.code), Date.now())
      return made
    } catch (error) {
      throw new AppError('shop_refused', explain(error), { say: explainSaid(error) })
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
      throw /user name or password/.test(words)
        ? refuse('shop_refused', { key: 'shop.codeNotValid' })
        : new AppError('shop_refused', words, { say: explainSaid(error) })
    }
    return this.#enrolled(server, enrolment, shopName)
  }

  /** Stops syncing and forgets the shop login; every local record stays. */
  async leave(): Promise<ShopStatusView> {
    await this.stop()
    if (existsSync(this.#configPath)) rmSync(this.#configPath)
    await this.#o.keychain.delete('till', this.#account(SHOP_LOGIN_ACCOUNT))
    await this.#o.keychain.delete('till', this.#account(SHOP_KEY_ACCOUNT))
    await this.#shopPins().forget()
    this.#config = null
    this.#problem = null
    const view = this.status()
    this.#o.emit(view)
    return view
  }

  #events(): ShopEvent[] {
    if (!this.#config || !this.#log) throw refuse('shop_off', { key: 'shop.notInShop' })
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
    if (!config || !this.#log) throw refuse('shop_off', { key: 'shop.notInShop' })
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
