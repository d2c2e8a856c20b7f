// Issue: creating a customer whose e-mail or BVN already exists made a second account. A known
// customer gets their existing account; the till's own records and the gateway's e-mail lookup
// are both checked before anything is created. Known customers are found by name, phone,
// e-mail or reference, always with their name.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createHmac } from 'node:crypto'
import {
  memoryDirectory,
  openCustomerDirectory,
  type CustomerDirectory,
} from '../../../main/collections/customerDirectory'
import { ERROR_WORDS } from '../../../common/words/errors'
import { sayIn } from '../../../common/words/said'
import { createCustomers } from '../../../main/collections/customers'
import { english } from '../../../main/kernel/errors'
import { englishIn } from '../../support/english-words'
import { redact } from '../../../main/kernel/log'
import { CollectionsError } from '../../../main/collections/errors'
import { FakeGateway, FakeGatewayError, FakeScheduler } from './fakes'

const actor = { id: 'u_cashier01', name: 'Bola' }
const ada = {
  name: 'Ada Obi',
  email: 'ada@example.com',
  bvn: '22212345678',
  phone: '0803 123 4567',
}
const bvnDigest = (bvn: string) => createHmac('sha256', 'test-key').update(bvn).digest('hex')

function setup(directory: CustomerDirectory = memoryDirectory()) {
  const gateway = new FakeGateway(new FakeScheduler())
  const created: unknown[] = []
  const original = gateway.virtualAccounts.create
  gateway.virtualAccounts.create = async (body) => {
    created.push(body)
    return original(body)
  }
  let n = 0
  const customers = createCustomers({
    gateway,
    tillName: () => 'Till 1',
    newReference: () => `TD-NEW-${++n}`,
    directory: () => directory,
    bvnDigest,
  })
  return { gateway, customers, created, directory }
}

async function rejection(p: Promise<unknown>): Promise<CollectionsError> {
  try {
    await p
  } catch (error) {
    if (error instanceof CollectionsError) return error
    throw error
  }
  throw new Error('expected a CollectionsError')
}

describe('one account per customer', () => {
  it('a known e-mail returns the existing account, never a second one', async () => {
    const { customers, created } = setup()
    const first = await customers.create(ada, actor)
    expect(first).toMatchObject({ existing: false, matchedBy: null })
    const again = await customers.create({ ...ada, email: 'ADA@example.com ', bvn: '' }, actor)
    expect(again).toMatchObject({
      existing: true,
      matchedBy: 'email',
      accountReference: first.accountReference,
    })
    expect(again.message).toMatch(/Ada Obi already has an account/)
    // Keyed beside main's English (the Collect notice), French with no English word; the
    // name, bank and account number are data.
    for (const result of [first, again]) {
      expect(result.say, result.message).toBeDefined()
      expect(english(result.say!)).toBe(result.message)
      let french = sayIn(ERROR_WORDS.fr, result.say!, 'fr-CI')!
      for (const data of [result.accountName, result.bankName, result.accountNumber])
        french = french.split(data).join(' ')
      expect(englishIn(french), french).toEqual([])
    }
    expect(created).toHaveLength(1)
  })

  it('a known BVN returns the existing account even under another e-mail', async () => {
    const { customers, created } = setup()
    const first = await customers.create(ada, actor)
    const again = await customers.create(
      { name: 'Ada O.', email: 'ada.obi@work.example', bvn: '222 1234 5678' },
      actor,
    )
    expect(again).toMatchObject({
      existing: true,
      matchedBy: 'bvn',
      accountReference: first.accountReference,
    })
    expect(created).toHaveLength(1)
  })

  it('asks the gateway by e-mail before creating: an account made elsewhere is reused', async () => {
    const { customers, gateway, created, directory } = setup()
    gateway.addAccount('OTHER-TILL-1', 'ada@example.com')
    const result = await customers.create(ada, actor)
    expect(result).toMatchObject({
      existing: true,
      matchedBy: 'email',
      accountReference: 'OTHER-TILL-1',
    })
    expect(created).toEqual([])
    // Remembered here from now on, so search finds them by name.
    expect(directory.search('Customer OTHER')[0]?.accountReference).toBe('OTHER-TILL-1')
  })

  it('creates nothing when the e-mail lookup cannot say (offline, refusal, a bare 404)', async () => {
    for (const failure of [
      new FakeGatewayError(null, 'network'),
      new FakeGatewayError(500, 'server'),
      new FakeGatewayError(404, 'not_found'), // a route 404: not proof there is no account
    ]) {
      const { customers, gateway, created } = setup()
      gateway.virtualAccounts.byEmail = async () => {
        throw failure
      }
      const e = await rejection(customers.create(ada, actor))
      expect(e.code).toMatch(/gateway_unavailable|cannot_check/)
      expect(e.message).toMatch(/already has an account|not created/i)
      expect(created).toEqual([])
    }
  })

  it('never writes the BVN itself anywhere', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'td-cust-'))
    try {
      const path = join(dir, 'customers.jsonl')
      const { customers } = setup(openCustomerDirectory(path))
      const made = await customers.create(ada, actor)
      const text = readFileSync(path, 'utf8')
      expect(text).not.toContain('22212345678')
      expect(text).toContain(bvnDigest('22212345678'))
      expect(made.bvnMasked).toBe('••••••••678')
      // Survives a restart: the same BVN is still recognised.
      const reopened = setup(openCustomerDirectory(path))
      const again = await reopened.customers.create({ ...ada, email: 'new@example.com' }, actor)
      expect(again).toMatchObject({ existing: true, matchedBy: 'bvn' })
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('search', () => {
  let directory: CustomerDirectory
  beforeEach(async () => {
    directory = memoryDirectory()
    const { customers } = setup(directory)
    await customers.create(ada, actor)
    await customers.create(
      {
        name: 'Emeka Nwosu',
        email: 'emeka@shop.example',
        bvn: '22298765432',
        phone: '+234 809 555 0101',
      },
      actor,
    )
  })
  afterEach(() => undefined)

  it('finds by name, phone, e-mail or reference, and always gives the name', () => {
    expect(directory.search('ada')).toMatchObject([{ name: 'Ada Obi', matched: 'name' }])
    expect(directory.search('obi ada')).toMatchObject([{ name: 'Ada Obi' }])
    expect(directory.search('08031234567')).toMatchObject([{ name: 'Ada Obi', matched: 'phone' }])
    expect(directory.search('+2348031234567')).toMatchObject([{ name: 'Ada Obi' }])
    expect(directory.search('0809 555 0101')).toMatchObject([{ name: 'Emeka Nwosu' }])
    expect(directory.search('shop.example')).toMatchObject([
      { name: 'Emeka Nwosu', matched: 'email' },
    ])
    expect(directory.search('td-new-2')).toMatchObject([
      { name: 'Emeka Nwosu', matched: 'reference', accountReference: 'TD-NEW-2' },
    ])
    expect(directory.search('nobody')).toEqual([])
  })

  it('shows the BVN only masked', () => {
    const [hit] = directory.search('Emeka')
    expect(hit?.bvnMasked).toBe('••••••••432')
    expect(JSON.stringify(hit)).not.toContain('22298765432')
  })
})

describe('BVN in the gateway’s words', () => {
  it('is masked when a refusal echoes it', async () => {
    const { customers, gateway } = setup()
    gateway.virtualAccounts.create = async () => {
      throw new FakeGatewayError(400, 'validation', null, false, [
        { field: 'bvn', message: 'BVN 22212345678 could not be verified.' },
      ])
    }
    const e = await rejection(customers.create(ada, actor))
    expect(e.message).not.toContain('22212345678')
    expect(e.fields?.bvn).toBe('BVN ••••••••678 could not be verified.')
  })
})

describe('BVN in logs', () => {
  it('is redacted like a secret wherever it is logged', () => {
    const logged = JSON.stringify(redact({ input: { name: 'Ada', bvn: '22212345678' } }))
    expect(logged).not.toContain('22212345678')
    expect(logged).toContain('Ada')
  })
})
