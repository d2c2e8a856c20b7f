// A cashier who can copy and edit settings.json puts back an older copy of one staff record
// (with the seal it had then) after an admin changed it, or the whole older file, and restarts
// the till. Every change holds, or the profile is untrusted and the admin is told in words:
// a disable, a demotion, a PIN reset and a lockout cannot be undone from the files.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { IntegrityFinding } from '../../../common/ipc/settings'
import type { AppServices } from '../../../main/compose/services'
import { dispatcher, startServices } from '../../support/services'
import { MemoryKeychain } from '../../unit/shell/helpers'

const PINS = { ada: '246813', sade: '975318', bola: '2468' }
type Who = keyof typeof PINS
type RawFile = {
  users: Array<Record<string, unknown> & { id: string }>
  seals: { users: Record<string, string> } & Record<string, unknown>
}

let dir = ''
let keychain = new MemoryKeychain()
let services: AppServices | null = null
const ids: Record<Who, string> = { ada: '', sade: '', bola: '' }
const { value, code } = dispatcher(() => services!)

const file = () => join(dir, 'settings.json')
const readRaw = (): RawFile => JSON.parse(readFileSync(file(), 'utf8')) as RawFile

async function restart(): Promise<void> {
  await services?.stop()
  services = await startServices(dir, keychain)
}

const signIn = (who: Who, pin = PINS[who]) => code('session.signIn', { userId: ids[who], pin })

/** The admin's list of findings, read as the admin would (Settings → integrity). */
async function findings(): Promise<IntegrityFinding[]> {
  expect(await signIn('ada')).toBe('ok')
  return value<IntegrityFinding[]>('settings.integrity')
}

/** Puts `who`'s record and seal from `older` into the current file, as a cashier would. */
function splice(older: RawFile, who: Who): void {
  const current = readRaw()
  const id = ids[who]
  current.users = current.users.map((user) =>
    user.id === id ? older.users.find((u) => u.id === id)! : user,
  )
  current.seals.users[id] = older.seals.users[id]!
  writeFileSync(file(), JSON.stringify(current))
}

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tilldesk-splice-'))
  keychain = new MemoryKeychain()
  services = await startServices(dir, keychain)
  const setup = await value<{ user: { id: string } }>('session.setup', {
    tillName: 'Front',
    adminName: 'Ada',
    pin: PINS.ada,
  })
  ids.ada = setup.user.id
  ids.sade = (
    await value<{ id: string }>('users.create', {
      name: 'Sade',
      role: 'supervisor',
      pin: PINS.sade,
    })
  ).id
  ids.bola = (
    await value<{ id: string }>('users.create', { name: 'Bola', role: 'cashier', pin: PINS.bola })
  ).id
  await services.integrity.flushed()
})

afterEach(async () => {
  await services?.stop()
  services = null
  rmSync(dir, { recursive: true, force: true })
})

const staffFinding = (name: string) =>
  expect.objectContaining({
    area: 'staff',
    record: expect.stringContaining(`"${name}"`),
    problem: expect.stringMatching(/\w+ \w+/),
  })

describe('an older staff record spliced into the current settings file', () => {
  it('does not undo a disable', async () => {
    const older = readRaw()
    await value('users.update', { id: ids.bola, disabled: true })
    await restart()
    splice(older, 'bola')
    await restart()
    expect(await signIn('bola')).not.toBe('ok')
    expect(await findings()).toContainEqual(staffFinding('Bola'))
  })

  it('does not undo a demotion: the supervisor cannot approve as one', async () => {
    const older = readRaw()
    await value('users.update', { id: ids.sade, role: 'cashier' })
    await restart()
    splice(older, 'sade')
    await restart()
    const signedIn = await signIn('sade')
    if (signedIn === 'ok') {
      expect((await value<{ user: { role: string } }>('session.get')).user.role).toBe('cashier')
    }
    expect(
      await code('payouts.approve', { reference: 'x', pin: PINS.sade, bindingHash: 'x' }),
    ).not.toBe('ok')
    expect(await findings()).toContainEqual(staffFinding('Sade'))
  })

  it('does not undo a PIN reset: the old PIN no longer signs in', async () => {
    const older = readRaw()
    await value('users.setPin', { id: ids.bola, pin: '1357' })
    await restart()
    splice(older, 'bola')
    await restart()
    expect(await signIn('bola', PINS.bola)).not.toBe('ok')
    expect(await findings()).toContainEqual(staffFinding('Bola'))
  })

  it('does not reset a lockout or the count of wrong PINs', async () => {
    await value('session.signOut')
    const older = readRaw()
    for (let i = 0; i < 4; i += 1) expect(await signIn('bola', '0000')).toBe('wrong_pin')
    await services!.integrity.flushed()
    await restart()
    splice(older, 'bola')
    await restart()
    // With the counter back at zero, five more guesses would be allowed: the profile is not
    // honoured at all instead.
    expect(await signIn('bola', '0000')).toBe('integrity_failed')
    expect(await signIn('bola')).toBe('integrity_failed')
    expect(await findings()).toContainEqual(staffFinding('Bola'))
  })

  it('a locked profile stays locked when its older record is put back', async () => {
    await value('session.signOut')
    const older = readRaw()
    for (let i = 0; i < 5; i += 1) await signIn('bola', '0000')
    expect(await signIn('bola')).toBe('locked_out')
    await services!.integrity.flushed()
    await restart()
    splice(older, 'bola')
    await restart()
    expect(await signIn('bola')).not.toBe('ok')
    expect(await findings()).toContainEqual(staffFinding('Bola'))
  })
})

describe('the whole settings file put back from an older copy', () => {
  it('the disabled, demoted or locked-out profile is not honoured; the others still sign in', async () => {
    const older = readFileSync(file(), 'utf8')
    await value('users.update', { id: ids.bola, disabled: true })
    await value('users.update', { id: ids.sade, role: 'cashier' })
    await services!.integrity.flushed()
    await restart()
    writeFileSync(file(), older)
    await restart()
    expect(await signIn('bola')).not.toBe('ok')
    expect(await signIn('sade')).not.toBe('ok')
    const list = await findings()
    expect(list).toContainEqual(staffFinding('Bola'))
    expect(list).toContainEqual(staffFinding('Sade'))
    expect(list).toContainEqual(
      expect.objectContaining({ area: 'settings', problem: expect.stringMatching(/older copy/) }),
    )
  })
})
