// The shell's windows, wired as main/index.ts wires them, against a stand-in for Electron:
// every window (cashier, customer display, the receipt renderer) is locked down, is guarded by
// the web-contents-created handlers, and lives in the session it should; the customer display
// gets its own preload and hears only its own event.
import type { EventEmitter } from 'node:events'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { FakeSession, FakeWebContents } from './fake-electron'

const electron = vi.hoisted(() => {
  const state = {
    app: null as unknown as EventEmitter,
    windows: [] as Array<{ options: Record<string, unknown>; webContents: unknown }>,
    handlers: new Map<string, (event: unknown, input: unknown) => unknown>(),
    opened: [] as string[],
    printerAccepts: true,
  }
  return state
})

vi.mock('electron', async () => {
  const { EventEmitter: Emitter } = await import('node:events')
  const { FakeWebContents: Contents } = await import('./fake-electron')
  electron.app = new Emitter()
  class BrowserWindow extends Emitter {
    static getAllWindows = () => electron.windows
    readonly webContents: InstanceType<typeof Contents> & {
      printToPDF?: (options: unknown) => Promise<Buffer>
      print?: (options: unknown, done: (success: boolean, reason: string) => void) => void
      printed?: unknown[]
    }
    loaded: string | null = null
    destroyed = false
    constructor(readonly options: Record<string, unknown>) {
      super()
      this.webContents = new Contents()
      const printed: unknown[] = []
      this.webContents.printed = printed
      this.webContents.printToPDF = async (options) => {
        printed.push(options)
        return Buffer.from('%PDF-1.7')
      }
      this.webContents.print = (options, done) => {
        printed.push(options)
        done(electron.printerAccepts, 'out of paper')
      }
      electron.windows.push(this as never)
      // Electron emits this for every web contents it creates.
      electron.app.emit('web-contents-created', {}, this.webContents)
    }
    async loadURL(url: string) {
      this.loaded = url
    }
    isDestroyed() {
      return this.destroyed
    }
    destroy() {
      this.destroyed = true
      this.webContents.emit('destroyed')
    }
  }
  return {
    app: electron.app,
    BrowserWindow,
    screen: {
      getPrimaryDisplay: () => ({ id: 1, workArea: { x: 0, y: 0, width: 1920, height: 1080 } }),
      getAllDisplays: () => [
        { id: 1, workArea: { x: 0, y: 0, width: 1920, height: 1080 } },
        { id: 2, workArea: { x: 1920, y: 0, width: 1280, height: 800 } },
      ],
    },
    Notification: { isSupported: () => false },
    ipcMain: {
      handle: (channel: string, handler: (event: unknown, input: unknown) => unknown) =>
        electron.handlers.set(channel, handler),
      removeHandler: (channel: string) => electron.handlers.delete(channel),
    },
    shell: {
      openExternal: async (url: string) => {
        electron.opened.push(url)
      },
    },
  }
})

const { silentLogger } = await import('../../../main/kernel/log')
const { guardEveryWebContents } = await import('../../../main/security/harden')
const { createAppWindow } = await import('../../../main/window')
const { electronDesktop } = await import('../../../main/desktop')
const { renderReceiptPdf } = await import('../../../main/windows/receiptPdf')
const { printReceiptSilently } = await import('../../../main/windows/receiptPrint')
const { printHtmlToPdf } = await import('../../../main/windows/printWindow')
const { PAPER, receiptHtml } = await import('../../../main/collections/receiptHtml')
const { electronPdf } = await import('../../../main/shifts/electronPdf')
const { WindowRegistry } = await import('../../../main/ipc/window-access')
const { registerIpc } = await import('../../../main/ipc/electron')
const { EventBus } = await import('../../../main/kernel/events')
const { Dispatcher } = await import('../../../main/ipc/dispatch')

type Window = {
  options: Record<string, unknown>
  webContents: FakeWebContents & { printed: unknown[] }
  loaded: string
  destroyed: boolean
}

const ui = new FakeSession('persist:tilldesk-ui')
const preloads = { cashier: '/app/preload/index.cjs', 'customer-display': '/app/preload/cd.cjs' }

function shell() {
  electron.windows.length = 0
  electron.app.removeAllListeners()
  guardEveryWebContents(electron.app as never, silentLogger, null)
  const registry = new WindowRegistry()
  const context = { preloads, session: ui as never, registry, devServerUrl: null }
  return { registry, context }
}

const windows = () => electron.windows as unknown as Window[]

const SECURE_PREFERENCES = {
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  experimentalFeatures: false,
  webviewTag: false,
  devTools: false,
}

function expectGuarded(contents: FakeWebContents) {
  expect(contents.attempt('will-navigate', 'https://evil.example/')).toBe(true)
  expect(contents.attempt('will-redirect', 'https://evil.example/')).toBe(true)
  expect(contents.attempt('will-attach-webview', 'https://evil.example/')).toBe(true)
  expect(contents.windowOpenHandler?.({ url: 'https://evil.example/' })).toEqual({
    action: 'deny',
  })
}

beforeEach(() => {
  electron.opened.length = 0
})

describe('windows', () => {
  it('opens the cashier window locked down, in the UI session, with the full bridge', () => {
    const { context, registry } = shell()
    createAppWindow(context, { kind: 'cashier' })
    const [window] = windows()
    const preferences = window?.options.webPreferences as Record<string, unknown>
    expect(preferences).toMatchObject({ ...SECURE_PREFERENCES, preload: preloads.cashier })
    expect(preferences.session).toBe(ui)
    expect(window?.loaded).toBe('app://tilldesk/index.html')
    expect(registry.kindOf(window!.webContents.id)).toBe('cashier')
  })

  it('opens the customer display with its own preload and records it as such', async () => {
    const { context, registry } = shell()
    const desktop = electronDesktop(context)
    await desktop.openWindow('#/customer-display', { preferSecondaryDisplay: true })
    const [window] = windows()
    const preferences = window?.options.webPreferences as Record<string, unknown>
    expect(preferences).toMatchObject({
      ...SECURE_PREFERENCES,
      preload: preloads['customer-display'],
    })
    expect(preferences.session).toBe(ui)
    expect(window?.options).toMatchObject({ x: 1920, fullscreen: true })
    expect(registry.kindOf(window!.webContents.id)).toBe('customer-display')
    // Closed windows are forgotten: a reused id would not inherit a kind.
    window!.webContents.emit('destroyed')
    expect(registry.kindOf(window!.webContents.id)).toBe('unknown')
  })

  it('guards every web contents created: windows, the customer display and the receipt renderer', async () => {
    const { context } = shell()
    createAppWindow(context, { kind: 'cashier' })
    createAppWindow(context, { kind: 'customer-display', route: '#/customer-display' })
    await printHtmlToPdf('<p>Receipt</p>', {})
    expect(windows().length).toBe(3)
    for (const window of windows()) expectGuarded(window.webContents)
    // Our own pages stay reachable in the app's windows.
    for (const window of windows().slice(0, 2))
      expect(window.webContents.attempt('will-navigate', 'app://tilldesk/index.html#/x')).toBe(
        false,
      )
  })

  it('tells the idle lock of presses in a cashier’s window, never of the customer display', () => {
    const { context } = shell()
    let uses = 0
    const withInput = { ...context, onInput: () => (uses += 1) }
    createAppWindow(withInput, { kind: 'cashier' })
    createAppWindow(withInput, { kind: 'customer-display', route: '#/customer-display' })
    const [cashier, display] = windows()
    display!.webContents.emit('input-event', {}, { type: 'mouseDown' })
    cashier!.webContents.emit('input-event', {}, { type: 'mouseMove' })
    expect(uses).toBe(0)
    cashier!.webContents.emit('input-event', {}, { type: 'rawKeyDown' })
    expect(uses).toBe(1)
  })

  it('sends allow-listed links from window.open to the browser, and nothing else', async () => {
    const { context } = shell()
    createAppWindow(context, { kind: 'cashier' })
    const contents = windows()[0]!.webContents
    contents.windowOpenHandler?.({ url: 'https://help.tilldesk.example/keys' })
    contents.windowOpenHandler?.({ url: 'file:///etc/passwd' })
    await new Promise((resolve) => setImmediate(resolve))
    expect(electron.opened).toEqual(['https://help.tilldesk.example/keys'])
  })
})

describe('the one print window', () => {
  const receipt = {
    language: 'en' as const,
    number: 'R-1',
    chargeId: 'ch_print01',
    title: 'Receipt',
    issuedAt: '2026-03-02T08:00:00.000Z',
    till: 'Front',
    cashier: 'Bola',
    customer: 'Ada Obi',
    amount: '₦100.00',
    time: '08:00',
    lines: [],
    transfers: [],
    footer: 'Thank you',
  }
  const printout = async (print: () => Promise<unknown>) => {
    shell()
    const result = await print()
    expect(windows()).toHaveLength(1)
    return { result, window: windows()[0]! }
  }

  it.each([
    ['a receipt to PDF', () => renderReceiptPdf(receiptHtml(receipt))],
    [
      'a receipt to a printer',
      () =>
        printReceiptSilently('<p>R-1</p>', {
          printer: 'Till printer',
          paper: PAPER['80mm'],
          heightMm: 120,
        }),
    ],
    ['a shift report to PDF', () => electronPdf('<p>Z-report</p>', '80mm')],
  ])(
    '%s: hidden, no script, sandboxed, guarded, only its own HTML, destroyed after',
    async (_what, print) => {
      const { window } = await printout(print)
      expect(window.options.show).toBe(false)
      expect(window.options.webPreferences).toMatchObject({
        ...SECURE_PREFERENCES,
        javascript: false,
      })
      expect(window.loaded).toMatch(/^data:text\/html;charset=utf-8,/)
      expect(window.webContents.printed).toHaveLength(1)
      expectGuarded(window.webContents)
      expect(window.destroyed).toBe(true)
    },
  )

  it('says why a printer refused, in words, and still destroys the window', async () => {
    electron.printerAccepts = false
    try {
      const { result, window } = await printout(() =>
        printReceiptSilently('<p>R-1</p>', { printer: null, paper: PAPER.a4, heightMm: 0 }),
      )
      expect(result).toBe('out of paper')
      expect(window.destroyed).toBe(true)
    } finally {
      electron.printerAccepts = true
    }
  })
})

describe('IPC per kind of window', () => {
  function wire() {
    const { context, registry } = shell()
    const events = new EventBus()
    const seen: Array<{ channel: string; window: unknown }> = []
    const dispatcher = new Dispatcher({
      isTrustedSender: () => true,
      currentUser: () => null,
      log: silentLogger,
    })
    const original = dispatcher.dispatch.bind(dispatcher)
    dispatcher.dispatch = (sender, channel, input) => {
      seen.push({ channel, window: sender.window })
      return original(sender, channel, input)
    }
    registerIpc(dispatcher, events, registry)
    createAppWindow(context, { kind: 'cashier' })
    createAppWindow(context, { kind: 'customer-display', route: '#/customer-display' })
    const [cashier, display] = windows()
    return { events, seen, cashier: cashier!, display: display! }
  }

  it('tells the guard which kind of window called', async () => {
    const { seen, cashier, display } = wire()
    const invoke = (contents: FakeWebContents, channel: string) =>
      electron.handlers.get(channel)?.(
        { sender: contents, senderFrame: { url: 'app://tilldesk/index.html' } },
        undefined,
      )
    const refused = (await invoke(display.webContents, 'session.get')) as {
      ok: boolean
      error: { code: string }
    }
    expect(refused).toMatchObject({ ok: false, error: { code: 'forbidden_sender' } })
    await invoke(cashier.webContents, 'session.get')
    const stranger = new FakeWebContents()
    const unknown = (await invoke(stranger, 'customerDisplay.get')) as { error: { code: string } }
    expect(unknown.error.code).toBe('forbidden_sender')
    expect(seen.map((call) => call.window)).toEqual(['customer-display', 'cashier', 'unknown'])
  })

  it('sends the customer display only its own event, on its own channel', () => {
    const { events, cashier, display } = wire()
    events.emit('session.changed', { user: null } as never)
    events.emit('customerDisplay.changed', { charge: null, tillName: 'Front' } as never)
    expect(cashier.webContents.sent.map(([channel, name]) => `${channel} ${String(name)}`)).toEqual(
      ['pos:event session.changed', 'pos:event customerDisplay.changed'],
    )
    expect(display.webContents.sent.map(([channel, name]) => `${channel} ${String(name)}`)).toEqual(
      ['pos:customer-display-event customerDisplay.changed'],
    )
  })
})
