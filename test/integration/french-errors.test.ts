// Main's errors reach a French screen in French. Main words every refusal in English for its
// logs and names the same sentence in the catalogue with its values; the renderer's PosError
// (every screen's error) says it in the till's language. A wrong PIN, a refusal by role and a
// refusal by the shift's state arrived in English on a French till.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Envelope, WireError } from '../../common/ipc/contract'
import { USER_ROLES } from '../../common/ipc/contract'
import type { AppServices } from '../../main/compose/services'
import { englishIn } from '../support/english-words'
import { dispatcher, startServices } from '../support/services'

// The renderer's modules are typechecked with the DOM (tsconfig.web.json); this Node test loads
// the real ones at run time, as a window would, through a path TypeScript does not follow.
const RENDERER = '../../renderer'
const { applyLanguage, i18n } = (await import(`${RENDERER}/i18n`)) as {
  applyLanguage: (language: 'en' | 'fr') => void
  i18n: { exists: (key: string, options?: object) => boolean }
}
const { PosError } = (await import(`${RENDERER}/lib/pos`)) as {
  PosError: new (error: WireError) => {
    code: string
    message: string
    fields: Record<string, string>
  }
}

let services: AppServices
let dir: string
const { call, value } = dispatcher(() => services)
const PINS = { admin: '123456', bola: '2468' }
let bola = ''

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tilldesk-french-errors-'))
  services = await startServices(dir)
  await value('session.setup', { tillName: 'Caisse 1', adminName: 'Ada', pin: PINS.admin })
  bola = (
    await value<{ id: string }>('users.create', { name: 'Bola', role: 'cashier', pin: PINS.bola })
  ).id
  await value('appearance.set', { language: 'fr' })
  await value('session.signOut')
})

afterAll(async () => {
  await services?.stop()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

afterEach(() => applyLanguage('en'))

/** What a French screen shows for a failed call: PosError's message and field messages. */
async function frenchScreen(channel: string, input?: unknown) {
  const envelope = (await call(channel, input)) as Envelope<unknown>
  if (envelope.ok) throw new Error(`${channel} was expected to fail`)
  applyLanguage('fr')
  const error = new PosError(envelope.error)
  return { code: error.code, message: error.message, fields: error.fields }
}

describe('main’s errors on a French screen', () => {
  it('a wrong PIN, with the tries left and the field', async () => {
    const said = await frenchScreen('session.signIn', { userId: bola, pin: '1111' })
    expect(said.code).toBe('wrong_pin')
    expect(said.message).toBe('Code PIN erroné. Encore 4 essais avant le blocage du profil.')
    expect(said.fields).toEqual({ pin: 'Code PIN erroné.' })
    expect(englishIn(said.message)).toEqual([])
  })

  it('a refusal by role, and one by the shift’s state', async () => {
    await value('session.signIn', { userId: bola, pin: PINS.bola })
    const role = await frenchScreen('users.create', { name: 'Chidi', role: 'cashier', pin: '1357' })
    expect(role.code).toBe('forbidden_role')
    expect(role.message).toBe(
      'Seul un administrateur peut faire cela. Demandez à un administrateur de se connecter.',
    )
    const shift = await frenchScreen('shifts.xReport')
    expect(shift.message).toBe(
      'Aucun service n’est ouvert sur cette caisse. Ouvrez d’abord un service.',
    )
    for (const text of [role.message, shift.message]) expect(englishIn(text)).toEqual([])
  })
})

/** Every .ts file under a folder. */
function sources(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name)
    return statSync(path).isDirectory() ? sources(path) : path.endsWith('.ts') ? [path] : []
  })
}

describe('every key main names is in the catalogue', () => {
  it('literal keys, and the keys main builds from a role, a verb or a rule', () => {
    const named = new Set<string>()
    for (const file of sources('main')) {
      const text = readFileSync(file, 'utf8')
      // say: { key }, fieldSay: { field: { key } }, const say = { key }, CollectionsError's last.
      const keys = /(?:say: |say = |Say: \{ \w+: |undefined,\s*)\{\s*key: '([\w.]+)'/g
      for (const m of text.matchAll(keys)) named.add(m[1]!)
      for (const m of text.matchAll(/\bfail\([^)]*?,\s*'(\w+)',?\s*\)/g)) named.add(m[1]!)
    }
    for (const role of USER_ROLES) named.add(`onlyRole.${role}`).add(`pinTooShortNow.${role}`)
    for (const verb of ['approve', 'reject', 'decide']) {
      named.add(`checkerOnly.${verb}`)
      for (const made of ['created', 'edited']) named.add(`makerCannot.${made}.${verb}`)
    }
    // The update status's keys (main/updates): by phase, and each engine's reason.
    for (const key of ['none', 'devBuild', 'deb', 'paused', 'pausedDownloaded', 'checking'])
      named.add(`updates.${key}`)
    for (const phase of ['downloading', 'ready', 'installing', 'up_to_date', 'idle'])
      named.add(`updates.${phase}`)
    expect(named.size).toBeGreaterThan(60)
    const missing = [...named].filter(
      (key) =>
        !i18n.exists(`errors.${key}`, { lng: 'en' }) &&
        !i18n.exists(`errors.${key}_other`, { lng: 'en' }),
    )
    expect(missing).toEqual([])
  })
})
