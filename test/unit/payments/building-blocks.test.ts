import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as z from 'zod'
import { afterEach, describe, expect, it } from 'vitest'
import { cashierError } from '../../../main/gateway/cashier-errors'
import { checkCheckoutUrl } from '../../../main/payments/checkout-link'
import { Follower, type CheckResult } from '../../../main/exactly-once/follower'
import {
  Journal,
  fileStorage,
  memoryStorage,
  type JournalStorage,
} from '../../../main/payments/journal'
import { newReference } from '../../../main/payments/references'
import {
  pursueByReference,
  submitByReference,
  type Uncertainty,
} from '../../../main/exactly-once/submit'
import { ManualTimers, gwError } from './support'

const Rec = z.object({ id: z.string(), at: z.string(), open: z.boolean() })
type Rec = z.infer<typeof Rec>
const journalOf = (storage: JournalStorage = memoryStorage(), limit = 100) =>
  new Journal<Rec>({
    name: 'test',
    schema: Rec,
    storage,
    keyOf: (r) => r.id,
    timeOf: (r) => r.at,
    limit,
    keep: (r) => r.open,
  })

describe('Journal', () => {
  const dirs: string[] = []
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
  })

  it('writes through on every put, lists newest first, and trims only finished records', () => {
    const storage = memoryStorage()
    const journal = journalOf(storage, 3)
    journal.put({ id: 'a', at: '2025-01-01', open: true })
    expect(storage.saved).toHaveLength(1)
    journal.put({ id: 'b', at: '2025-01-02', open: false })
    journal.put({ id: 'c', at: '2025-01-03', open: false })
    journal.put({ id: 'd', at: '2025-01-04', open: false })
    expect(journal.list().map((r) => r.id)).toEqual(['d', 'c', 'a'])
    journal.update('a', (r) => ({ ...r, open: false }))
    journal.remove('d')
    expect(journal.list().map((r) => r.id)).toEqual(['c', 'a'])
  })

  it('hands out copies, so callers cannot change it behind its back', () => {
    const journal = journalOf()
    journal.put({ id: 'a', at: '1', open: true })
    const copy = journal.get('a')
    if (copy) copy.open = false
    expect(journal.get('a')?.open).toBe(true)
  })

  it('survives a restart through its file, owner-readable only; damage stops it and keeps the file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'journal-'))
    dirs.push(dir)
    const first = journalOf(fileStorage(dir, 'recs'))
    first.put({ id: 'a', at: '1', open: true })
    first.put({ id: 'b', at: '2', open: true })
    const path = join(dir, 'recs.json')
    expect(statSync(path).mode & 0o777).toBe(0o600)
    // Written through a temp file that is renamed into place, never left behind.
    expect(readdirSync(dir)).toEqual(['recs.json'])
    expect(
      journalOf(fileStorage(dir, 'recs'))
        .list()
        .map((r) => r.id),
    ).toEqual(['b', 'a'])
    // A record that does not validate is never skipped: the journal stops, in words, and the
    // file is never overwritten.
    const raw = JSON.parse(readFileSync(path, 'utf8')) as unknown[]
    const damaged = JSON.stringify([...raw, { id: 3 }])
    writeFileSync(path, damaged)
    const stopped = journalOf(fileStorage(dir, 'recs'))
    expect(stopped.list()).toEqual([])
    expect(stopped.damage).toMatch(/record 3 is not valid/)
    expect(() => stopped.put({ id: 'c', at: '3', open: true })).toThrow(/will not use or overwrite/)
    expect(readFileSync(path, 'utf8')).toBe(damaged)
    writeFileSync(path, '{not json')
    expect(journalOf(fileStorage(dir, 'recs')).damage).toMatch(/not readable JSON/)
    expect(readFileSync(path, 'utf8')).toBe('{not json')
  })
})

describe('Follower', () => {
  const schedule = {
    steps: [
      { untilMs: 10_000, everyMs: 1_000 },
      { untilMs: 30_000, everyMs: 5_000 },
    ],
  }

  it('checks on a slowing schedule and gives up at the end', async () => {
    const timers = new ManualTimers()
    const follower = new Follower(schedule, timers)
    const at: number[] = []
    let gaveUp = 0
    const start = timers.now()
    follower.follow(
      'k',
      async () => {
        at.push(timers.now() - start)
        return 'continue'
      },
      () => gaveUp++,
    )
    await timers.advance(40_000)
    expect(at).toEqual([
      1000, 2000, 3000, 4000, 5000, 6000, 7000, 8000, 9000, 10000, 15000, 20000, 25000, 30000,
    ])
    expect(gaveUp).toBe(1)
    expect(follower.isFollowing('k')).toBe(false)
  })

  it('stops on final, keeps going after a failed check, and never doubles a key', async () => {
    const timers = new ManualTimers()
    const follower = new Follower(schedule, timers)
    const results: Array<CheckResult | Error> = [new Error('offline'), 'continue', 'final']
    let calls = 0
    const check = async (): Promise<CheckResult> => {
      calls++
      const next = results.shift()
      if (next instanceof Error) throw next
      return next ?? 'continue'
    }
    follower.follow('k', check, () => undefined)
    follower.follow('k', check, () => undefined)
    await timers.advance(10_000)
    expect(calls).toBe(3)
    expect(follower.isFollowing('k')).toBe(false)
    expect(timers.pending).toBe(0)
  })
})

describe('submitByReference', () => {
  const lost = () => gwError('timeout', { status: null, outcomeUnknown: true })
  const NOW = Date.UTC(2025, 0, 15, 10, 0, 0)
  const base = { noun: 'refund', now: () => NOW }

  it('returns what the gateway answered', async () => {
    expect(
      await submitByReference({ ...base, send: async () => 'ok', lookup: async () => 'found' }),
    ).toEqual({ outcome: 'sent', value: 'ok' })
  })

  it('after a lost answer it does not look up at once: the request may still be in flight', async () => {
    let lookups = 0
    const out = await submitByReference({
      ...base,
      send: async () => Promise.reject(lost()),
      lookup: async () => {
        lookups++
        return 'there'
      },
    })
    expect(lookups).toBe(0)
    expect(out).toMatchObject({
      outcome: 'unknown',
      uncertainty: { lastUnknownAt: new Date(NOW).toISOString(), resendRefused: false },
    })
  })

  it('a 408 is a lost answer, not a refusal', async () => {
    const out = await submitByReference({
      ...base,
      send: async () => Promise.reject(gwError('timeout', { status: 408, outcomeUnknown: false })),
      lookup: async () => 'x',
    })
    expect(out.outcome).toBe('unknown')
  })

  it('reads a 409 about our reference as "it exists"; a state conflict is a refusal', async () => {
    for (const code of ['duplicate_payment_reference', 'duplicate_reference', null]) {
      const out = await submitByReference({
        ...base,
        send: async () => Promise.reject(gwError('conflict', { code })),
        lookup: async () => 'existing',
      })
      expect(out).toEqual({ outcome: 'found', value: 'existing' })
    }
    // Exists but not visible yet (commit lag): unknown, and never to be sent again.
    const lagging = await submitByReference({
      ...base,
      send: async () => Promise.reject(gwError('conflict', { code: 'duplicate_reference' })),
      lookup: async () => Promise.reject(gwError('not_found', { method: 'GET' })),
    })
    expect(lagging).toMatchObject({ outcome: 'unknown', uncertainty: { existsSaid: true } })
    // "Mandate not active" and the like describe something else's state: nothing was made.
    for (const code of ['mandate_not_active', 'invalid_state']) {
      const conflict = gwError('conflict', { code })
      await expect(
        submitByReference({
          ...base,
          send: async () => Promise.reject(conflict),
          lookup: async () => 'existing',
        }),
      ).rejects.toBe(conflict)
    }
  })

  it('throws definite refusals of the only request', async () => {
    const refused = gwError('validation')
    await expect(
      submitByReference({
        ...base,
        send: async () => Promise.reject(refused),
        lookup: async () => 'x',
      }),
    ).rejects.toBe(refused)
    // A conflict about the mandate's state, with no record of ours: a refusal.
    const stateConflict = gwError('conflict', { code: 'mandate_not_active' })
    await expect(
      submitByReference({
        ...base,
        send: async () => Promise.reject(stateConflict),
        lookup: async () => Promise.reject(gwError('not_found', { method: 'GET' })),
      }),
    ).rejects.toBe(stateConflict)
  })
})

describe('pursueByReference', () => {
  const T0 = Date.UTC(2025, 0, 15, 10, 0, 0)
  const unknown = (extra: Partial<Uncertainty> = {}): Uncertainty => ({
    since: new Date(T0).toISOString(),
    lastUnknownAt: new Date(T0).toISOString(),
    resendRefused: false,
    existsSaid: false,
    steps: [{ at: new Date(T0).toISOString(), call: 'send', said: 'timed out' }],
    review: null,
    ...extra,
  })
  const absent = () => Promise.reject(gwError('not_found', { method: 'GET' }))
  const opts = { noun: 'refund', verifyAfterMs: 25_000, windowMs: 600_000 }

  it('waits the minimum time after the lost request before asking', async () => {
    let calls = 0
    const step = await pursueByReference({
      ...opts,
      uncertainty: unknown(),
      now: () => T0 + 24_999,
      lookup: async () => {
        calls++
        return 'x'
      },
      resend: async () => 'y',
    })
    expect(step.kind).toBe('waiting')
    expect(calls).toBe(0)
  })

  it('resends only on a JSON "no such record", and a refusal of it settles nothing', async () => {
    const sent = await pursueByReference({
      ...opts,
      uncertainty: unknown(),
      now: () => T0 + 30_000,
      lookup: absent,
      resend: async () => 'again',
    })
    expect(sent).toEqual({ kind: 'sent', value: 'again' })
    const refused = await pursueByReference({
      ...opts,
      uncertainty: unknown(),
      now: () => T0 + 30_000,
      lookup: absent,
      resend: async () => Promise.reject(gwError('unprocessable', { message: 'No funds' })),
    })
    expect(refused).toMatchObject({ kind: 'waiting', uncertainty: { resendRefused: true } })
    let resends = 0
    const proxy = await pursueByReference({
      ...opts,
      uncertainty: unknown(),
      now: () => T0 + 30_000,
      lookup: async () =>
        Promise.reject(gwError('not_found', { method: 'GET', recordAbsent: false })),
      resend: async () => {
        resends++
        return 'no'
      },
    })
    expect(proxy.kind).toBe('waiting')
    expect(resends).toBe(0)
  })

  it('after the window a person decides, with the evidence in words', async () => {
    const step = await pursueByReference({
      ...opts,
      uncertainty: unknown({ resendRefused: true }),
      now: () => T0 + 600_000,
      lookup: async () => Promise.reject(gwError('server', { method: 'GET', status: 502 })),
      resend: async () => 'never',
    })
    expect(step.kind).toBe('review')
    if (step.kind !== 'review') return
    expect(step.uncertainty.review).toMatch(/may or may not have happened/)
    expect(step.uncertainty.steps.map((s) => s.said)).toEqual([
      'timed out',
      'The gateway could not be asked (server, HTTP 502).',
    ])
  })
})

describe('checkCheckoutUrl', () => {
  it("accepts only the configured gateway's origin over https (http only on this computer)", () => {
    expect(
      checkCheckoutUrl('https://pay.gateway.example/checkout/A', 'https://pay.gateway.example'),
    ).toEqual({
      ok: true,
      url: 'https://pay.gateway.example/checkout/A',
    })
    expect(checkCheckoutUrl('http://127.0.0.1:4010/checkout/A', 'http://127.0.0.1:4010').ok).toBe(
      true,
    )
    const cases: Array<[string, string | null]> = [
      ['https://evil.example/checkout/A', 'https://pay.gateway.example'],
      ['https://pay.gateway.example.evil.example/x', 'https://pay.gateway.example'],
      ['http://pay.gateway.example/checkout/A', 'http://pay.gateway.example'],
      ['https://user:pw@pay.gateway.example/x', 'https://pay.gateway.example'],
      ['javascript:alert(1)', 'https://pay.gateway.example'],
      ['http://127.0.0.1:9999/checkout/A', 'http://127.0.0.1:4010'],
      ['https://pay.gateway.example/x', null],
      ['not a url', 'https://pay.gateway.example'],
    ]
    for (const [url, base] of cases) expect(checkCheckoutUrl(url, base).ok, url).toBe(false)
  })
})

describe('cashierError', () => {
  it('puts gateway field errors beside the form fields', () => {
    const error = cashierError(
      gwError('validation', {
        fieldErrors: [
          { field: 'body.customer_email', message: 'Bad e-mail.' },
          { field: 'amount', message: 'Too small.' },
        ],
      }),
      { action: 'startPayment', fields: { customer_email: 'email' } },
    )
    expect(error.code).toBe('invalid_input')
    expect(error.fields).toEqual({ email: 'Bad e-mail.', amount: 'Too small.' })
  })

  it('says "ask an admin" for key, permission and clock problems, and how long to wait when busy', () => {
    for (const kind of [
      'invalid_api_key',
      'invalid_signature',
      'missing_capability',
      'timestamp_too_old',
    ] as const)
      expect(cashierError(gwError(kind), { action: 'startPayment' }).message).toMatch(
        /Ask an admin to run the connection test/,
      )
    expect(
      cashierError(gwError('rate_limited', { retryAfterMs: 2500 }), { action: 'startPayment' })
        .message,
    ).toBe('The gateway is busy. Try again in 3 seconds.')
    expect(cashierError(gwError('network'), { action: 'loadPayments' }).message).toMatch(
      /^Could not load payments: .*internet connection/,
    )
  })

  it('uses the context words for codes and not-found', () => {
    expect(
      cashierError(gwError('unprocessable', { code: 'limit_exceeded' }), {
        action: 'chargeMandate',
        codes: { limit_exceeded: { key: 'mandates.overMonthlyLimit' } },
      }),
    ).toMatchObject({
      message: expect.stringMatching(/^The gateway refused: this debit would go over/),
      say: { key: 'mandates.overMonthlyLimit' },
    })
    expect(
      cashierError(gwError('not_found'), {
        action: 'lookUpPayment',
        notFound: { key: 'payments.noSuch', params: { reference: 'PAY_1' } },
      }).message,
    ).toBe('No payment has the reference PAY_1.')
  })
})

describe('newReference', () => {
  it('is unique, time-ordered and a valid merchant reference', () => {
    const refs = new Set(Array.from({ length: 1000 }, () => newReference('PAY', 1_700_000_000_000)))
    expect(refs.size).toBe(1000)
    for (const ref of refs) expect(ref).toMatch(/^PAY_[0-9A-Z]+_[0-9A-F]{16}$/)
    expect(newReference('DD', 1).length).toBeLessThanOrEqual(64)
    expect(newReference('RF', 2_000_000_000_000) > newReference('RF', 1_000_000_000_000)).toBe(true)
  })
})
