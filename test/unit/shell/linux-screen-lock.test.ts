// Signing out on Linux's OS screen lock: logind's lines as `gdbus monitor` prints them, read
// tolerantly; the watcher wired to the automatic lock against a fake monitor stream; and the
// soft failures (no gdbus, no bus, no logind, a monitor that stops) that Settings reports. The
// last part runs the real gdbus against a private D-Bus daemon, with no logind on it.
import { spawn, type ChildProcess } from 'node:child_process'
import { createInterface } from 'node:readline'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { silentLogger } from '../../../main/kernel/log'
import { AutoLock, noPowerSource, type PowerSource } from '../../../main/session/auto-lock'
import {
  classifyFailure,
  gdbus,
  isLockLine,
  LinuxScreenLock,
  parseSessionPath,
  type DbusTool,
} from '../../../main/session/linux-screen-lock'
import { SessionService } from '../../../main/session/session'
import { SettingsStore } from '../../../main/settings/store'
import { UsersService } from '../../../main/users/users'
import { FAST_SCRYPT, memoryBackend } from './helpers'

const OURS = '/org/freedesktop/login1/session/_32'
const OTHER = '/org/freedesktop/login1/session/c7'

/** A gdbus that answers GetSession with `path` and hands the monitor's stream to the test. */
class FakeGdbus implements DbusTool {
  calls: string[][] = []
  monitors: Array<{
    args: string[]
    line: (line: string) => void
    exit: (why: string) => void
    stopped: boolean
  }> = []
  constructor(public answer: () => Promise<string>) {}
  call(args: string[]) {
    this.calls.push(args)
    return this.answer()
  }
  monitor(args: string[], line: (line: string) => void, exit: (why: string) => void) {
    const monitor = { args, line, exit, stopped: false }
    this.monitors.push(monitor)
    return () => {
      monitor.stopped = true
    }
  }
  get current() {
    const monitor = this.monitors.at(-1)
    if (!monitor) throw new Error('no monitor running')
    return monitor
  }
}

const sessionAnswer = () => Promise.resolve(`(objectpath '${OURS}',)\n`)

async function signedInTill(tool: DbusTool) {
  const settings = new SettingsStore(memoryBackend())
  const users = new UsersService({ settings, emit: () => undefined, scrypt: FAST_SCRYPT })
  const session = new SessionService({ users, settings, emit: () => undefined })
  const cashier = await users.create({ name: 'Cal', role: 'cashier', pin: '1357' })
  const linux = new LinuxScreenLock({ tool, log: silentLogger })
  const power: PowerSource = {
    ...noPowerSource,
    onLockScreen: (listener) => linux.onLock(listener),
    screenLock: () => linux.status(),
  }
  const autoLock = new AutoLock({ session, power, log: silentLogger })
  autoLock.start()
  await session.signIn(cashier.id, '1357')
  return { session, linux, autoLock, cashier }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('reading gdbus monitor’s lines', () => {
  it('finds this session’s path in GetSession’s answer', () => {
    expect(parseSessionPath(`(objectpath '${OURS}',)\n`)).toBe(OURS)
    expect(parseSessionPath("(objectpath '/org/freedesktop/login1/session/auto',)")).toBe(
      '/org/freedesktop/login1/session/auto',
    )
    expect(parseSessionPath('')).toBeNull()
    expect(parseSessionPath("('not a path',)")).toBeNull()
  })

  it('a Lock signal, or LockedHint turning true, of this session is a lock; nothing else is', () => {
    const locks = [
      `${OURS}: org.freedesktop.login1.Session.Lock ()`,
      `  ${OURS}:   org.freedesktop.login1.Session.Lock   ()  `,
      `${OURS}: org.freedesktop.DBus.Properties.PropertiesChanged ('org.freedesktop.login1.Session', {'LockedHint': <true>}, @as [])`,
      `${OURS}: org.freedesktop.DBus.Properties.PropertiesChanged ('org.freedesktop.login1.Session', {'IdleHint': <false>, 'LockedHint': <true>, 'IdleSinceHint': <uint64 0>}, @as [])`,
    ]
    for (const line of locks) expect(isLockLine(line, OURS), line).toBe(true)
    const others = [
      'Monitoring signals on object /org/freedesktop/login1/session/_32 owned by org.freedesktop.login1',
      'The name org.freedesktop.login1 is owned by :1.4',
      `${OURS}: org.freedesktop.login1.Session.Unlock ()`,
      `${OURS}: org.freedesktop.DBus.Properties.PropertiesChanged ('org.freedesktop.login1.Session', {'LockedHint': <false>}, @as [])`,
      `${OURS}: org.freedesktop.DBus.Properties.PropertiesChanged ('org.freedesktop.login1.Session', {'IdleHint': <true>}, @as [])`,
      `${OURS}: org.freedesktop.DBus.Properties.PropertiesChanged ('org.example.Other', {'LockedHint': <true>}, @as [])`,
      `${OTHER}: org.freedesktop.login1.Session.Lock ()`,
      `${OURS}0: org.freedesktop.login1.Session.Lock ()`,
      `${OURS}: org.example.Session.Lock ()`,
      '',
      'garbage: with a colon',
    ]
    for (const line of others) expect(isLockLine(line, OURS), line).toBe(false)
  })

  it('tells no D-Bus from no logind by gdbus’s words', () => {
    expect(classifyFailure('spawn gdbus ENOENT')).toBe('no_dbus')
    expect(classifyFailure('Error connecting: Could not connect: No such file or directory')).toBe(
      'no_dbus',
    )
    expect(
      classifyFailure(
        'Error: GDBus.Error:org.freedesktop.DBus.Error.ServiceUnknown: The name org.freedesktop.login1 was not provided by any .service files',
      ),
    ).toBe('no_logind')
    expect(
      classifyFailure('GDBus.Error:org.freedesktop.login1.NoSessionForPID: PID 42 has no session'),
    ).toBe('no_logind')
  })
})

describe('signing out on the OS screen lock (Linux)', () => {
  it('signs out when logind locks this till’s session, not another one', async () => {
    const tool = new FakeGdbus(sessionAnswer)
    const { session, linux, cashier } = await signedInTill(tool)
    await vi.waitFor(() => expect(linux.status()).toEqual({ state: 'signs_out' }))
    expect(tool.current.args).toEqual([
      'monitor',
      '--system',
      '--dest',
      'org.freedesktop.login1',
      '--object-path',
      OURS,
    ])
    tool.current.line(`${OTHER}: org.freedesktop.login1.Session.Lock ()`)
    tool.current.line(`${OURS}: org.freedesktop.login1.Session.Unlock ()`)
    expect(session.state().user?.id).toBe(cashier.id)
    tool.current.line(`${OURS}: org.freedesktop.login1.Session.Lock ()`)
    expect(session.state()).toMatchObject({ user: null, endedBy: 'os_lock' })

    // The desktop's own lock screen, told through LockedHint.
    await session.signIn(cashier.id, '1357')
    tool.current.line(
      `${OURS}: org.freedesktop.DBus.Properties.PropertiesChanged ('org.freedesktop.login1.Session', {'LockedHint': <true>}, @as [])`,
    )
    expect(session.state()).toMatchObject({ user: null, endedBy: 'os_lock' })
  })

  it('stops the monitor when the automatic lock stops', async () => {
    const tool = new FakeGdbus(sessionAnswer)
    const { linux, autoLock } = await signedInTill(tool)
    await vi.waitFor(() => expect(linux.status().state).toBe('signs_out'))
    autoLock.stop()
    expect(tool.current.stopped).toBe(true)
  })

  it('fails soft and says why: no D-Bus, no logind, or a session path it cannot read', async () => {
    for (const [answer, reason] of [
      [() => Promise.reject(new Error('spawn gdbus ENOENT')), 'no_dbus'],
      [
        () => Promise.reject(new Error('Error connecting: Could not connect: No such file')),
        'no_dbus',
      ],
      [
        () => Promise.reject(new Error('GDBus.Error:org.freedesktop.DBus.Error.ServiceUnknown: …')),
        'no_logind',
      ],
      [() => Promise.resolve('()'), 'no_logind'],
    ] as const) {
      const tool = new FakeGdbus(answer)
      const { session, linux, autoLock } = await signedInTill(tool)
      await vi.waitFor(() => expect(linux.status()).toEqual({ state: 'unavailable', reason }))
      expect(autoLock.info()).toMatchObject({
        osScreenLock: 'unavailable',
        osScreenLockReason: reason,
      })
      expect(tool.monitors).toEqual([])
      // The till goes on working.
      expect(session.state().user).not.toBeNull()
    }
  })

  it('a monitor that stops is reported and started again after a pause', async () => {
    vi.useFakeTimers()
    const tool = new FakeGdbus(sessionAnswer)
    const linux = new LinuxScreenLock({ tool, log: silentLogger, restartAfterMs: 10_000 })
    let locks = 0
    linux.onLock(() => (locks += 1))
    await vi.waitFor(() => expect(linux.status().state).toBe('signs_out'))
    tool.current.exit('killed')
    expect(linux.status()).toEqual({ state: 'unavailable', reason: 'stopped' })
    await vi.advanceTimersByTimeAsync(10_000)
    expect(tool.monitors).toHaveLength(2)
    expect(linux.status().state).toBe('signs_out')
    tool.current.line(`${OURS}: org.freedesktop.login1.Session.Lock ()`)
    expect(locks).toBe(1)
    linux.stop()
  })
})

describe('the real gdbus', () => {
  const saved = {
    system: process.env.DBUS_SYSTEM_BUS_ADDRESS,
    session: process.env.DBUS_SESSION_BUS_ADDRESS,
  }
  let daemon: ChildProcess | null = null
  afterEach(() => {
    daemon?.kill()
    daemon = null
    for (const [name, value] of [
      ['DBUS_SYSTEM_BUS_ADDRESS', saved.system],
      ['DBUS_SESSION_BUS_ADDRESS', saved.session],
    ] as const) {
      if (value === undefined) delete process.env[name]
      else process.env[name] = value
    }
  })

  it('with no system bus, says there is no D-Bus', async () => {
    process.env.DBUS_SYSTEM_BUS_ADDRESS = 'unix:path=/nonexistent/tilldesk-test-bus'
    const linux = new LinuxScreenLock({ log: silentLogger })
    const off = linux.onLock(() => undefined)
    await vi.waitFor(
      () => expect(linux.status()).toEqual({ state: 'unavailable', reason: 'no_dbus' }),
      { timeout: 10_000 },
    )
    off()
  })

  it('on a bus with no logind, says so; and its monitor prints one signal per line as read', async () => {
    daemon = spawn('dbus-daemon', ['--session', '--nofork', '--print-address=1'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    })
    const address = await new Promise<string>((resolve, reject) => {
      daemon?.on('error', reject)
      createInterface({ input: daemon!.stdout! }).once('line', resolve)
    })
    process.env.DBUS_SESSION_BUS_ADDRESS = address.trim()

    const linux = new LinuxScreenLock({ log: silentLogger, bus: 'session' })
    const off = linux.onLock(() => undefined)
    await vi.waitFor(
      () => expect(linux.status()).toEqual({ state: 'unavailable', reason: 'no_logind' }),
      { timeout: 10_000 },
    )
    off()

    // The bus daemon's own signals, through the same monitor runner: the line shape the
    // parser reads (`<path>: <interface>.<member> (<args>)`).
    const lines: string[] = []
    const stop = gdbus.monitor(
      ['monitor', '--session', '--dest', 'org.freedesktop.DBus'],
      (line) => lines.push(line),
      () => undefined,
    )
    await vi.waitFor(() => expect(lines.some((line) => /owned by/.test(line))).toBe(true), {
      timeout: 10_000,
    })
    await gdbus.call([
      'call',
      '--session',
      '--dest',
      'org.freedesktop.DBus',
      '--object-path',
      '/org/freedesktop/DBus',
      '--method',
      'org.freedesktop.DBus.GetId',
    ])
    await vi.waitFor(
      () =>
        expect(lines).toContainEqual(
          expect.stringMatching(
            /^\/org\/freedesktop\/DBus: org\.freedesktop\.DBus\.NameOwnerChanged \(/,
          ),
        ),
      { timeout: 10_000 },
    )
    stop()
  })
})
