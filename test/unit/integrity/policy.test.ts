// The payout policy (limits per role, approval lifetime) carries authority: sealed with the
// till's device key, its generation kept in the keychain. A raised limit, a longer approval
// lifetime, a deleted or an older file stops payouts, in words, until an admin saves it again.
import { mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { IntegrityService } from '../../../main/integrity'
import { PolicyStore } from '../../../main/payouts/policy'
import { MemoryKeychain } from '../shell/helpers'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

async function setup() {
  const dir = mkdtempSync(join(tmpdir(), 'tilldesk-policy-'))
  dirs.push(dir)
  const keychain = new MemoryKeychain()
  const file = join(dir, 'policy.json')
  const open = async () => {
    const integrity = await IntegrityService.open({ keychain })
    const store = await PolicyStore.open(file, integrity.journal('till', 'payout-policy'))
    return { store, integrity }
  }
  const { store, integrity } = await open()
  await store.update({ limits: { cashier: { perItem: '1000', perDay: '5000' } } })
  await integrity.flushed()
  return { file, open }
}

describe('sealed payout policy', () => {
  it('reads back what an admin saved', async () => {
    const { open } = await setup()
    const { store } = await open()
    expect(store.current().limits.cashier.perItem).toBe(100_000)
  })

  it('a raised limit written by hand stops payouts and is reported', async () => {
    const { file, open } = await setup()
    const raw = JSON.parse(readFileSync(file, 'utf8')) as {
      limits: { cashier: { perItem: number; perDay: number } }
    }
    raw.limits.cashier = { perItem: 100_000_000, perDay: 100_000_000 }
    writeFileSync(file, JSON.stringify(raw))
    const { store, integrity } = await open()
    expect(() => store.current()).toThrow(/Payouts are stopped: .*changed outside Tilldesk/)
    expect(integrity.findings.list()).toContainEqual(
      expect.objectContaining({ area: 'settings', file: expect.stringContaining('payout-policy') }),
    )
    // An admin who has checked saves it again.
    await store.update({ approvalTtlMinutes: 60 })
    expect(store.current().approvalTtlMs).toBe(3_600_000)
  })

  it('an older copy or a deleted file is not used either', async () => {
    const { file, open } = await setup()
    const older = readFileSync(file, 'utf8')
    const second = await open()
    await second.store.update({ approvalTtlMinutes: 30 })
    await second.integrity.flushed()
    writeFileSync(file, older)
    const rolled = await open()
    expect(() => rolled.store.current()).toThrow(/older copy/)
    unlinkSync(file)
    const deleted = await open()
    expect(() => deleted.store.current()).toThrow(/missing/)
  })
})
