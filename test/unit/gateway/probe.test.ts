import { describe, expect, it } from 'vitest'
import { CAPABILITIES } from '../../../common/api/endpoints'
import { ERROR_MESSAGES } from '../../../common/api/errors'
import { createGatewayClient } from '../../../main/gateway/client'
import * as s from './samples'
import { fakeFetch, networkFailure, reply, type SentRequest } from './fake-gateway'

/** A gateway that grants `granted` and answers each probe the way ours would. */
function gateway(granted: Set<string>, answer?: (req: SentRequest) => Response | undefined) {
  const capabilityOf: [RegExp, string][] = [
    [/^\/payments\//, 'payments'],
    [/^\/merchants\/transactions/, 'transactions'],
    [/^\/merchants\/virtual-accounts/, 'virtual_accounts'],
    [/^\/direct-debits\//, 'direct_debits'],
    [/^\/refunds/, 'refunds'],
    [/^\/merchants\/disbursements/, 'disbursements'],
    [/^\/banks/, 'banks'],
    [/^\/sandbox\//, 'sandbox'],
  ]
  return fakeFetch((req) => {
    const custom = answer?.(req)
    if (custom) return custom
    const path = req.url.pathname
    const cap = capabilityOf.find(([re]) => re.test(path))?.[1]
    if (!cap || !granted.has(cap)) return reply(403, { message: ERROR_MESSAGES.missingCapability })
    if (path.includes('tilldesk-capability-probe'))
      return reply(404, { message: 'Resource not found', code: 'not_found' })
    if (path === '/banks') return reply(200, s.banks)
    if (path === '/refunds/counts')
      return reply(200, {
        status: true,
        data: { pending: 0, processing: 0, success: 0, failed: 0, total: 0 },
      })
    if (path === '/sandbox/faults') return reply(200, s.faults)
    return reply(200, { ...s.list(s.transfer), data: [] })
  })
}

const client = (fetch: ReturnType<typeof fakeFetch>['fetch']) =>
  createGatewayClient({ baseUrl: 'http://gw.test', keyId: 'k', secret: 's', fetch })

describe('probeCapabilities', () => {
  it('reports granted and missing capabilities, one cheap signed request each', async () => {
    const granted = new Set(['banks', 'virtual_accounts', 'payments', 'direct_debits'])
    const gw = gateway(granted)
    const results = await client(gw.fetch).probeCapabilities()
    expect(results.map((r) => r.capability)).toEqual([...CAPABILITIES])
    for (const r of results) expect(r.allowed).toBe(granted.has(r.capability))
    expect(gw.sent).toHaveLength(CAPABILITIES.length)
    expect(gw.sent.every((r) => r.method === 'GET' && r.headers['x-signature'])).toBe(true)
    // Lists are asked for one item only.
    const lists = gw.sent.filter((r) => r.url.searchParams.has('page_size'))
    expect(lists.every((r) => r.url.searchParams.get('page_size') === '1')).toBe(true)
  })

  it('is "unknown" when authentication fails or the gateway is unreachable', async () => {
    const badKey = fakeFetch(() => reply(401, { message: ERROR_MESSAGES.invalidApiKey }))
    const results = await client(badKey.fetch).probeCapabilities()
    expect(results.every((r) => r.allowed === 'unknown' && r.kind === 'invalid_api_key')).toBe(true)
    const down = fakeFetch(() => networkFailure('ECONNREFUSED'))
    expect(
      (await client(down.fetch).probeCapabilities()).every((r) => r.allowed === 'unknown'),
    ).toBe(true)
  })

  it('is "unknown" for routes the gateway lacks (sandbox controls on live)', async () => {
    const gw = gateway(new Set(CAPABILITIES), (req) =>
      req.url.pathname.startsWith('/sandbox/')
        ? reply(404, { message: ERROR_MESSAGES.routeNotFound, code: 'route_not_found' })
        : undefined,
    )
    const sandbox = (await client(gw.fetch).probeCapabilities()).find(
      (r) => r.capability === 'sandbox',
    )
    expect(sandbox).toMatchObject({ allowed: 'unknown', status: 404 })
  })
})
