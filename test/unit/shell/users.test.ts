import { describe, expect, it } from 'vitest'
import { AppError } from '../../../main/kernel/errors'
import { EventBus } from '../../../main/kernel/events'
import { SettingsStore } from '../../../main/settings/store'
import { DEFAULT_SCRYPT, hashPin, verifyPin } from '../../../main/users/pin'
import { UsersService, DEFAULT_LOCKOUT } from '../../../main/users/users'
import { FAST_SCRYPT, memoryBackend } from './helpers'

function setup() {
  let now = Date.parse('2025-01-06T09:00:00Z')
  const backend = memoryBackend()
  const settings = new SettingsStore(backend)
  const events: string[] = []
  const bus = new EventBus()
  bus.subscribe((name) => events.push(name))
  const users = new UsersService({ settings, emit: bus.emit, now: () => now, scrypt: FAST_SCRYPT })
  return {
    users,
    settings,
    backend,
    events,
    advance: (ms: number) => {
      now += ms
    },
  }
}

const codeOf = async (promise: Promise<unknown>): Promise<string> => {
  try {
    await promise
    return 'resolved'
  } catch (error) {
    return error instanceof AppError ? error.code : `other: ${String(error)}`
  }
}

describe('PIN hashing', () => {
  it('stores a self-describing scrypt hash that verifies only the right PIN', async () => {
    const hash = await hashPin('4821', FAST_SCRYPT)
    expect(hash).toMatch(/^scrypt\$1024\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/)
    expect(hash).not.toContain('4821')
    expect(await verifyPin('4821', hash)).toBe(true)
    expect(await verifyPin('4822', hash)).toBe(false)
    expect(await verifyPin('', hash)).toBe(false)
  })

  it('salts every hash', async () => {
    const [a, b] = await Promise.all([hashPin('1234', FAST_SCRYPT), hashPin('1234', FAST_SCRYPT)])
    expect(a).not.toBe(b)
    expect(await verifyPin('1234', a)).toBe(true)
    expect(await verifyPin('1234', b)).toBe(true)
  })

  it('never matches a malformed or tampered hash', async () => {
    const good = await hashPin('1234', FAST_SCRYPT)
    const parts = good.split('$')
    expect(await verifyPin('1234', 'plain-1234')).toBe(false)
    expect(await verifyPin('1234', parts.slice(0, 5).join('$'))).toBe(false)
    expect(await verifyPin('1234', [...parts.slice(0, 5), 'AAAA'].join('$'))).toBe(false)
    expect(
      await verifyPin('1234', ['scrypt', '99999999', '8', '1', parts[4], parts[5]].join('$')),
    ).toBe(false)
  })

  it('uses production parameters by default', () => {
    expect(DEFAULT_SCRYPT).toEqual({ N: 32768, r: 8, p: 1 })
  })
})

describe('users and lockout', () => {
  it('creates profiles without exposing the PIN hash', async () => {
    const { users, backend } = setup()
    const admin = await users.create({ name: 'Ada', role: 'admin', pin: '123456' })
    expect(admin).toEqual({
      id: expect.stringMatching(/^u_[a-f0-9]{16}$/),
      name: 'Ada',
      role: 'admin',
      disabled: false,
      lockedUntil: null,
      createdAt: '2025-01-06T09:00:00.000Z',
    })
    expect(JSON.stringify(users.list())).not.toContain('scrypt')
    expect(JSON.stringify(backend.raw())).not.toContain('"1234"')
  })

  it('refuses a second profile with the same name, case-insensitively', async () => {
    const { users } = setup()
    await users.create({ name: 'Ada', role: 'admin', pin: '123456' })
    expect(await codeOf(users.create({ name: 'ada', role: 'cashier', pin: '1234' }))).toBe(
      'name_taken',
    )
  })

  it('counts wrong PINs down, then locks for the base period', async () => {
    const { users, advance } = setup()
    const cashier = await users.create({ name: 'Bola', role: 'cashier', pin: '2468' })
    const messages: string[] = []
    for (let attempt = 1; attempt < DEFAULT_LOCKOUT.maxAttempts; attempt++) {
      const error = await users.verifyPin(cashier.id, '0000').catch((e: AppError) => e)
      expect(error).toBeInstanceOf(AppError)
      expect((error as AppError).code).toBe('wrong_pin')
      messages.push((error as AppError).message)
    }
    expect(messages[0]).toContain('4 tries left')
    expect(messages.at(-1)).toContain('1 try left')
    const locking = await users.verifyPin(cashier.id, '0000').catch((e: AppError) => e)
    expect((locking as AppError).code).toBe('locked_out')
    expect((locking as AppError).message).toContain('5 minutes')
    expect(users.get(cashier.id).lockedUntil).toBe('2025-01-06T09:05:00.000Z')

    // While locked even the right PIN is refused, and does not reset anything.
    expect(await codeOf(users.verifyPin(cashier.id, '2468'))).toBe('locked_out')
    advance(4 * 60_000)
    expect(await codeOf(users.verifyPin(cashier.id, '2468'))).toBe('locked_out')
    advance(60_000 + 1)
    expect((await users.verifyPin(cashier.id, '2468')).lockedUntil).toBeNull()
  })

  it('doubles the lock after each lockout without a good sign-in, up to the maximum', async () => {
    const { users, advance } = setup()
    const cashier = await users.create({ name: 'Bola', role: 'cashier', pin: '2468' })
    const lockOnce = async () => {
      for (let attempt = 0; attempt < DEFAULT_LOCKOUT.maxAttempts; attempt++) {
        await users.verifyPin(cashier.id, '0000').catch(() => undefined)
      }
      const until = Date.parse(users.get(cashier.id).lockedUntil ?? '')
      return until
    }
    const start = Date.parse('2025-01-06T09:00:00Z')
    const first = await lockOnce()
    expect(first - start).toBe(5 * 60_000)
    advance(first - start + 1)
    const second = await lockOnce()
    expect(second - (first + 1)).toBe(10 * 60_000)
    advance(second - first)
    const third = await lockOnce()
    expect(third - (second + 1)).toBe(20 * 60_000)
  })

  it('counts parallel guesses one by one, so they cannot outrun the lockout', async () => {
    const { users } = setup()
    const cashier = await users.create({ name: 'Bola', role: 'cashier', pin: '2468' })
    const guesses = Array.from({ length: 12 }, (_, i) =>
      users.verifyPin(cashier.id, String(1000 + i)),
    )
    const codes = await Promise.all(guesses.map((guess) => codeOf(guess)))
    expect(codes.filter((code) => code === 'wrong_pin')).toHaveLength(
      DEFAULT_LOCKOUT.maxAttempts - 1,
    )
    expect(codes.filter((code) => code === 'locked_out')).toHaveLength(
      12 - (DEFAULT_LOCKOUT.maxAttempts - 1),
    )
    expect(await codeOf(users.verifyPin(cashier.id, '2468'))).toBe('locked_out')
  })

  it('lets an admin unlock, and a new PIN lifts the lock too', async () => {
    const { users } = setup()
    const cashier = await users.create({ name: 'Bola', role: 'cashier', pin: '2468' })
    for (let attempt = 0; attempt < DEFAULT_LOCKOUT.maxAttempts; attempt++) {
      await users.verifyPin(cashier.id, '0000').catch(() => undefined)
    }
    expect(users.get(cashier.id).lockedUntil).not.toBeNull()
    users.unlock(cashier.id)
    expect((await users.verifyPin(cashier.id, '2468')).id).toBe(cashier.id)

    for (let attempt = 0; attempt < DEFAULT_LOCKOUT.maxAttempts; attempt++) {
      await users.verifyPin(cashier.id, '0000').catch(() => undefined)
    }
    await users.setPin(cashier.id, '1357', cashier.id)
    expect(await codeOf(users.verifyPin(cashier.id, '2468'))).toBe('wrong_pin')
    expect((await users.verifyPin(cashier.id, '1357')).name).toBe('Bola')
  })

  it('resets the failure count after a good PIN', async () => {
    const { users } = setup()
    const cashier = await users.create({ name: 'Bola', role: 'cashier', pin: '2468' })
    for (let attempt = 0; attempt < DEFAULT_LOCKOUT.maxAttempts - 1; attempt++) {
      await users.verifyPin(cashier.id, '0000').catch(() => undefined)
    }
    await users.verifyPin(cashier.id, '2468')
    expect(await codeOf(users.verifyPin(cashier.id, '0000'))).toBe('wrong_pin')
  })

  it('refuses disabled profiles and keeps lockout across a restart (it is in settings)', async () => {
    const { users, settings } = setup()
    const admin = await users.create({ name: 'Ada', role: 'admin', pin: '123456' })
    const cashier = await users.create({ name: 'Bola', role: 'cashier', pin: '2468' })
    users.update(admin.id, { id: cashier.id, disabled: true })
    expect(await codeOf(users.verifyPin(cashier.id, '2468'))).toBe('user_disabled')
    users.update(admin.id, { id: cashier.id, disabled: false })
    for (let attempt = 0; attempt < DEFAULT_LOCKOUT.maxAttempts; attempt++) {
      await users.verifyPin(cashier.id, '0000').catch(() => undefined)
    }
    const stored = settings.get().users.find((user) => user.id === cashier.id)
    expect(stored?.lockedUntil).not.toBeNull()
  })

  it('always keeps one active admin, and never lets you remove or disable yourself', async () => {
    const { users } = setup()
    const admin = await users.create({ name: 'Ada', role: 'admin', pin: '123456' })
    const supervisor = await users.create({ name: 'Chidi', role: 'supervisor', pin: '135790' })
    expect(
      await codeOf(
        Promise.resolve().then(() =>
          users.update(supervisor.id, { id: admin.id, role: 'cashier' }),
        ),
      ),
    ).toBe('last_admin')
    expect(await codeOf(Promise.resolve().then(() => users.remove(admin.id, admin.id)))).toBe(
      'cannot_remove_self',
    )
    expect(await codeOf(Promise.resolve().then(() => users.remove(supervisor.id, admin.id)))).toBe(
      'last_admin',
    )
    expect(
      await codeOf(
        Promise.resolve().then(() => users.update(admin.id, { id: admin.id, disabled: true })),
      ),
    ).toBe('cannot_disable_self')
    users.update(admin.id, { id: supervisor.id, role: 'admin' })
    users.update(supervisor.id, { id: admin.id, role: 'cashier' })
    expect(users.get(admin.id).role).toBe('cashier')
  })

  it('changes your own PIN only with the current one', async () => {
    const { users } = setup()
    const cashier = await users.create({ name: 'Bola', role: 'cashier', pin: '2468' })
    expect(await codeOf(users.changeOwnPin(cashier.id, '1111', '9999'))).toBe('wrong_pin')
    await users.changeOwnPin(cashier.id, '2468', '9999')
    expect((await users.verifyPin(cashier.id, '9999')).id).toBe(cashier.id)
  })

  it('announces every change to the windows', async () => {
    const { users, events } = setup()
    await users.create({ name: 'Ada', role: 'admin', pin: '123456' })
    expect(events).toContain('users.changed')
  })
})
