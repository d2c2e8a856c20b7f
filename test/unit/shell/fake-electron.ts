// A small stand-in for the parts of Electron the shell wires up (sessions, web contents, app
// events), so the wiring is tested in plain Node. Importing the real `electron` package in Node
// would start a binary download; tests mock it with these instead.
import { EventEmitter } from 'node:events'

type Filter = (details: { url: string }, callback: (response: { cancel: boolean }) => void) => void

/**
 * A session as Electron documents it: `fetch` (like `net.fetch` for the default session)
 * "will trigger webRequest handlers if present", so a cancelling filter fails the request.
 */
export class FakeSession {
  filter: Filter | null = null
  permissionRequest: unknown = null
  permissionCheck: unknown = null
  devicePermission: unknown = null
  readonly protocols = new Map<string, (request: Request) => Promise<Response>>()
  readonly sent: string[] = []
  readonly protocol = {
    handle: (scheme: string, handler: (request: Request) => Promise<Response>) => {
      this.protocols.set(scheme, handler)
    },
  }
  readonly webRequest = {
    onBeforeRequest: (filter: Filter) => {
      this.filter = filter
    },
  }

  constructor(readonly partition: string) {}

  setPermissionRequestHandler(handler: unknown): void {
    this.permissionRequest = handler
  }
  setPermissionCheckHandler(handler: unknown): void {
    this.permissionCheck = handler
  }
  setDevicePermissionHandler(handler: unknown): void {
    this.devicePermission = handler
  }

  /** What the filter decides for a URL (false when there is no filter). */
  cancels(url: string): boolean {
    if (!this.filter) return false
    let cancel = false
    this.filter({ url }, (response) => {
      cancel = response.cancel
    })
    return cancel
  }

  async fetch(input: string | Request, _init?: RequestInit): Promise<Response> {
    const url = typeof input === 'string' ? input : input.url
    if (this.cancels(url)) throw new TypeError('net::ERR_BLOCKED_BY_CLIENT')
    this.sent.push(url)
    return new Response('{"ok":true}', { status: 200 })
  }
}

export class FakeSessionModule {
  readonly defaultSession = new FakeSession('')
  readonly partitions = new Map<string, FakeSession>()
  readonly options = new Map<string, unknown>()

  fromPartition(partition: string, options?: unknown): FakeSession {
    if (partition === '') return this.defaultSession
    let session = this.partitions.get(partition)
    if (!session) {
      session = new FakeSession(partition)
      this.partitions.set(partition, session)
      this.options.set(partition, options)
    }
    return session
  }
}

/** A web contents: records its listeners and its window-open handler. */
export class FakeWebContents extends EventEmitter {
  static #next = 1
  readonly id = FakeWebContents.#next++
  windowOpenHandler: ((details: { url: string }) => { action: string }) | null = null
  readonly sent: Array<[string, ...unknown[]]> = []

  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }): void {
    this.windowOpenHandler = handler
  }
  send(channel: string, ...args: unknown[]): void {
    this.sent.push([channel, ...args])
  }
  /** Emits a navigation-like event and says whether a listener prevented it. */
  attempt(event: string, url: string): boolean {
    let prevented = false
    this.emit(event, { preventDefault: () => (prevented = true) }, url)
    return prevented
  }
}
