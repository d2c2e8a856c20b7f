// Earned resend trust outlives a restart: kept in the OS keychain per environment, base URL and
// key id, under the till's id, never in a file. Another till, address or key id has earned
// nothing; an entry that is not whole or names another environment grants nothing; and a
// keychain that cannot be reached only means trust is earned again in this run.
import { describe, expect, it } from 'vitest'
import { tillTrust, trustOf, type TrustScope } from '../../../main/exactly-once/trust'
import { MemoryKeychain } from '../shell/helpers'

function scope(
  keychain: MemoryKeychain,
  o: { till?: string | null; baseUrl?: string; keyId?: string } = {},
): TrustScope {
  return {
    environment: { current: 'sandbox', baseUrl: () => o.baseUrl ?? 'https://gateway.example' },
    settings: { get: () => ({ keyIds: { sandbox: o.keyId ?? 'key_1' } }) },
    now: () => Date.parse('2026-11-27T09:00:00Z'),
    keychain,
    integrity: { tillId: o.till === undefined ? '0123456789abcdef' : o.till },
  }
}

/** A new run of the till: a fresh scope object, so nothing is left in memory. */
async function restarted(s: TrustScope) {
  const fresh = { ...s }
  const { store, key } = tillTrust(fresh)
  await store.warm(key())
  return { trust: trustOf(fresh), state: store.state(key()) }
}

const learnedIn = async (s: TrustScope) => {
  trustOf(s).learn('echo')
  await new Promise((resolve) => setImmediate(resolve))
}

describe('earned resend trust in the keychain', () => {
  it('survives a restart, saying how and since when', async () => {
    const keychain = new MemoryKeychain()
    const s = scope(keychain)
    expect((await restarted(s)).trust.honoured()).toBe(false)
    await learnedIn(s)
    const after = await restarted(s)
    expect(after.trust.honoured()).toBe(true)
    expect(after.state).toMatchObject({
      honoured: true,
      how: 'echo',
      since: new Date(s.now()).toISOString(),
    })
    // The account is this till's, in the keychain only.
    expect([...keychain.entries.keys()]).toEqual([
      expect.stringMatching(
        /^Tilldesk\/till\|Tilldesk reference trust [0-9a-f]{32} 0123456789abcdef$/,
      ),
    ])
  })

  it('another till, base URL or key id has earned nothing', async () => {
    const keychain = new MemoryKeychain()
    await learnedIn(scope(keychain))
    for (const other of [
      scope(keychain, { till: 'fedcba9876543210' }),
      scope(keychain, { baseUrl: 'https://other.example' }),
      scope(keychain, { keyId: 'key_2' }),
    ]) {
      expect((await restarted(other)).trust.honoured()).toBe(false)
    }
  })

  it('an entry that is not whole, or names another environment, grants nothing', async () => {
    const keychain = new MemoryKeychain()
    const s = scope(keychain)
    await learnedIn(s)
    const [account, value] = [...keychain.entries][0]!
    for (const bad of [
      'yes',
      JSON.stringify({ ...JSON.parse(value), key: 'sandbox|https://other.example|key_1' }),
      JSON.stringify({ ...JSON.parse(value), how: 'file' }),
      JSON.stringify({ ...JSON.parse(value), at: 'today' }),
    ]) {
      keychain.entries.set(account, bad)
      expect((await restarted(s)).trust.honoured()).toBe(false)
    }
  })

  it('without a reachable keychain it is earned again each run, and nothing fails', async () => {
    const keychain = new MemoryKeychain()
    keychain.available = false
    const s = scope(keychain)
    await learnedIn(s)
    expect(trustOf(s).honoured()).toBe(true)
    keychain.available = true
    expect((await restarted(s)).trust.honoured()).toBe(false)
  })
})
