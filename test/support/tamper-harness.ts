// The data-folder tamper harness's machinery, for each scripted day it runs (one till alone,
// and a till in shop mode): the keychain as the day left it put back before every case, every
// file of a folder, what the admin sees, and one case (a copy of the day's folder, one file
// changed, the till started again and checked). The days and their assertions are in
// test/keychain/data-folder.test.ts and test/keychain/shop-folder.test.ts.
import { cpSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { AppError } from '../../main/kernel/errors'
import type { AppServices } from '../../main/compose/services'
import { dataFileRule } from '../../main/integrity/data-folder'
import type { Keychain, KeychainScope } from '../../main/keychain/keychain'
import { caller, openTill, type RecordedRequest } from './tamper-day'
import type { Mutation } from './tamper-mutations'

/** Remembers every entry Tilldesk touched, so each case starts from the day's keychain. */
export class RecordingKeychain implements Keychain {
  readonly touched = new Set<string>()
  private day = new Map<string, string | null>()
  constructor(readonly real: Keychain) {}
  status() {
    return this.real.status()
  }
  get(scope: KeychainScope, account: string) {
    this.touched.add(`${scope}\n${account}`)
    return this.real.get(scope, account)
  }
  set(scope: KeychainScope, account: string, secret: string) {
    this.touched.add(`${scope}\n${account}`)
    return this.real.set(scope, account, secret)
  }
  delete(scope: KeychainScope, account: string) {
    this.touched.add(`${scope}\n${account}`)
    return this.real.delete(scope, account)
  }
  private *entries(): Generator<[string, KeychainScope, string]> {
    for (const key of this.touched) {
      const [scope, account] = key.split('\n') as [KeychainScope, string]
      yield [key, scope, account]
    }
  }
  /** Keeps every touched entry as it is now: the day's keychain. */
  async keepDay(): Promise<void> {
    this.day = new Map()
    for (const [key, scope, account] of this.entries())
      this.day.set(key, await this.real.get(scope, account))
  }
  /** Puts the day's keychain back (entries made since are deleted). */
  async restoreDay(): Promise<void> {
    for (const [key, scope, account] of this.entries()) {
      const value = this.day.get(key) ?? null
      if (value === null) await this.real.delete(scope, account)
      else if ((await this.real.get(scope, account)) !== value)
        await this.real.set(scope, account, value)
    }
  }
  /** Leaves no entry of the day behind. */
  async clear(): Promise<void> {
    for (const [, scope, account] of this.entries())
      await this.real.delete(scope, account).catch(() => false)
  }
}

export const walk = (folder: string, at = folder): string[] =>
  readdirSync(at)
    .flatMap((name) => {
      const path = join(at, name)
      return statSync(path).isDirectory() ? walk(folder, path) : [relative(folder, path)]
    })
    .map((path) => path.split(sep).join('/'))
    .sort()

export const ROLE_RANK = { cashier: 1, supervisor: 2, admin: 3 } as const
export type Role = keyof typeof ROLE_RANK

/** Leaves out what moves by itself between two starts (clocks, ports, staleness). */
const VOLATILE = /(^at$|At$|Ms$|^port$|^stale$|^url$|^checkedAt$|^lastCheck|^next)/
export function stable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stable)
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {}
    for (const [key, inner] of Object.entries(value)) {
      if (!VOLATILE.test(key)) out[key] = stable(inner)
    }
    return out
  }
  return value
}

/** A scripted day's folder and what the harness compares every case with. */
export interface TamperDay {
  keychain: RecordingKeychain
  /** Where the cases' copies go. */
  root: string
  /** The folder at the end of the day, and at midday ("an older copy"). */
  day: string
  midday: string
  /** Each person of the day: id, PIN and the role they end the day with. */
  people: Record<string, { id: string; pin: string; role: Role; disabled?: boolean }>
  admin: string
  /** The channels (and inputs) whose answers are "what the admin sees". */
  seen: ReadonlyArray<readonly [string, unknown]>
  baseline: string
  baselineStaff: string
}

/** The day's people: each one's id, PIN and end-of-day role; `disabled` ends it disabled. */
export function peopleOf<W extends string>(
  ids: Record<W, string>,
  pins: Record<W, string>,
  roles: Record<W, Role>,
  disabled: W,
): TamperDay['people'] {
  const people: TamperDay['people'] = {}
  for (const who of Object.keys(pins) as W[])
    people[who] = { id: ids[who], pin: pins[who], role: roles[who], disabled: who === disabled }
  return people
}

/** `mutation` tried on each of `files` in turn: the files it applied to, and what went wrong. */
export async function mutateEach(
  day: TamperDay,
  files: readonly string[],
  mutation: Mutation,
): Promise<{ cases: string[]; problems: string[] }> {
  const problems: string[] = []
  const cases: string[] = []
  for (const rel of files) {
    const outcome = await tryCase(day, `${rel} ${mutation.name}`, rel, (dir) =>
      mutation.apply(dir, rel, day.midday),
    )
    if (outcome === null) continue
    cases.push(rel)
    problems.push(...outcome)
  }
  return { cases, problems }
}

/** What the admin sees of the till, through `day.seen`. */
export async function observe(services: AppServices, day: TamperDay): Promise<string> {
  const call = async (channel: string, input?: unknown) => {
    const envelope = await caller(() => services).call(channel, input)
    return envelope.ok ? stable(envelope.value) : { error: envelope.error.code }
  }
  const seen: Record<string, unknown> = {}
  for (const [channel, input] of day.seen) seen[channel] = await call(channel, input)
  return JSON.stringify(seen, null, 1)
}

/**
 * The till as the day left it, started twice (the second must see what the first saw): sets
 * `baseline` and `baselineStaff`, and returns how long the last start took.
 */
export async function takeBaseline(day: TamperDay): Promise<{ openingMs: number; same: boolean }> {
  let openingMs = 0
  let same = true
  for (let run = 0; run < 2; run += 1) {
    await day.keychain.restoreDay()
    const copy = mkdtempSync(join(day.root, 'baseline-'))
    cpSync(day.day, copy, { recursive: true })
    const started = performance.now()
    const till = await openTill(copy, day.keychain)
    openingMs = performance.now() - started
    const admin = day.people[day.admin]!
    await caller(() => till).value('session.signIn', { userId: admin.id, pin: admin.pin })
    const seen = await observe(till, day)
    day.baselineStaff = JSON.stringify(stable(await caller(() => till).value('users.list')))
    await till.stop()
    rmSync(copy, { recursive: true, force: true })
    if (run === 1) same = seen === day.baseline
    day.baseline = seen
  }
  return { openingMs, same }
}

/**
 * One case: a copy of the day's folder, `change` applied, the till started and checked. Null
 * where the change applies to nothing; else what went wrong, in words (empty when it holds):
 *   1. nothing gains power: no profile signs in that should not (a disabled one, a hand-made
 *      or edited one, or with a higher role than the day left it), nothing is sent (no
 *      request other than a read), and no request goes to a host other than the gateway;
 *   2. either the till behaves exactly as before, or the admin has a finding in words.
 */
export async function tryCase(
  day: TamperDay,
  label: string,
  rel: string,
  change: (dir: string) => boolean,
): Promise<string[] | null> {
  await day.keychain.restoreDay()
  const dir = mkdtempSync(join(day.root, 'case-'))
  cpSync(day.day, dir, { recursive: true })
  const problems: string[] = []
  try {
    if (!change(dir)) return null
    const requests: RecordedRequest[] = []
    let services: AppServices
    try {
      services = await openTill(dir, day.keychain, requests)
    } catch (error) {
      // Refusing to start is no power gained; it must say why in words (the admin reads it).
      if (error instanceof AppError && error.message.length > 40) return []
      return [`${label}: the till did not start (${String(error)})`]
    }
    const { code, value } = caller(() => services)
    try {
      const listed = await value<Array<{ id: string; name: string }>>('users.list').catch(() => [])
      const people = Object.entries(day.people)
      // Who may sign in, and as what, comes from the staff file alone; every profile is tried
      // when that file was changed (or the list of staff looks different), the admin always.
      const staffTouched =
        dataFileRule(rel)?.name === 'settings.json' ||
        JSON.stringify(stable(listed)) !== day.baselineStaff
      for (const user of staffTouched ? listed : []) {
        const person = people.find(([, p]) => p.id === user.id)?.[1]
        const pins = person ? [person.pin] : people.map(([, p]) => p.pin)
        for (const pin of pins) {
          if ((await code('session.signIn', { userId: user.id, pin })) !== 'ok') continue
          const role = (await value<{ user: { role: Role } }>('session.get')).user.role
          if (!person) problems.push(`${label}: a profile nobody made (${user.name}) signed in`)
          else if (person.disabled) problems.push(`${label}: the disabled ${user.name} signed in`)
          else if (ROLE_RANK[role] > ROLE_RANK[person.role])
            problems.push(`${label}: ${user.name} signed in as ${role}`)
        }
      }
      let findings: unknown[]
      let seen = ''
      const admin = day.people[day.admin]!
      if ((await code('session.signIn', { userId: admin.id, pin: admin.pin })) === 'ok') {
        seen = await observe(services, day)
        findings = await value<unknown[]>('settings.integrity')
      } else {
        // The admin can't sign in (the staff file is gone or untrusted): the till must say
        // why, in words, where the admin meets it (sign-in and set-up answer with it).
        findings = services.integrity.findings.list()
        seen = 'admin cannot sign in'
      }
      if (seen !== day.baseline && findings.length === 0)
        problems.push(`${label}: the till changed and the admin was not told`)
      const gateway = services.environment.baseUrl()
      for (const request of requests) {
        if (request.method !== 'GET') problems.push(`${label}: ${request.method} ${request.url}`)
        if (!gateway || !request.url.startsWith(gateway))
          problems.push(`${label}: a request to ${request.url}`)
      }
    } finally {
      await services.stop()
    }
    return problems
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
