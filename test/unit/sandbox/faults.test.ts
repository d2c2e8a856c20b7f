// Fault injection: rule matching and seeded replay, CLI specs, and the before/after commit
// semantics over HTTP (the write happened or it did not), including timeout and reset.
import { afterEach, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '../../../sandbox'
import { FaultInjector, parseFaultSpec } from '../../../sandbox/faults'
import { signer } from './http'

let sandbox: RunningSandbox | null = null
afterEach(async () => {
  await sandbox?.close()
  sandbox = null
})

const transfer = (reference: string) => ({
  reference,
  amount: 100,
  currency: 'NGN',
  bank_code: '044',
  account_number: '0123456789',
  narration: 'x',
})

describe('FaultInjector', () => {
  it('replays the same decisions for the same seed', () => {
    const decide = (seed: number) => {
      const f = new FaultInjector([{ kind: '500', rate: 0.3 }], seed)
      return Array.from({ length: 200 }, () => f.pick('GET', '/banks') !== null)
    }
    expect(decide(5)).toEqual(decide(5))
    expect(decide(5)).not.toEqual(decide(6))
    const hits = decide(5).filter(Boolean).length
    expect(hits).toBeGreaterThan(30)
    expect(hits).toBeLessThan(90)
  })

  it('matches method and path prefix; rate 0 never, rate 1 always', () => {
    const f = new FaultInjector([
      { kind: '502', rate: 0, path_prefix: '/banks' },
      { kind: '429', rate: 1, method: 'POST', path_prefix: '/disbursements' },
    ])
    expect(f.pick('GET', '/banks')).toBeNull()
    expect(f.pick('GET', '/disbursements/verify')).toBeNull()
    expect(f.pick('POST', '/disbursements/initialize')?.kind).toBe('429')
  })

  it('a rule with times fires that many times, on any of its prefixes, then leaves the list', () => {
    const f = new FaultInjector([
      {
        kind: 'reset',
        rate: 1,
        when: 'after',
        method: 'POST',
        path_prefixes: ['/refunds/initialize', '/direct-debits/debit'],
        times: 1,
      },
    ])
    expect(f.pick('GET', '/refunds/r1')).toBeNull()
    expect(f.pick('POST', '/disbursements/initialize')).toBeNull()
    const picked = f.pick('POST', '/direct-debits/debit')
    expect(picked?.kind).toBe('reset')
    // Picked but not served (the handler refused the request): still armed.
    expect(f.list()).toHaveLength(1)
    f.fired(picked!)
    expect(f.list()).toEqual([])
    expect(f.pick('POST', '/refunds/initialize')).toBeNull()
  })

  it('parses CLI specs and explains bad ones', () => {
    expect(parseFaultSpec('500:0.1:before')).toMatchObject({
      kind: '500',
      rate: 0.1,
      when: 'before',
    })
    expect(parseFaultSpec('timeout:1:after:/disbursements:post')).toMatchObject({
      kind: 'timeout',
      when: 'after',
      path_prefix: '/disbursements',
      method: 'POST',
    })
    expect(parseFaultSpec('429:0.5')).toMatchObject({ when: 'before', retry_after_seconds: 1 })
    expect(() => parseFaultSpec('503:0.1')).toThrow(/kind must be one of/)
    expect(() => parseFaultSpec('500:2')).toThrow(/rate/)
    expect(() => parseFaultSpec('500')).toThrow(/rate/)
    expect(() => parseFaultSpec('500:0.1:during')).toThrow(/when/)
  })
})

describe('commit semantics over HTTP', () => {
  it.each(['500', '502', 'reset'] as const)(
    '%s after commit: the transfer exists',
    async (kind) => {
      sandbox = await startSandbox({
        faults: [{ kind, rate: 1, when: 'after', path_prefix: '/disbursements/initialize' }],
      })
      const call = signer(sandbox)
      const outcome = await call('POST', '/disbursements/initialize', transfer('A1')).then(
        (r) => r.status,
        () => 'network error',
      )
      expect(outcome).toBe(kind === 'reset' ? 'network error' : Number(kind))
      expect((await call('GET', '/disbursements/verify?reference=A1')).status).toBe(200)
      expect((await call('POST', '/disbursements/initialize', transfer('A1'))).status).toBe(409)
    },
  )

  it.each(['500', '502', '429', 'reset'] as const)(
    '%s before commit: nothing happened',
    async (kind) => {
      sandbox = await startSandbox({
        faults: [{ kind, rate: 1, when: 'before', path_prefix: '/disbursements/initialize' }],
      })
      const call = signer(sandbox)
      await call('POST', '/disbursements/initialize', transfer('B1')).catch(() => null)
      expect((await call('GET', '/disbursements/verify?reference=B1')).status).toBe(404)
      sandbox.setFaults([])
      expect((await call('POST', '/disbursements/initialize', transfer('B1'))).status).toBe(200)
    },
  )

  it('timeout holds the socket, then destroys it; close() releases held sockets at once', async () => {
    sandbox = await startSandbox({
      faultHoldMs: 300,
      faults: [{ kind: 'timeout', rate: 1, when: 'after' }],
    })
    const call = signer(sandbox)
    const started = Date.now()
    await expect(call('GET', '/banks')).rejects.toThrow()
    expect(Date.now() - started).toBeGreaterThanOrEqual(250)

    sandbox.setFaults([{ kind: 'timeout', rate: 1 }])
    const pending = call('GET', '/banks').catch((e: unknown) => e)
    await new Promise((resolve) => setTimeout(resolve, 50))
    const closing = Date.now()
    await sandbox.close()
    expect(Date.now() - closing).toBeLessThan(250)
    expect(await pending).toBeInstanceOf(Error)
  })

  it('faults are also set by POST /sandbox/faults, which is never faulted itself', async () => {
    sandbox = await startSandbox()
    const call = signer(sandbox)
    const set = await call('POST', '/sandbox/faults', {
      rules: [{ kind: '500', rate: 1 }],
      seed: 3,
    })
    expect(set.status).toBe(200)
    expect(set.body.data).toEqual({
      rules: [{ kind: '500', rate: 1, when: 'before', retry_after_seconds: 1 }],
    })
    expect((await call('GET', '/sandbox/faults')).status).toBe(200)
    expect((await call('GET', '/banks')).status).toBe(500)
    expect((await fetch(`${sandbox.url}/health`)).status).toBe(200)
    const bad = await call('POST', '/sandbox/faults', { rules: [{ kind: 'meltdown', rate: 1 }] })
    expect(bad.status).toBe(400)
  })
})
