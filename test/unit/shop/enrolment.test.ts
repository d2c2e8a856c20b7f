// Enrolment's secrets on the wire, without a server: what a code-making till sends to the
// PostgreSQL server must never hold the code itself (a statement log there would keep it);
// the role password goes as a SCRAM verifier. PostgreSQL accepting those verifiers (a till
// joins with the code, then logs in with its own password) is held in
// test/integration/shop/shop-mode.test.ts; here, that the plaintext never leaves.
import { createHash, createHmac, pbkdf2Sync } from 'node:crypto'
import type { ClientBase } from 'pg'
import { describe, expect, it } from 'vitest'
import { createEnrolmentCode, normalizeCode } from '../../../main/shop/enrolment'
import { openEnrolmentBox } from '../../../main/shop/pepper'
import { scramVerifier } from '../../../main/shop/scram'

/** A client that keeps what it was asked to run, as the server (and its log) would see it. */
function recordingClient(): { client: ClientBase; sent: string[] } {
  const sent: string[] = []
  const client = {
    query: async (text: string, values?: unknown[]) => {
      sent.push(text, ...(values ?? []).map((v) => String(v)))
      return { rows: [], rowCount: 0 }
    },
  } as unknown as ClientBase
  return { client, sent }
}

describe('an enrolment code on the wire', () => {
  it('reaches the server only as a SCRAM verifier and a hash, never as the code', async () => {
    const { client, sent } = recordingClient()
    const { code } = await createEnrolmentCode(client, 30, null, { 'front-abc123': 'key' })
    const normalized = normalizeCode(code)
    for (const text of sent) {
      expect(text).not.toContain(normalized)
      expect(text).not.toContain(code)
    }
    expect(sent.some((text) => /PASSWORD 'SCRAM-SHA-256\$4096:/i.test(text))).toBe(true)
    // The box carries the code-making till's pinned keys, for the code only.
    const box = sent.find((text) => text.startsWith('v2.'))!
    expect((await openEnrolmentBox(box, normalized)).tills).toEqual({ 'front-abc123': 'key' })
  })

  it('makes the verifier PostgreSQL stores (RFC 5802: StoredKey and ServerKey)', () => {
    const salt = Buffer.from('0123456789abcdef')
    const verifier = scramVerifier('K7M2QXR9TD', salt)
    const [, rest] = verifier.split('$', 2) as [string, string]
    const [iterations, saltText] = rest.split(':') as [string, string]
    expect(Number(iterations)).toBe(4096)
    expect(Buffer.from(saltText, 'base64')).toEqual(salt)
    const salted = pbkdf2Sync('K7M2QXR9TD', salt, 4096, 32, 'sha256')
    const stored = createHash('sha256')
      .update(createHmac('sha256', salted).update('Client Key').digest())
      .digest('base64')
    const server = createHmac('sha256', salted).update('Server Key').digest('base64')
    expect(verifier.endsWith(`$${stored}:${server}`)).toBe(true)
    expect(() => scramVerifier("it's")).toThrow()
  })
})
