// Automatic lock and sign-out of an unattended till, with fake timers: lock after the short
// limit, sign out after the longer one (both shorter for admins), sign out at once on an OS
// screen lock or a suspend, and only the owner's PIN unlocks.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DEFAULT_IDLE_LOCK } from '../../../common/ipc/settings'
import { silentLogger } from '../../../main/kernel/log'
import { EventEmitter } from 'node:events'
import {
  AutoLock,
  DEFAULT_IDLE_LIMITS,
  type PowerSource,
  type ScreenLockWatch,
} from '../../../main/session/auto-lock'
import { sessionHandlers } from '../../../main/session/handlers'
import { watchWindowInput } from '../../../main/session/window-input'
import { SessionService } from '../../../main/session/session'
import { effectiveIdleLock, watchIdleLock } from '../../../main/settings/idle-lock'
import type { RawSettings } from '../../../main/settings/migrations'
import { SettingsStore } from '../../../main/settings/store'
import { UsersService } from '../../../main/users/users'
import { FAST_SCRYPT, MemoryKeychain, memoryBackend, sealedBoot } from './helpers'

const MINUTE = 60_000

class FakePower implements PowerSource {
  idle: number | null = null
  watch: ScreenLockWatch = { state: 'signs_out' }
  readonly lockListeners = new Set<() => void>()
  readonly suspendListeners = new Set<() => void>()
  idleSeconds = () => this.idle
  screenLock = () => this.watch
  onLockScreen(listener: () => void) {
    this.lockListeners.add(listener)
    return () => this.lockListeners.delete(listener)
  }
  onSuspend(listener: () => void) {
    this.suspendListeners.add(listener)
    return () => this.suspendListeners.delete(listener)
  }
}

async function till(activityFrom: 'main' | 'page' = 'page') {
  const events: Array<[string, unknown]> = []
  const emit = ((name: string, payload: unknown) => events.push([name, payload])) as never
  const settings = new SettingsStore(memoryBackend())
  const users = new UsersService({ settings, emit, scrypt: FAST_SCRYPT })
  const session = new SessionService({ users, settings, emit })
  const admin = await users.create({ name: 'Ada', role: 'admin', pin: '24681357' })
  const cashier = await users.create({ name: 'Cal', role: 'cashier', pin: '1357' })
  const power = new FakePower()
  const autoLock = new AutoLock({
    session,
    power,
    log: silentLogger,
    checkEveryMs: 1_000,
    activityFrom,
  })
  autoLock.start()
  return { events, session, users, admin, cashier, power, autoLock, settings }
}

type Backend = ReturnType<typeof memoryBackend>

/** A sealed till with an admin and a cashier, where the admin chose a 1-minute cashier lock. */
async function sealedTill() {
  const backend = memoryBackend()
  const keychain = new MemoryKeychain()
  const first = await sealedBoot(backend, keychain)
  await first.users.create({ name: 'Ada', role: 'admin', pin: '24681357' })
  await first.users.create({ name: 'Cal', role: 'cashier', pin: '1357' })
  first.settings.update((draft) => {
    draft.idleLock.cashier = 1
  })
  await first.integrity.flushed()
  return { backend, keychain }
}

/** The cashier edits settings.json by hand. */
function edit(backend: Backend, change: (raw: RawSettings & { idleLock: unknown }) => void) {
  const raw = backend.raw() as RawSettings & { idleLock: unknown }
  change(raw)
  backend.write(raw as never)
}

beforeEach(() => {
  vi.useFakeTimers({ now: Date.parse('2026-03-02T09:00:00Z') })
})
afterEach(() => {
  vi.useRealTimers()
})

describe('locking the till on leaving it', () => {
  it('locks at once for the signed-in user; their PIN opens it; signed out after the sign-out limit', async () => {
    const { session, cashier, events, autoLock } = await till()
    autoLock.lockNow()
    expect(session.isLocked()).toBe(false) // nobody signed in: nothing to lock
    await session.signIn(cashier.id, '1357')
    vi.advanceTimersByTime(10_000)
    autoLock.lockNow()
    expect(session.state()).toMatchObject({
      user: { id: cashier.id },
      locked: { reason: 'manual' },
    })
    expect(events.filter(([name]) => name === 'session.locked')).toHaveLength(1)
    expect(Date.parse(session.state().locked?.signOutAt ?? '')).toBe(
      Date.parse('2026-03-02T09:00:10Z') + DEFAULT_IDLE_LIMITS.signOutAfterMs.cashier,
    )
    // Locking again changes nothing (the sign-out time stays).
    vi.advanceTimersByTime(5_000)
    autoLock.lockNow()
    expect(events.filter(([name]) => name === 'session.locked')).toHaveLength(1)
    await expect(session.unlock('2468')).rejects.toMatchObject({ code: 'wrong_pin' })
    await session.unlock('1357')
    expect(session.isLocked()).toBe(false)

    autoLock.lockNow()
    vi.advanceTimersByTime(DEFAULT_IDLE_LIMITS.signOutAfterMs.cashier + 1_000)
    expect(session.state()).toMatchObject({ user: null, endedBy: 'idle' })
  })
})

describe('automatic lock and sign-out', () => {
  it('locks a cashier after the lock limit, and signs out after the longer one', async () => {
    const { session, cashier, events, autoLock } = await till()
    await session.signIn(cashier.id, '1357')
    vi.advanceTimersByTime(DEFAULT_IDLE_LIMITS.lockAfterMs.cashier - 2_000)
    expect(session.isLocked()).toBe(false)
    vi.advanceTimersByTime(2_000)
    expect(session.isLocked()).toBe(true)
    expect(session.current()).toBeNull()
    expect(session.state()).toMatchObject({ user: { id: cashier.id }, locked: { reason: 'idle' } })
    const locked = events.find(([name]) => name === 'session.locked')
    expect(locked?.[1]).toMatchObject({ reason: 'idle', user: { id: cashier.id } })
    expect(Date.parse(session.state().locked?.signOutAt ?? '')).toBe(
      Date.parse('2026-03-02T09:00:00Z') + DEFAULT_IDLE_LIMITS.signOutAfterMs.cashier,
    )

    // Someone touching the lock screen does not postpone the sign-out.
    autoLock.activity()
    vi.advanceTimersByTime(
      DEFAULT_IDLE_LIMITS.signOutAfterMs.cashier - DEFAULT_IDLE_LIMITS.lockAfterMs.cashier,
    )
    expect(session.owner()).toBeNull()
    expect(session.state()).toMatchObject({ user: null, locked: null, endedBy: 'idle' })
  })

  it('gives admins shorter limits than cashiers', async () => {
    const { session, admin } = await till()
    expect(DEFAULT_IDLE_LIMITS.lockAfterMs.admin).toBeLessThan(
      DEFAULT_IDLE_LIMITS.lockAfterMs.cashier,
    )
    expect(DEFAULT_IDLE_LIMITS.signOutAfterMs.admin).toBeLessThan(
      DEFAULT_IDLE_LIMITS.signOutAfterMs.cashier,
    )
    await session.signIn(admin.id, '24681357')
    vi.advanceTimersByTime(DEFAULT_IDLE_LIMITS.lockAfterMs.admin)
    expect(session.isLocked()).toBe(true)
    vi.advanceTimersByTime(DEFAULT_IDLE_LIMITS.signOutAfterMs.admin)
    expect(session.owner()).toBeNull()
  })

  it('takes configured limits', async () => {
    const { session, cashier, power } = await till()
    const custom = new AutoLock({
      session,
      power,
      log: silentLogger,
      limits: { lockAfterMs: { ...DEFAULT_IDLE_LIMITS.lockAfterMs, cashier: 30_000 } },
      checkEveryMs: 1_000,
    })
    custom.start()
    await session.signIn(cashier.id, '1357')
    vi.advanceTimersByTime(30_000)
    expect(session.isLocked()).toBe(true)
    custom.stop()
    expect(
      () =>
        new AutoLock({
          session,
          power,
          log: silentLogger,
          limits: { signOutAfterMs: { ...DEFAULT_IDLE_LIMITS.signOutAfterMs, admin: 1_000 } },
        }),
    ).toThrow(/must not be shorter/)
  })

  it('counts use of our windows, not input in another program on the computer', async () => {
    const { session, cashier, power, autoLock } = await till()
    await session.signIn(cashier.id, '1357')
    vi.advanceTimersByTime(4 * MINUTE)
    autoLock.activity()
    vi.advanceTimersByTime(4 * MINUTE)
    expect(session.isLocked()).toBe(false)
    // Someone keeps typing in another program (the OS says 3 s idle): nobody is at the till.
    power.idle = 3
    vi.advanceTimersByTime(MINUTE)
    expect(session.state()).toMatchObject({ user: { id: cashier.id }, locked: { reason: 'idle' } })
  })

  it('keeps an admin session open only while our windows are used, whatever the OS says', async () => {
    const { session, admin, power, autoLock } = await till()
    await session.signIn(admin.id, '24681357')
    power.idle = 1
    for (let minute = 0; minute < 4; minute += 1) {
      vi.advanceTimersByTime(MINUTE)
      if (minute === 0) autoLock.activity()
    }
    expect(session.isLocked()).toBe(true)
    vi.advanceTimersByTime(DEFAULT_IDLE_LIMITS.signOutAfterMs.admin)
    expect(session.state()).toMatchObject({ user: null, endedBy: 'idle' })
  })

  it('an OS idle time that always reads 0 (GNOME on Wayland) is unknown: the till still locks', async () => {
    const { session, cashier, power, autoLock } = await till()
    power.idle = 0
    await session.signIn(cashier.id, '1357')
    expect(autoLock.info().osIdle).toBe('unknown')
    vi.advanceTimersByTime(DEFAULT_IDLE_LIMITS.lockAfterMs.cashier - 1_000)
    expect(session.isLocked()).toBe(false)
    vi.advanceTimersByTime(1_000)
    expect(session.isLocked()).toBe(true)
    expect(autoLock.info().osIdle).toBe('unknown')
  })

  it('the OS idle time can only bring the lock sooner', async () => {
    const { session, cashier, power, autoLock } = await till()
    await session.signIn(cashier.id, '1357')
    vi.advanceTimersByTime(2 * MINUTE)
    autoLock.activity()
    // The OS reports nobody has touched the computer for 6 minutes: lock now, though our
    // windows were "used" 0 s ago (a page reporting use it never had).
    power.idle = 6 * 60
    vi.advanceTimersByTime(1_000)
    expect(session.isLocked()).toBe(true)
    expect(autoLock.info().osIdle).toBe('reported')
  })

  it('where main sees our windows’ input, a page’s own reports never postpone the lock', async () => {
    const { session, cashier, autoLock } = await till('main')
    const handlers = sessionHandlers(session, autoLock)
    await session.signIn(cashier.id, '1357')
    // A page calls session.activity every few seconds, for ever.
    for (let i = 0; i < DEFAULT_IDLE_LIMITS.lockAfterMs.cashier / 10_000; i += 1) {
      await handlers['session.activity'](undefined as never, {} as never)
      vi.advanceTimersByTime(10_000)
    }
    expect(session.isLocked()).toBe(true)
    await session.unlock('1357')
    // A key pressed in our window, as main sees it, does.
    vi.advanceTimersByTime(DEFAULT_IDLE_LIMITS.lockAfterMs.cashier - 10_000)
    autoLock.activity()
    vi.advanceTimersByTime(DEFAULT_IDLE_LIMITS.lockAfterMs.cashier - 10_000)
    expect(session.isLocked()).toBe(false)
  })

  it('in the browser preview, where main sees no input, a page’s reports are the use of the till', async () => {
    const { session, cashier, autoLock } = await till('page')
    const handlers = sessionHandlers(session, autoLock)
    await session.signIn(cashier.id, '1357')
    for (let minute = 0; minute < 10; minute += 1) {
      await handlers['session.activity'](undefined as never, {} as never)
      vi.advanceTimersByTime(MINUTE)
    }
    expect(session.isLocked()).toBe(false)
  })

  it('presses in a cashier’s window are use; a pointer that moves, or the customer display, are not', () => {
    const cashierWindow = new EventEmitter()
    const display = new EventEmitter()
    const uses: string[] = []
    watchWindowInput(cashierWindow, 'cashier', () => uses.push('cashier'))
    watchWindowInput(display, 'customer-display', () => uses.push('display'))
    for (const type of ['mouseMove', 'mouseEnter', 'mouseLeave', 'keyUp', 'mouseUp'])
      cashierWindow.emit('input-event', {}, { type })
    expect(uses).toEqual([])
    for (const type of ['rawKeyDown', 'mouseDown', 'touchStart', 'mouseWheel']) {
      cashierWindow.emit('input-event', {}, { type })
      display.emit('input-event', {}, { type })
    }
    expect(uses).toEqual(['cashier', 'cashier', 'cashier', 'cashier'])
  })

  it('tells Settings whether an OS screen lock signs out here, and why not', async () => {
    const { power, autoLock } = await till()
    expect(autoLock.info()).toEqual({
      osScreenLock: 'signs_out',
      osScreenLockReason: null,
      osIdle: 'unknown',
    })
    power.watch = { state: 'unavailable', reason: 'no_logind' }
    expect(autoLock.info()).toMatchObject({
      osScreenLock: 'unavailable',
      osScreenLockReason: 'no_logind',
    })
  })

  it('signs out at once on an OS screen lock and on suspend', async () => {
    const { session, cashier, power } = await till()
    await session.signIn(cashier.id, '1357')
    for (const listener of power.lockListeners) listener()
    expect(session.state()).toMatchObject({ user: null, endedBy: 'os_lock' })

    await session.signIn(cashier.id, '1357')
    expect(session.state().endedBy).toBeNull()
    for (const listener of power.suspendListeners) listener()
    expect(session.state()).toMatchObject({ user: null, endedBy: 'suspend' })
  })

  it('stops listening when stopped', async () => {
    const { power, autoLock } = await till()
    autoLock.stop()
    expect(power.lockListeners.size).toBe(0)
    expect(power.suspendListeners.size).toBe(0)
  })

  it('unlocks only with the owner’s PIN, and a wrong one counts towards lockout', async () => {
    const { session, cashier, users } = await till()
    await session.signIn(cashier.id, '1357')
    vi.advanceTimersByTime(DEFAULT_IDLE_LIMITS.lockAfterMs.cashier)
    expect(session.isLocked()).toBe(true)
    await expect(session.unlock('24681357')).rejects.toMatchObject({ code: 'wrong_pin' })
    expect(session.isLocked()).toBe(true)
    await session.unlock('1357')
    expect(session.isLocked()).toBe(false)
    expect(session.current()?.id).toBe(cashier.id)
    expect(users.get(cashier.id).lockedUntil).toBeNull()
    // Unlocking restarts the idle clock.
    vi.advanceTimersByTime(DEFAULT_IDLE_LIMITS.lockAfterMs.cashier - 1_000)
    expect(session.isLocked()).toBe(false)
  })

  it('does nothing while nobody is signed in', async () => {
    const { session, events } = await till()
    vi.advanceTimersByTime(DEFAULT_IDLE_LIMITS.signOutAfterMs.cashier * 2)
    expect(session.state()).toMatchObject({ user: null, locked: null, endedBy: null })
    expect(events.filter(([name]) => name === 'session.locked')).toEqual([])
  })
})

describe('the idle time an admin chooses in Settings → Till', () => {
  it('locks after the chosen time, and a change applies without a restart', async () => {
    const { session, cashier, settings, autoLock } = await till()
    watchIdleLock(settings, (minutes) => autoLock.configure(minutes))
    settings.update((draft) => {
      draft.idleLock.cashier = 1
    })
    await session.signIn(cashier.id, '1357')
    vi.advanceTimersByTime(MINUTE)
    expect(session.state()).toMatchObject({ locked: { reason: 'idle' } })
    // The sign-out stays as much longer than the lock as before (10 minutes for a cashier).
    const grace =
      DEFAULT_IDLE_LIMITS.signOutAfterMs.cashier - DEFAULT_IDLE_LIMITS.lockAfterMs.cashier
    expect(Date.parse(session.state().locked?.signOutAt ?? '')).toBe(
      Date.parse('2026-03-02T09:00:00Z') + MINUTE + grace,
    )
    await session.unlock('1357')

    // The admin lengthens it to 10 minutes: the running AutoLock takes it at once.
    settings.update((draft) => {
      draft.idleLock.cashier = 10
    })
    expect(autoLock.limits.lockAfterMs.cashier).toBe(10 * MINUTE)
    expect(autoLock.limits.signOutAfterMs.cashier).toBe(10 * MINUTE + grace)
    vi.advanceTimersByTime(9 * MINUTE)
    expect(session.isLocked()).toBe(false)
    vi.advanceTimersByTime(MINUTE)
    expect(session.isLocked()).toBe(true)
  })

  it('never offers a lock longer than the role’s cap, nor none at all', () => {
    const store = new SettingsStore(memoryBackend())
    expect(() =>
      store.update((draft) => {
        draft.idleLock.admin = 6
      }),
    ).toThrow(/admin/)
    expect(() =>
      store.update((draft) => {
        draft.idleLock.cashier = 0
      }),
    ).toThrow(/cashier/)
    expect(store.get().idleLock).toEqual(DEFAULT_IDLE_LOCK)
  })

  it('a value out of bounds in a hand-edited file is refused: the default applies and the admin is told', async () => {
    const { backend, keychain } = await sealedTill()
    edit(backend, (raw) => {
      raw.idleLock = { cashier: 600, supervisor: 'never', admin: 0 }
    })
    const { settings, integrity } = await sealedBoot(backend, keychain)
    expect(settings.get().idleLock).toEqual(DEFAULT_IDLE_LOCK)
    expect(effectiveIdleLock(settings)).toEqual(DEFAULT_IDLE_LOCK)
    const findings = integrity.findings.list()
    expect(findings).toContainEqual(
      expect.objectContaining({
        area: 'settings',
        record: 'idle lock times',
        problem: expect.stringMatching(/cashier.*600.*1 to 15/i),
      }),
    )
    // The edit also breaks the seal over the till's authority settings.
    expect(settings.trust.authorityProblem).toMatch(/idle lock/)

    // An admin saving the settings writes valid times again and the finding goes.
    settings.update((draft) => void draft, { confirm: true })
    expect(integrity.findings.list()).toEqual([])
    expect(backend.raw().idleLock).toEqual(DEFAULT_IDLE_LOCK)
  })

  it('a hand-edited time within bounds fails the seal and can only make the lock sooner', async () => {
    const { backend, keychain } = await sealedTill()
    edit(backend, (raw) => {
      raw.idleLock = { cashier: 15, supervisor: 1, admin: 5 }
    })
    const { settings, integrity } = await sealedBoot(backend, keychain)
    expect(settings.trust.authorityProblem).toMatch(/idle lock/)
    expect(integrity.findings.list()).toContainEqual(
      expect.objectContaining({ area: 'settings', record: null }),
    )
    // Untrusted: never longer than the defaults, shorter where the file asks for less.
    expect(effectiveIdleLock(settings)).toEqual({ cashier: 5, supervisor: 1, admin: 2 })
  })

  it('an untouched file keeps the chosen time after a restart', async () => {
    const { backend, keychain } = await sealedTill()
    const { settings, integrity } = await sealedBoot(backend, keychain)
    expect(integrity.findings.list()).toEqual([])
    expect(effectiveIdleLock(settings)).toEqual({ ...DEFAULT_IDLE_LOCK, cashier: 1 })
  })

  it('a file sealed before the setting existed is still trusted, with the default times', async () => {
    const backend = memoryBackend()
    const keychain = new MemoryKeychain()
    const first = await sealedBoot(backend, keychain)
    await first.users.create({ name: 'Ada', role: 'admin', pin: '24681357' })
    await first.integrity.flushed()
    // What an older Tilldesk wrote: no idle times, the authority seal over the older fields.
    const raw = backend.raw() as RawSettings & {
      seals: { generation: number; authority: string }
      users: Array<{ id: string }>
    }
    delete raw.idleLock
    raw.seals.authority = first.integrity.till().seal('settings.v1', {
      generation: raw.seals.generation,
      environment: raw.environment,
      baseUrls: raw.baseUrls,
      keyIds: raw.keyIds,
      tillName: raw.tillName,
      userIds: raw.users.map((user) => user.id).sort(),
    })
    backend.write(raw as never)
    first.integrity
      .journal('till', 'settings')
      .anchor?.set({ seq: raw.seals.generation, hash: raw.seals.authority })
    await first.integrity.flushed()

    const { settings, integrity } = await sealedBoot(backend, keychain)
    expect(settings.trust.authorityProblem).toBeNull()
    expect(integrity.findings.list()).toEqual([])
    expect(effectiveIdleLock(settings)).toEqual(DEFAULT_IDLE_LOCK)
  })
})
