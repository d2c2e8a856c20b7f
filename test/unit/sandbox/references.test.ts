// The sandbox refuses dot segments and references not starting with a letter or digit, even
// when a client sends them percent-encoded so no URL normalisation removes them on the way.
import { request } from 'node:http'
import { createHmac } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '../../../sandbox'

let sandbox: RunningSandbox | null = null
afterEach(async () => {
  await sandbox?.close()
  sandbox = null
})

/** A signed request with the path sent exactly as given (fetch would normalise it). */
function rawSigned(sb: RunningSandbox, method: string, path: string) {
  const key = sb.keys[0]!
  const ts = String(Math.floor(Date.now() / 1000))
  return new Promise<{ status: number; body: Record<string, unknown> }>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: sb.port,
        method,
        path,
        headers: {
          'x-key-id': key.key_id,
          'x-timestamp': ts,
          'x-signature': createHmac('sha256', key.secret).update(`${ts}:`).digest('hex'),
        },
      },
      (res) => {
        let text = ''
        res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')))
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: JSON.parse(text) as Record<string, unknown>,
          }),
        )
      },
    )
    req.on('error', reject)
    req.end()
  })
}

describe('dot-segment references', () => {
  it('are 400 validation errors on every path reference', async () => {
    sandbox = await startSandbox({ port: 0 })
    for (const path of [
      '/direct-debits/mandates/%2E%2E',
      '/direct-debits/mandates/%2E',
      '/virtual-accounts/.hidden',
      '/payments/verify/-x',
      '/direct-debits/status/_x',
      '/refunds/%2e%2e',
      '/disbursements/verify?reference=..',
    ]) {
      const got = await rawSigned(sandbox, 'GET', path)
      expect(got.status, path).toBe(400)
      expect(got.body, path).toMatchObject({ code: 'validation_error' })
    }
  })
})
