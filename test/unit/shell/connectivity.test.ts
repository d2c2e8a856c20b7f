// The status bar's Online/Offline follows real gateway traffic, not only /health.
import { describe, expect, it } from 'vitest'
import { createGatewayClient } from '../../../main/gateway'
import { TRAFFIC_FAILURE_HOLD_MS, TillStatusService } from '../../../main/environment/status'
import { describeTrafficFailure } from '../../../main/environment/connectivity'
import { fakeFetch } from '../gateway/fake-gateway'

const json = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

function statusWithClock() {
  let t = 1_000_000
  const events: unknown[] = []
  const status = new TillStatusService(
    (_name, payload) => events.push(payload),
    () => t,
  )
  return { status, events, advance: (ms: number) => (t += ms) }
}

describe('traffic outranks /health', () => {
  it('a passing /health does not hide a recent failed call', () => {
    const { status, advance } = statusWithClock()
    status.reportConnectivity('offline', "Can't reach the gateway.")
    status.reportConnectivity('online', null, 'health')
    expect(status.get().connectivity).toBe('offline')
    advance(TRAFFIC_FAILURE_HOLD_MS + 1)
    status.reportConnectivity('online', null, 'health')
    expect(status.get().connectivity).toBe('online')
  })

  it('a successful call clears the failure at once', () => {
    const { status } = statusWithClock()
    status.reportConnectivity('offline', 'down')
    status.reportConnectivity('online')
    expect(status.get()).toMatchObject({ connectivity: 'online', offlineReason: null })
  })

  it('a failed /health still shows offline', () => {
    const { status } = statusWithClock()
    status.reportConnectivity('offline', 'The gateway did not answer in time.', 'health')
    expect(status.get()).toMatchObject({
      connectivity: 'offline',
      offlineReason: 'The gateway did not answer in time.',
    })
  })
})

describe('client reachability hook', () => {
  const reports: [boolean, string | undefined][] = []
  const client = (responder: Parameters<typeof fakeFetch>[0]) =>
    createGatewayClient({
      baseUrl: 'http://127.0.0.1:9',
      keyId: 'k',
      secret: 's3cret',
      fetch: fakeFetch(responder).fetch,
      onReachability: (ok, error) => reports.push([ok, error?.kind]),
    })

  it('reports reachable for any real answer, including 4xx and 500', async () => {
    reports.length = 0
    await client(() => json(200, { status: true, data: [] })).banks.list()
    await expect(
      client(() => json(404, { message: 'Resource not found' })).payments.verify('P1'),
    ).rejects.toThrow()
    await expect(
      client(() => json(500, { message: 'Internal server error' })).banks.list(),
    ).rejects.toThrow()
    expect(reports).toEqual([
      [true, undefined],
      [true, undefined],
      [true, undefined],
    ])
  })

  it('reports unreachable for network failures and 502/503/504', async () => {
    reports.length = 0
    await expect(
      client(() => {
        throw Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNRESET' } })
      }).banks.list(),
    ).rejects.toThrow()
    await expect(client(() => json(503, { message: 'down' })).banks.list()).rejects.toThrow()
    expect(reports.map(([ok]) => ok)).toEqual([false, false])
    expect(reports[0]?.[1]).toBe('network')
  })

  it('ignores sandbox-only controls, which say nothing about the till routes', async () => {
    reports.length = 0
    await expect(
      client(() => json(200, { status: true, data: { rules: [] } })).sandbox.getFaults(),
    ).resolves.toBeTruthy()
    expect(reports).toEqual([])
  })

  it('words the failure for a cashier', () => {
    expect(describeTrafficFailure({ kind: 'timeout', status: null })).toMatch(/did not answer/)
    expect(describeTrafficFailure({ kind: 'server', status: 503 })).toMatch(/HTTP 503/)
    expect(describeTrafficFailure({ kind: 'network', status: null })).toMatch(/network/)
  })
})
