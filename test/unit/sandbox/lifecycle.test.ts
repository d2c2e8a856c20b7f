// startSandbox as the Electron shell, tests and benches use it: fast start, loopback only,
// a demo key when none is given, every endpoint of the shared table routed, clean close.
import { afterEach, describe, expect, it } from 'vitest'
import { endpoints, sandboxEndpoints, type EndpointDef } from '../../../common/api/endpoints'
import { startSandbox, type RunningSandbox } from '../../../sandbox'
import { signer } from './http'

let sandbox: RunningSandbox | null = null
afterEach(async () => {
  await sandbox?.close()
  sandbox = null
})

describe('startSandbox', () => {
  it('starts in well under 200 ms on 127.0.0.1 and answers /health', async () => {
    await startSandbox().then((s) => s.close()) // warm module caches; we time the start itself
    const started = performance.now()
    sandbox = await startSandbox()
    const elapsed = performance.now() - started
    expect(elapsed).toBeLessThan(200)
    expect(sandbox.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    const res = await fetch(`${sandbox.url}/health`)
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ status: 'ok', environment: 'sandbox' })
  })

  it('generates a demo key with every capability when none is given', async () => {
    sandbox = await startSandbox()
    expect(sandbox.demoKey).toMatchObject({ capabilities: ['*'], revoked: false })
    expect(sandbox.keys).toEqual([sandbox.demoKey])
    expect(sandbox.demoKey?.secret).toMatch(/^[0-9a-f]{64}$/)
    expect((await signer(sandbox)('GET', '/sandbox/faults')).status).toBe(200)
  })

  it('uses given keys (revoked ones are refused) and validates them', async () => {
    sandbox = await startSandbox({ keys: [{ key_id: 'a', secret: 's', capabilities: ['banks'] }] })
    expect(sandbox.demoKey).toBeNull()
    await expect(startSandbox({ keys: [{ key_id: '', secret: 's' }] })).rejects.toThrow(/key_id/)
    await expect(startSandbox({ host: '0.0.0.0' as '127.0.0.1' })).rejects.toThrow(
      /127\.0\.0\.1 only/,
    )
  })

  it('routes every endpoint of the shared table (none answers route_not_found)', async () => {
    sandbox = await startSandbox()
    const call = signer(sandbox)
    for (const e of Object.values({ ...endpoints, ...sandboxEndpoints }) as EndpointDef[]) {
      const res = await call(e.method, e.path.replace(/:[a-z_]+/g, 'X1'))
      expect(res.body.code, `${e.method} ${e.path}`).not.toBe('route_not_found')
      expect(res.status, `${e.method} ${e.path}`).toBeLessThan(500)
    }
  })

  it('close() is idempotent, stops listening and leaves no timers behind', async () => {
    const handlesBefore = process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length
    sandbox = await startSandbox({ settleDelayMs: 60_000, webhookUrl: 'http://127.0.0.1:9/never' })
    const call = signer(sandbox)
    await call('POST', '/disbursements/initialize', {
      reference: 'T1',
      amount: 1,
      currency: 'NGN',
      bank_code: '044',
      account_number: '0123456789',
      narration: 'x',
    })
    const url = sandbox.url
    await Promise.all([sandbox.close(), sandbox.close()])
    sandbox = null
    await expect(fetch(`${url}/health`)).rejects.toThrow()
    const handlesAfter = process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length
    expect(handlesAfter).toBeLessThanOrEqual(handlesBefore)
  })

  it('serves bench-only bare routes only when asked', async () => {
    sandbox = await startSandbox()
    expect((await fetch(`${sandbox.url}/bench/bare/refunds/counts`)).status).toBe(404)
    await sandbox.close()
    sandbox = await startSandbox({ benchBareRoutes: ['refundCounts'] })
    const bare = await fetch(`${sandbox.url}/bench/bare/refunds/counts`)
    expect(bare.status).toBe(200)
    expect(await bare.json()).toEqual({
      status: true,
      data: { pending: 0, processing: 0, success: 0, failed: 0, total: 0 },
    })
    expect((await fetch(`${sandbox.url}/refunds/counts`)).status).toBe(401)
  })

  it('port in use is reported, not swallowed', async () => {
    sandbox = await startSandbox()
    await expect(startSandbox({ port: sandbox.port })).rejects.toMatchObject({ code: 'EADDRINUSE' })
  })
})
