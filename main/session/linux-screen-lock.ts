// Linux has no `lock-screen` event in Electron (it fires on macOS and Windows only), so this
// listens to logind over D-Bus instead: the session's `Lock` signal (`loginctl lock-session`,
// a lid or idle policy) and its `LockedHint` turning true (GNOME, KDE and most desktops set it
// when their lock screen comes up). It runs `gdbus` (GLib's D-Bus tool, on every GNOME and
// most other desktops) as a child process, so no D-Bus library is bundled:
//   gdbus call --system … Manager.GetSession auto      → this till's session object path
//   gdbus monitor --system --dest org.freedesktop.login1 --object-path <that path>
// and reads the monitor's lines tolerantly: one signal per line, `<path>: <iface>.<member>
// (<args>)`; anything else (its banner, other signals, other sessions) is ignored.
//
// It fails soft: no `gdbus`, no system bus or no logind session leaves the till working, and
// `status()` says why, which Settings → Till shows in words. A monitor that stops is started
// again after a pause; until then the status says it stopped.
import { execFile, spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import type { ScreenLockUnavailable } from '../../common/ipc/session'
import type { Logger } from '../kernel/log'
import type { ScreenLockWatch } from './auto-lock'

const LOGIN1 = 'org.freedesktop.login1'
const SESSION_IFACE = 'org.freedesktop.login1.Session'

/** How the watcher reaches D-Bus: `gdbus` in the app, a fake stream in tests. */
export interface DbusTool {
  /** Runs `gdbus <args>` to completion: its output, or an error whose message is gdbus's. */
  call(args: string[]): Promise<string>
  /** Starts `gdbus <args>` and hands over each output line until it exits. Returns stop. */
  monitor(args: string[], onLine: (line: string) => void, onExit: (why: string) => void): () => void
}

/** The real `gdbus`, with the environment Tilldesk was started in (it names the buses). */
export const gdbus: DbusTool = {
  call: (args) =>
    new Promise((resolve, reject) => {
      execFile('gdbus', args, { timeout: 5_000 }, (error, stdout, stderr) => {
        if (error) reject(new Error(`${String(stderr).trim()} ${error.message}`.trim()))
        else resolve(String(stdout))
      })
    }),
  monitor(args, onLine, onExit) {
    const child = spawn('gdbus', args, { stdio: ['ignore', 'pipe', 'pipe'] })
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 2_000) stderr += chunk.toString()
    })
    createInterface({ input: child.stdout }).on('line', onLine)
    let ended = false
    const end = (why: string) => {
      if (ended) return
      ended = true
      onExit(why)
    }
    child.on('error', (error) => end(error.message))
    child.on('exit', (code, signal) => end(`${stderr.trim()} (exit ${code ?? signal})`.trim()))
    return () => {
      ended = true
      child.kill()
    }
  },
}

/** Why a gdbus failure means what it means, from its words (they are stable GLib strings). */
export function classifyFailure(message: string): ScreenLockUnavailable {
  if (/ENOENT|Error connecting|Could not connect|Cannot autolaunch|No such file/i.test(message))
    return 'no_dbus'
  return 'no_logind'
}

/** `(objectpath '/org/freedesktop/login1/session/_32',)` → the path; null if not there. */
export function parseSessionPath(output: string): string | null {
  const match = /objectpath\s+'(\/[A-Za-z0-9_/]*)'/.exec(output)
  return match?.[1] ?? null
}

/**
 * Whether one `gdbus monitor` line says `sessionPath` is now locked: its `Lock` signal, or a
 * `PropertiesChanged` of the session setting `LockedHint` to true. Tolerant: extra spaces,
 * other properties in the same change, any other line → false.
 */
export function isLockLine(line: string, sessionPath: string): boolean {
  const match = /^\s*(\/\S*):\s+([\w.]+)\.(\w+)\s*(.*)$/.exec(line)
  if (!match) return false
  const [, path, iface, member, args = ''] = match
  if (path !== sessionPath) return false
  if (iface === SESSION_IFACE && member === 'Lock') return true
  return (
    iface === 'org.freedesktop.DBus.Properties' &&
    member === 'PropertiesChanged' &&
    args.includes(`'${SESSION_IFACE}'`) &&
    /'LockedHint':\s*<\s*true\s*>/.test(args)
  )
}

export interface LinuxScreenLockOptions {
  tool?: DbusTool
  log: Logger
  /** `system` in the app; tests may point it at a private session bus. */
  bus?: 'system' | 'session'
  /** Pause before a stopped monitor is started again. */
  restartAfterMs?: number
}

/** Calls `onLock` when logind says this till's session is locked. */
export class LinuxScreenLock {
  readonly #tool: DbusTool
  readonly #bus: string
  #status: ScreenLockWatch = { state: 'checking' }
  #listeners = new Set<() => void>()
  #stopMonitor: (() => void) | null = null
  #restart: ReturnType<typeof setTimeout> | null = null
  #running = false

  constructor(private readonly options: LinuxScreenLockOptions) {
    this.#tool = options.tool ?? gdbus
    this.#bus = `--${options.bus ?? 'system'}`
  }

  status(): ScreenLockWatch {
    return this.#status
  }

  /** Listens while anyone is subscribed; the watcher starts with the first listener. */
  onLock(listener: () => void): () => void {
    this.#listeners.add(listener)
    if (!this.#running) {
      this.#running = true
      void this.#start()
    }
    return () => {
      this.#listeners.delete(listener)
      if (this.#listeners.size === 0) this.stop()
    }
  }

  stop(): void {
    this.#running = false
    if (this.#restart) clearTimeout(this.#restart)
    this.#restart = null
    this.#stopMonitor?.()
    this.#stopMonitor = null
  }

  async #start(): Promise<void> {
    let path: string | null
    try {
      path = parseSessionPath(
        await this.#tool.call([
          'call',
          this.#bus,
          '--dest',
          LOGIN1,
          '--object-path',
          '/org/freedesktop/login1',
          '--method',
          'org.freedesktop.login1.Manager.GetSession',
          'auto',
        ]),
      )
    } catch (error) {
      this.#unavailable(classifyFailure(error instanceof Error ? error.message : String(error)))
      return
    }
    if (!this.#running) return
    if (!path) {
      this.#unavailable('no_logind')
      return
    }
    const sessionPath = path
    this.#stopMonitor = this.#tool.monitor(
      ['monitor', this.#bus, '--dest', LOGIN1, '--object-path', sessionPath],
      (line) => {
        if (isLockLine(line, sessionPath)) for (const listener of [...this.#listeners]) listener()
      },
      (why) => {
        this.#stopMonitor = null
        if (!this.#running) return
        this.#unavailable('stopped')
        this.options.log.warn('the OS screen lock watcher stopped', { why })
        this.#restart = setTimeout(() => {
          this.#restart = null
          if (this.#running) void this.#start()
        }, this.options.restartAfterMs ?? 10_000)
        ;(this.#restart as { unref?: () => void }).unref?.()
      },
    )
    this.#status = { state: 'signs_out' }
    this.options.log.info('signing out on the OS screen lock (logind)')
  }

  #unavailable(reason: ScreenLockUnavailable): void {
    if (this.#status.state === 'unavailable' && this.#status.reason === reason) return
    this.#status = { state: 'unavailable', reason }
    if (reason !== 'stopped')
      this.options.log.warn('an OS screen lock does not sign out at this computer', { reason })
  }
}
