// Tampering with the staff file, as a cashier who can edit every file the app writes: each
// change is detected on load and never honoured, and the admin is told which file and record.
// The device key and pepper live in an in-memory keychain here; test/keychain/ repeats the
// copied-file case against the real Secret Service.
import { describe, expect, it } from 'vitest'
import { AppError } from '../../../main/kernel/errors'
import type { RawSettings } from '../../../main/settings/migrations'
import { hashPin, verifyPin } from '../../../main/users/pin'
import { FAST_SCRYPT, MemoryKeychain, memoryBackend, sealedBoot } from '../shell/helpers'

type Backend = ReturnType<typeof memoryBackend>

async function till() {
  const backend = memoryBackend()
  const keychain = new MemoryKeychain()
  const first = await sealedBoot(backend, keychain)
  const admin = await first.users.create({ name: 'Ada', role: 'admin', pin: '246813' })
  const supervisor = await first.users.create({ name: 'Sade', role: 'supervisor', pin: '975318' })
  const cashier = await first.users.create({ name: 'Bola', role: 'cashier', pin: '2468' })
  await first.integrity.flushed()
  return { backend, keychain, admin, supervisor, cashier }
}

/** The cashier edits settings.json by hand. */
function edit(backend: Backend, change: (raw: RawSettings & { users: RawUser[] }) => void) {
  const raw = backend.raw() as RawSettings & { users: RawUser[] }
  change(raw)
  backend.write(raw as never)
}
type RawUser = { id: string; name: string; role: string; pinHash: string } & Record<string, unknown>

const codeOf = async (promise: Promise<unknown>): Promise<string> => {
  try {
    await promise
    return 'ok'
  } catch (error) {
    return error instanceof AppError ? error.code : `other: ${String(error)}`
  }
}

describe('staff records under a device key', () => {
  it('an untouched file signs in as before', async () => {
    const { backend, keychain, supervisor } = await till()
    const { users, integrity } = await sealedBoot(backend, keychain)
    expect((await users.verifyPin(supervisor.id, '975318')).role).toBe('supervisor')
    expect(integrity.findings.list()).toEqual([])
  })

  it('edit a role: the cashier who made themselves supervisor is refused, and the admin is told', async () => {
    const { backend, keychain, cashier } = await till()
    edit(backend, (raw) => {
      raw.users.find((u) => u.id === cashier.id)!.role = 'supervisor'
    })
    const { users, integrity } = await sealedBoot(backend, keychain)
    expect(await codeOf(users.verifyPin(cashier.id, '2468'))).toBe('integrity_failed')
    expect(integrity.findings.list()).toContainEqual(
      expect.objectContaining({
        area: 'staff',
        file: backend.path,
        record: `staff profile "Bola" (${cashier.id})`,
      }),
    )
  })

  it('swap a PIN hash: a hash of a PIN the cashier knows does not approve as the supervisor', async () => {
    const { backend, keychain, supervisor } = await till()
    const known = await hashPin('111111', FAST_SCRYPT)
    edit(backend, (raw) => {
      raw.users.find((u) => u.id === supervisor.id)!.pinHash = known
    })
    const { users } = await sealedBoot(backend, keychain)
    expect(await codeOf(users.verifyPin(supervisor.id, '111111'))).toBe('integrity_failed')
  })

  it('add a staff record: a hand-made supervisor is never honoured, and Live payouts stop', async () => {
    const { backend, keychain } = await till()
    const pinHash = await hashPin('111111', FAST_SCRYPT)
    edit(backend, (raw) => {
      raw.users.push({
        ...raw.users[0]!,
        id: 'u_feedfeedfeedfeed',
        name: 'Mallory',
        role: 'supervisor',
        pinHash,
      })
    })
    const { users, integrity } = await sealedBoot(backend, keychain)
    expect(await codeOf(users.verifyPin('u_feedfeedfeedfeed', '111111'))).toBe('integrity_failed')
    expect(() => integrity.requireProtected('live')).toThrow(/Payouts in Live are off/)
    expect(integrity.findings.list().map((f) => f.area)).toEqual(['settings', 'staff'])
  })

  it('an older copy of the file (an old PIN the cashier knew) is caught by the head in the keychain', async () => {
    const { backend, keychain, supervisor, admin } = await till()
    const older = backend.raw()
    const second = await sealedBoot(backend, keychain)
    await second.users.setPin(supervisor.id, '864200', supervisor.id)
    await second.integrity.flushed()
    backend.write(older as never)
    const { integrity, users } = await sealedBoot(backend, keychain)
    expect(() => integrity.requireProtected('sandbox')).toThrow(/older copy/)
    // An admin who has looked saves the settings again, which lifts the block.
    const third = await sealedBoot(backend, keychain)
    await users.verifyPin(admin.id, '246813')
    third.settings.update((draft) => void (draft.tillName = 'Front'), { confirm: true })
    expect(() => third.integrity.requireProtected('sandbox')).not.toThrow()
  })

  it('an emptied staff file does not offer a fresh set-up', async () => {
    const { backend, keychain } = await till()
    edit(backend, (raw) => {
      raw.users = []
      raw.seals = null
    })
    const { users } = await sealedBoot(backend, keychain)
    expect(await codeOf(users.create({ name: 'Eve', role: 'admin', pin: '123456' }))).toBe(
      'integrity_failed',
    )
  })

  it('removing a tampered profile clears the finding; it is never re-sealed by other writes', async () => {
    const { backend, keychain, cashier, admin } = await till()
    edit(backend, (raw) => {
      raw.users.find((u) => u.id === cashier.id)!.role = 'admin'
    })
    const { users, integrity } = await sealedBoot(backend, keychain)
    await users.verifyPin(admin.id, '246813')
    // Another write (a lockout counter) leaves the tampered record unsealed.
    await codeOf(users.verifyPin(admin.id, '000000'))
    expect(
      await codeOf((await sealedBoot(backend, keychain)).users.verifyPin(cashier.id, '2468')),
    ).toBe('integrity_failed')
    users.remove(admin.id, cashier.id)
    expect(integrity.findings.list().filter((f) => f.area === 'staff')).toEqual([])
  })
})

describe('PINs peppered from the keychain', () => {
  it('a copied staff file without the keychain cannot check a PIN', async () => {
    const { backend, supervisor } = await till()
    const copied = backend.raw() as { users: RawUser[] }
    const hash = copied.users.find((u) => u.id === supervisor.id)!.pinHash
    expect(hash).toMatch(/^pscrypt\$/)
    expect(await verifyPin('975318', hash)).toBe(false)
    // Another machine's keychain has another pepper.
    const elsewhere = await sealedBoot(memoryBackend(copied as RawSettings), new MemoryKeychain())
    expect(await verifyPin('975318', hash, elsewhere.integrity.pepper())).toBe(false)
  })

  it('an older hash with the pepper but a cheaper scrypt migrates at the next good sign-in', async () => {
    const { backend, keychain, cashier } = await till()
    const first = await sealedBoot(backend, keychain)
    const cheaper = await hashPin('2468', { N: 512, r: 8, p: 1 }, first.integrity.pepper())
    // What an older Tilldesk wrote with a cheaper cost: sealed, peppered, N=2^9.
    first.settings.update((draft) => {
      draft.users.find((u) => u.id === cashier.id)!.pinHash = cheaper
    })
    await first.integrity.flushed()
    const { users } = await sealedBoot(backend, keychain)
    expect((await users.verifyPin(cashier.id, '2468')).name).toBe('Bola')
    const stored = (backend.raw() as { users: RawUser[] }).users.find((u) => u.id === cashier.id)
    expect(stored?.pinHash).toMatch(/^pscrypt\$1024\$8\$1\$/)
  })

  it('a PIN kept without the pepper (an older till) was exposed: it must be changed at the next sign-in', async () => {
    const legacy = await hashPin('2468', { N: 512, r: 8, p: 1 })
    const backend = legacyTill(legacy)
    const keychain = new MemoryKeychain()
    const { users } = await sealedBoot(backend, keychain)
    const id = 'u_0123456789abcdef'
    // The right PIN: not signed in, asked for a new one (wrong PINs still count as wrong).
    expect(await codeOf(users.verifyPin(id, '1111'))).toBe('wrong_pin')
    expect(await codeOf(users.verifyPin(id, '2468'))).toBe('pin_change_required')
    expect((backend.raw() as { users: RawUser[] }).users[0]!.failedAttempts).toBe(0)
    // Still asked after a restart: the old, crackable PIN never becomes a peppered one.
    const again = await sealedBoot(backend, keychain)
    expect(await codeOf(again.users.verifyPin(id, '2468'))).toBe('pin_change_required')
    expect((backend.raw() as { users: RawUser[] }).users[0]!.pinHash).toBe(legacy)
    // Not the same PIN again, and only with the current one.
    expect(await codeOf(again.users.replaceShortPin(id, '2468', '2468'))).toBe('pin_unchanged')
    expect(await codeOf(again.users.replaceShortPin(id, '0000', '1357'))).toBe('wrong_pin')
    await again.users.replaceShortPin(id, '2468', '1357')
    const stored = (backend.raw() as { users: RawUser[] }).users[0]!.pinHash
    expect(stored).toMatch(/^pscrypt\$/)
    expect((await again.users.verifyPin(id, '1357')).name).toBe('Bola')
    expect(await codeOf(again.users.verifyPin(id, '2468'))).toBe('wrong_pin')
    // Once changed, the way round sign-in is closed again.
    expect(await codeOf(again.users.replaceShortPin(id, '1357', '8642'))).toBe('pin_long_enough')
  })

  it('without a keychain (Demo) plain PINs are all there is: no change is asked', async () => {
    const legacy = await hashPin('2468', { N: 512, r: 8, p: 1 })
    const keychain = new MemoryKeychain()
    keychain.available = false
    const { users } = await sealedBoot(legacyTill(legacy), keychain)
    expect((await users.verifyPin('u_0123456789abcdef', '2468')).name).toBe('Bola')
  })
})

/** A settings file from before seals and the pepper, with one cashier and `pinHash`. */
function legacyTill(pinHash: string) {
  return memoryBackend({
    schemaVersion: 1,
    environment: 'demo',
    baseUrls: { sandbox: null, live: null },
    keyIds: { demo: null, sandbox: null, live: null },
    pollIntervals: { waitingMs: 1000, backgroundMs: 15000, outboxMs: 5000, healthMs: 15000 },
    tillName: 'Till 1',
    users: [
      {
        id: 'u_0123456789abcdef',
        name: 'Bola',
        role: 'cashier',
        pinHash,
        disabled: false,
        failedAttempts: 0,
        lockouts: 0,
        lockedUntil: null,
        createdAt: '2025-01-06T09:00:00.000Z',
      },
    ],
  })
}

describe('supervisor and admin PINs have at least 6 digits', () => {
  it('refuses a short PIN for a supervisor or admin, not for a cashier', async () => {
    const { users } = await sealedBoot(memoryBackend(), new MemoryKeychain())
    expect(await codeOf(users.create({ name: 'Ada', role: 'admin', pin: '1234' }))).toBe(
      'pin_too_short',
    )
    await users.create({ name: 'Ada', role: 'admin', pin: '123456' })
    expect(await codeOf(users.create({ name: 'Sade', role: 'supervisor', pin: '12345' }))).toBe(
      'pin_too_short',
    )
    expect(await codeOf(users.create({ name: 'Bola', role: 'cashier', pin: '1234' }))).toBe('ok')
  })

  it('an existing short supervisor PIN must be replaced at the next sign-in', async () => {
    const { backend, keychain, admin, cashier } = await till()
    const first = await sealedBoot(backend, keychain)
    first.users.update(admin.id, { id: cashier.id, role: 'supervisor' })
    const { users } = await sealedBoot(backend, keychain)
    expect(await codeOf(users.verifyPin(cashier.id, '2468'))).toBe('pin_change_required')
    expect(await codeOf(users.replaceShortPin(cashier.id, '2468', '1357'))).toBe('pin_too_short')
    expect(await codeOf(users.replaceShortPin(cashier.id, '0000', '135790'))).toBe('wrong_pin')
    await users.replaceShortPin(cashier.id, '2468', '135790')
    expect((await users.verifyPin(cashier.id, '135790')).role).toBe('supervisor')
    // Not a way around sign-in for anyone whose PIN is long enough.
    expect(await codeOf(users.replaceShortPin(cashier.id, '135790', '246800'))).toBe(
      'pin_long_enough',
    )
  })
})
