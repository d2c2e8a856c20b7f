// --data FILE: state survives a restart (records, balances, clock, tokens, pending work), writes
// are atomic (no temp files left, a valid file at all times), and bad files fail clearly.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '../../../sandbox'
import { DataFileError, writeAtomic } from '../../../sandbox/persistence'
import { signer } from './http'

let dir: string
let file: string
const running: RunningSandbox[] = []
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'sandbox-data-'))
  file = join(dir, 'state.json')
})
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()))
  rmSync(dir, { recursive: true, force: true })
})

const KEY = { key_id: 'k1', secret: 'persist-secret', capabilities: ['*' as const] }
async function start(settleDelayMs = 60_000) {
  const s = await startSandbox({ dataFile: file, keys: [KEY], settleDelayMs })
  running.push(s)
  return s
}

describe('persistence', () => {
  it('keeps state across a restart', async () => {
    const first = await start()
    const call = signer(first)
    await call('POST', '/virtual-accounts', {
      account_reference: 'VA1',
      customer_name: 'Ada',
      customer_email: 'ada@example.com',
      currency_code: 'NGN',
      bvn: '12345678901',
      metadata: { id: 7 },
    })
    await call('POST', '/sandbox/virtual-accounts/VA1/transfers', { amount: 99.99 })
    await call('POST', '/payments/initialize', {
      email: 'a@example.com',
      amount: '10.00',
      currency: 'NGN',
      reference: 'P1',
    })
    await call('POST', '/disbursements/initialize', {
      reference: 'T1',
      amount: 5,
      currency: 'NGN',
      bank_code: '044',
      account_number: '0123456789',
      narration: 'x',
    })
    await call('POST', '/sandbox/clock/advance', { seconds: 3600 })
    const token = (await call('POST', '/sandbox/session-tokens', { ttl_seconds: 7200 })).body
      .data as { token: string }
    const before = {
      va: (await call('GET', '/virtual-accounts/VA1')).body,
      txns: (await call('GET', '/merchants/virtual-accounts/transactions')).body,
      payment: (await call('GET', '/payments/verify/P1')).body,
      transfer: (await call('GET', '/disbursements/verify?reference=T1')).body,
    }
    await first.close()
    // The file is complete JSON and no temp file is left behind.
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({
      version: 1,
      clock_offset_ms: 3_600_000,
    })
    expect(readdirSync(dir)).toEqual(['state.json'])

    const second = await start()
    const again = signer(second)
    expect(second.clock.offsetSeconds).toBe(3600)
    expect((await again('GET', '/virtual-accounts/VA1')).body).toEqual(before.va)
    expect((await again('GET', '/merchants/virtual-accounts/transactions')).body).toEqual(
      before.txns,
    )
    const payment = (await again('GET', '/payments/verify/P1')).body
    expect({ ...payment, authorization_url: null }).toEqual({
      ...before.payment,
      authorization_url: null,
    })
    expect(payment.authorization_url).toBe(`${second.url}/checkout/P1`)
    expect((await again('GET', '/disbursements/verify?reference=T1')).body).toEqual(before.transfer)
    expect(
      (await again('GET', '/banks', undefined, { authorization: `Bearer ${token.token}` })).status,
    ).toBe(200)
    // References stay taken.
    const dup = await again('POST', '/virtual-accounts', {
      account_reference: 'VA1',
      customer_name: 'B',
      customer_email: 'b@example.com',
      currency_code: 'NGN',
      bvn: '12345678901',
    })
    expect(dup.status).toBe(409)
  })

  it('resumes pending work after a restart', async () => {
    const first = await start(150)
    await signer(first)('POST', '/disbursements/initialize', {
      reference: 'T9',
      amount: 5,
      currency: 'NGN',
      bank_code: '044',
      account_number: '0123456789',
      narration: 'x',
    })
    await first.close()
    const second = await start(150)
    const call = signer(second)
    const deadline = Date.now() + 3000
    let status = ''
    while (Date.now() < deadline && status !== 'success') {
      status = String((await call('GET', '/disbursements/verify?reference=T9')).body.status)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    expect(status).toBe('success')
  })

  it('writes soon after a change without waiting for close (debounced)', async () => {
    const s = await start()
    await signer(s)('POST', '/payments/initialize', {
      email: 'a@example.com',
      amount: '1',
      currency: 'NGN',
      reference: 'P7',
    })
    await new Promise((resolve) => setTimeout(resolve, 200))
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { payments: { reference: string }[] }
    expect(saved.payments.map((p) => p.reference)).toEqual(['P7'])
  })

  it('refuses a corrupt or foreign data file with a clear error', async () => {
    writeFileSync(file, '{"version": 1, "payments": [')
    await expect(startSandbox({ dataFile: file })).rejects.toThrow(DataFileError)
    writeFileSync(file, '{"hello": "world"}')
    await expect(startSandbox({ dataFile: file })).rejects.toThrow(
      /not a version 1 sandbox state file/,
    )
  })

  it('writeAtomic replaces the file whole', async () => {
    writeFileSync(file, 'old')
    await writeAtomic(file, 'new contents')
    expect(readFileSync(file, 'utf8')).toBe('new contents')
    expect(readdirSync(dir)).toEqual(['state.json'])
  })
})
