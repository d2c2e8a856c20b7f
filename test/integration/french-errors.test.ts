// Main's errors reach a French screen in French. Main words every refusal in English for its
// logs and names the same sentence in the catalogue with its values; the renderer's PosError
// (every screen's error) says it in the till's language. A wrong PIN, a refusal by role and a
// refusal by the shift's state arrived in English on a French till; so did a payout's and a
// refund's refusals, a damaged settings file, a field the contract refused, a Z-report's
// warnings, and the mandate form's own checks; and Settings' integrity findings of a tampered
// staff record, tampered settings and a damaged journal.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Envelope, WireError } from '../../common/ipc/contract'
import { USER_ROLES } from '../../common/ipc/contract'
import type { IntegrityFinding } from '../../common/ipc/settings'
import type { ShiftReport } from '../../common/ipc/shifts'
import { warningSaid } from '../../common/words/report-warnings'
import type { AppServices } from '../../main/compose/services'
import { english, type AppError } from '../../main/kernel/errors'
import { validateMandateForm } from '../../main/mandates/mandate-rules'
import { noteSaid } from '../../main/payouts/audit'
import { NOTES, type NoteKind } from '../../main/payouts/stateMachine'
import { versionOf } from '../../main/settings/migrations'
import { emptyActivity } from '../../main/shifts/activity'
import { reportCsv } from '../../main/shifts/csv'
import { shiftFigures } from '../../main/shifts/figures'
import { until } from '../support/async'
import { englishIn } from '../support/english-words'
import { keysNamed } from '../support/main-errors'
import { dispatcher, startServices } from '../support/services'
import { MemoryKeychain } from '../unit/shell/helpers'

// The renderer's modules are typechecked with the DOM (tsconfig.web.json); this Node test loads
// the real ones at run time, as a window would, through a path TypeScript does not follow.
const RENDERER = '../../renderer'
const { applyLanguage, i18n } = (await import(`${RENDERER}/i18n`)) as {
  applyLanguage: (language: 'en' | 'fr') => void
  i18n: { exists: (key: string, options?: object) => boolean }
}
const { saySaid } = (await import(`${RENDERER}/i18n/errors`)) as {
  saySaid: (said: WireError['say'], english: string) => string
}
const { auditWords } = (await import(`${RENDERER}/screens/Payouts/words`)) as {
  auditWords: (entry: { what: string; whatSay?: WireError['say'] }) => { what: string }
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
  const users = await value<Array<{ id: string; role: string }>>('users.list')
  adminId = users.find((u) => u.role === 'admin')!.id
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

/** What a French screen shows for an error main threw. */
function frenchOf(error: unknown) {
  applyLanguage('fr')
  const said = new PosError((error as AppError).toWire())
  return { code: said.code, message: said.message, fields: said.fields }
}

describe('each family of main’s refusals on a French screen', () => {
  it('a payout refusal and a refund refusal', async () => {
    await value('session.signIn', { userId: bola, pin: PINS.bola })
    const payout = await frenchScreen('payouts.audit')
    expect(payout.code).toBe('forbidden_role')
    expect(payout.message).toBe(
      'Seul un superviseur peut voir tout le journal d’audit ; ouvrez un versement pour voir son historique.',
    )
    await value('session.signOut')
    await value('session.signIn', { userId: admin(), pin: PINS.admin })
    const refund = await frenchScreen('refunds.decideOutcome', {
      reference: 'RF_NOT_MINE',
      pin: PINS.admin,
      reason: 'Vu sur le relevé',
      outcome: 'not_refunded',
    })
    expect(refund.code).toBe('wrong_state')
    expect(refund.message).toBe(
      'Seul un remboursement au résultat inconnu peut être marqué comme effectué ou non effectué.',
    )
    await value('session.signOut')
    for (const text of [payout.message, refund.message]) expect(englishIn(text)).toEqual([])
  })

  it('a damaged settings file, with what to do', () => {
    let thrown: unknown
    try {
      versionOf({ schemaVersion: 'two' })
    } catch (error) {
      thrown = error
    }
    const said = frenchOf(thrown)
    expect(said.code).toBe('settings_corrupt')
    expect(said.message).toBe(
      'Le fichier des paramètres a une version (schemaVersion) non valable. Restaurez-le depuis une sauvegarde, ou supprimez-le pour repartir de zéro.',
    )
    expect(englishIn(said.message)).toEqual([])
  })

  it('a field the contract refuses (zod), beside its field', async () => {
    await value('session.signIn', { userId: admin(), pin: PINS.admin })
    const said = await frenchScreen('users.create', { name: '   ', role: 'cashier', pin: '1357' })
    await value('session.signOut')
    expect(said.code).toBe('invalid_input')
    expect(said.fields).toEqual({ name: 'Saisissez un nom.' })
    expect(said.message).toBe('Saisissez un nom.')
    const typed = await frenchScreen('session.signIn', { userId: 7, pin: '1111' })
    expect(typed.code).toBe('invalid_input')
    for (const text of [said.message, typed.message]) expect(englishIn(text)).toEqual([])
  })

  it('a mandate form’s own check beside its field, with the day in French', () => {
    const form = validateMandateForm(
      {
        customerName: 'Okafor Adaeze',
        customerEmail: 'ada@example.com',
        accountNumber: '0123456789',
        bankCode: '044',
        startDate: '2025-02-01',
        endDate: '2025-02-10',
        maxMonthlyAmount: '50000',
        maxMonthlyDebitCount: '3',
        currency: 'NGN',
      },
      '2025-01-15',
      null,
    )
    expect(form.ok).toBe(false)
    if (form.ok) return
    expect(form.fields.endDate).toBe(
      'The mandate must run at least 30 days: end on 3 Mar 2025 or later.',
    )
    applyLanguage('fr')
    const onScreen = saySaid(form.fieldSay.endDate, form.fields.endDate!)
    expect(onScreen).toMatch(/^Le mandat doit durer au moins 30 jours : terminez-le le 3 mars 2025/)
    expect(englishIn(onScreen)).toEqual([])
  })

  it('a Z-report’s warning, on the screen and in the CSV', () => {
    // As main/shifts/sources.ts words it when a journal fails its check.
    const warning =
      'Payouts could not be read or did not pass their check (a line that is not readable); they are left out of this report.'
    applyLanguage('fr')
    const onScreen = saySaid(warningSaid(warning), warning)
    expect(onScreen).toBe(
      'Les versements n’ont pas pu être lus ou n’ont pas passé leur contrôle : ils sont laissés hors de ce rapport. Un administrateur doit consulter Paramètres → Intégrité.',
    )
    expect(englishIn(onScreen)).toEqual([])
    const csv = reportCsv(zReportWith([warning]), 'fr')
    expect(csv.startsWith('\uFEFFsection,caissier,ligne,nombre,devise,montant,')).toBe(true)
    expect(csv).toContain(onScreen)
    expect(csv).toContain('Rapport Z')
    // Each source the report reads is named in French, direct debits' too.
    const debits =
      'Direct debits could not be read or did not pass their check; they are left out of this report.'
    expect(saySaid(warningSaid(debits), debits)).toMatch(/^Les prélèvements n’ont pas pu être lus/)
  })
})

describe('Settings’ integrity findings on a French screen', () => {
  it('a tampered staff record, tampered settings and a damaged journal say what and what to do', async () => {
    const own = mkdtempSync(join(tmpdir(), 'tilldesk-french-findings-'))
    const keychain = new MemoryKeychain()
    let till = await startServices(own, keychain)
    const { value: ask } = dispatcher(() => till)
    try {
      await ask('session.setup', { tillName: 'Caisse 2', adminName: 'Ada', pin: PINS.admin })
      const ada = (await ask<Array<{ id: string }>>('users.list'))[0]!.id
      await ask('users.create', { name: 'Bola', role: 'cashier', pin: PINS.bola })
      await ask('payments.start', { email: 'awa@example.com', amount: '1500', currency: 'NGN' })
      await till.stop()

      // As a cashier with the files would: a promotion and a new till name typed into the
      // settings file, and a payment's line of the Demo journal edited.
      const settingsFile = join(own, 'settings.json')
      const raw = JSON.parse(readFileSync(settingsFile, 'utf8')) as {
        tillName: string
        users: Array<{ name: string; role: string }>
      }
      raw.users.find((user) => user.name === 'Bola')!.role = 'supervisor'
      raw.tillName = 'Caisse pirate'
      writeFileSync(settingsFile, JSON.stringify(raw))
      const journal = filesUnder(own).find((path) => /[/\\]payments\.json$/.test(path))!
      const before = readFileSync(journal, 'utf8')
      expect(before).toContain('150000')
      writeFileSync(journal, before.replace('150000', '950000'))

      till = await startServices(own, keychain)
      await ask('session.signIn', { userId: ada, pin: PINS.admin })
      await ask('payments.recent')
      // Each store reports as it loads; the payments journal when Payments is first read.
      const findings = await until('the three findings', async () => {
        const list = await ask<IntegrityFinding[]>('settings.integrity')
        const areas = new Set(list.map((f) => f.area))
        return ['staff', 'settings', 'payments'].every((a) => areas.has(a as never)) && list
      })
      applyLanguage('fr')
      const onScreen = (area: string) => {
        const finding = findings.find((f) => f.area === area)
        expect(finding, area).toBeDefined()
        const f = finding!
        return [
          f.record ? saySaid(f.recordSay, f.record) : '',
          saySaid(f.problemSay, f.problem),
          saySaid(f.consequenceSay, f.consequence),
        ]
      }
      const staff = onScreen('staff')
      expect(staff[0]).toMatch(/^profil du personnel « Bola » \(/)
      expect(staff[1]).toMatch(/^Ce profil ne correspond pas à son sceau/)
      expect(staff[2]).toMatch(/^Tilldesk ne laisse ce profil ni se connecter ni rien approuver/)
      const settings = onScreen('settings')
      expect(settings[1]).toMatch(/^L’environnement, les URL de base/)
      expect(settings[2]).toMatch(/^Rien n’est envoyé à la passerelle en Bac à sable ou en Réel/)
      const payments = onScreen('payments')
      expect(payments[1]).toBe('Le journal « paiements » (Démo) n’a pas passé son contrôle.')
      expect(payments[2]).toMatch(/^Tilldesk a cessé d’utiliser ce journal/)
      // The engineer's detail (which line, what failed) stays in main's English and the log.
      const english = findings.find((f) => f.area === 'payments')!
      expect(english.problem).toMatch(
        /^The payments journal for demo did not pass its check\. Here: .+\.$/,
      )
      // A person's name and id are not words of a language (an id like u_0be3… reads "be").
      const words = (text: string) => text.replace(/\bu_\w+/g, ' ')
      for (const text of [...staff, ...settings, ...payments])
        expect(englishIn(words(text))).toEqual([])
    } finally {
      await till.stop()
      rmSync(own, { recursive: true, force: true })
    }
  })
})

describe('a payout audit log’s notes on a French screen', () => {
  it('a gateway call, held or failed, and a status seen: main’s English read back, said in French', () => {
    const held = english({ key: 'payouts.gw.held' })
    const cantReach = english({ key: 'payouts.gw.cantReach' })
    // As main/payouts/sender.ts and payout-store.ts write them into the journal.
    const notes: Array<[NoteKind, string, string]> = [
      [
        'attempt',
        'Attempt 2 is being sent with the same reference.',
        'La tentative 2 est envoyée avec la même référence.',
      ],
      [
        'attempt',
        `Attempt 3 was not sent. ${held}`,
        'La tentative 3 n’a pas été envoyée. La passerelle a demandé à Tilldesk d’attendre avant d’envoyer d’autres versements ; celui-ci part une fois ce délai passé.',
      ],
      ['attempt', `Attempt 2: ${cantReach}`, /^Tentative 2 : /],
      ['statusSeen', cantReach, /^Statut donné par la passerelle : /],
      [
        'shopDecision',
        'Approval by Sade on Kiosk: too late',
        'Décision d’une autre caisse non appliquée : Approval by Sade on Kiosk: too late',
      ],
    ].map(([note, text, french]) => [note as NoteKind, text as string, french as never])
    for (const [note, text, french] of notes) {
      const what = note === 'attempt' ? text : `${NOTES[note]}: ${text}`
      const entry = { what, whatSay: noteSaid(note, text) }
      expect(entry.whatSay, text).toBeDefined()
      applyLanguage('en')
      expect(auditWords(entry).what).toBe(what)
      applyLanguage('fr')
      const onScreen = auditWords(entry).what
      if (typeof french === 'string') expect(onScreen).toBe(french)
      else expect(onScreen).toMatch(french)
      // Another till's decision is quoted as that till wrote it; the rest is French.
      if (note !== 'shopDecision') expect(englishIn(onScreen), onScreen).toEqual([])
    }
  })
})

/** Every file under a folder. */
function filesUnder(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name)
    return statSync(path).isDirectory() ? filesUnder(path) : [path]
  })
}

/** A Z-report with nothing counted and these warnings. */
function zReportWith(warnings: string[]): ShiftReport {
  const { counted: _counted, ...figures } = shiftFigures(emptyActivity(), {
    counted: new Set<string>(),
    legacyUntilMs: null,
  })
  const at = '2026-11-27T08:00:00.000Z'
  return {
    kind: 'z',
    shift: {
      id: 'sh_french01',
      state: 'closed',
      till: 'Caisse 1',
      environment: 'demo',
      openedBy: { id: 'u_ada00001', name: 'Ada' },
      openedAt: at,
      openingFloat: null,
      closedBy: { id: 'u_ada00001', name: 'Ada' },
      closedAt: at,
      zNumber: 1,
      endOfDayAt: at,
      pastEndOfDay: false,
    },
    zNumber: 1,
    generatedAt: at,
    from: at,
    to: at,
    ...figures,
    warnings,
  }
}

let adminId = ''
const admin = () => adminId

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

describe('every key of main’s words table that main names is in it', () => {
  it('a Said’s literal key, and a key chosen in a condition', () => {
    const named = keysNamed()
    expect(named.size).toBeGreaterThan(200)
    // A field rule (common/rules) and an amount common/money refused are said by their own words.
    const missing = [...named]
      .filter((key) => !key.startsWith('rule.') && !key.startsWith('money.'))
      .filter((key) =>
        key.startsWith('doc.')
          ? !i18n.exists(key, { lng: 'en' })
          : !i18n.exists(`errors.${key}`, { lng: 'en' }) &&
            !i18n.exists(`errors.${key}_other`, { lng: 'en' }),
      )
    expect(missing).toEqual([])
  })
})
