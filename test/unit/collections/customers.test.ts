import { describe, expect, it } from 'vitest'
import { createCustomers, validateNewCustomer } from '../../../main/collections/customers'
import { CollectionsError } from '../../../main/collections/errors'
import { FakeGateway, FakeGatewayError, FakeScheduler } from './fakes'

const actor = { id: 'u_cashier01', name: 'Bola' }
const good = { name: 'Ada Obi', email: 'ada@example.com', bvn: '22212345678' }

function setup() {
  const gateway = new FakeGateway(new FakeScheduler())
  const created: unknown[] = []
  const original = gateway.virtualAccounts.create
  gateway.virtualAccounts.create = async (body) => {
    created.push(body)
    return original(body)
  }
  const customers = createCustomers({
    gateway,
    tillName: () => 'Till 1',
    newReference: () => 'TD-NEW-1',
  })
  return { gateway, customers, created }
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

describe('validateNewCustomer', () => {
  it('reports every problem at once, beside its field', () => {
    const { fields } = validateNewCustomer({
      name: ' ',
      email: 'ada@',
      bvn: '1234',
      accountReference: 'has space',
    })
    expect(fields).toEqual({
      name: "Enter the customer's full name.",
      email: '"ada@" is not an e-mail address, e.g. ada@example.com.',
      bvn: 'A BVN is 11 digits; this one has 4. Check it with the customer.',
      accountReference:
        'Use up to 64 letters, digits, dots, dashes or underscores for the reference.',
    })
  })

  it('accepts a BVN typed in groups and rejects letters', () => {
    expect(validateNewCustomer({ ...good, bvn: '222 1234 5678' }).value.bvn).toBe('22212345678')
    expect(validateNewCustomer({ ...good, bvn: '2221234567O' }).fields.bvn).toBe(
      'A BVN has digits only.',
    )
    expect(validateNewCustomer({ ...good, bvn: '' }).fields.bvn).toMatch(
      /Enter the customer’s 11-digit BVN/,
    )
    expect(validateNewCustomer({ ...good, bvn: '222123456789' }).fields.bvn).toMatch(/has 12/)
  })
})

describe('customers', () => {
  it('does not send anything when the BVN is wrong', async () => {
    const { customers, created } = setup()
    const e = await rejection(customers.create({ ...good, bvn: '123' }, actor))
    expect(e.code).toBe('validation')
    expect(e.fields?.bvn).toMatch(/11 digits/)
    expect(created).toEqual([])
  })

  it('creates an account with metadata linking it to the till and sale', async () => {
    const { customers, created } = setup()
    const account = await customers.create({ ...good, saleReference: 'SALE-42' }, actor)
    expect(account).toMatchObject({
      accountReference: 'TD-NEW-1',
      accountName: 'Ada Obi',
      currency: 'NGN',
    })
    expect(created[0]).toMatchObject({
      account_reference: 'TD-NEW-1',
      bvn: '22212345678',
      metadata: { till: 'Till 1', sale_reference: 'SALE-42', created_by: 'Bola' },
    })
  })

  it('says clearly when the reference is taken', async () => {
    const { customers, gateway } = setup()
    gateway.addAccount('CUST-7')
    const e = await rejection(customers.create({ ...good, accountReference: 'CUST-7' }, actor))
    expect(e.code).toBe('duplicate_reference')
    expect(e.message).toMatch(/"CUST-7" already exists/)
    expect(e.fields).toEqual({ accountReference: 'This reference is already taken.' })
  })

  it('maps the gateway’s field errors to the form', async () => {
    const { customers, gateway } = setup()
    // The e-mail lookup answers (no account yet); the create is refused.
    gateway.virtualAccounts.create = async () => {
      throw new FakeGatewayError(400, 'validation', null, false, [
        { field: 'customer_email', message: 'E-mail domain does not accept mail.' },
      ])
    }
    const e = await rejection(customers.create(good, actor))
    expect(e.code).toBe('validation')
    expect(e.fields).toEqual({ email: 'E-mail domain does not accept mail.' })
  })

  it('after a timeout, finds the account the create made instead of failing', async () => {
    const { customers, gateway } = setup()
    const original = gateway.virtualAccounts.create
    gateway.virtualAccounts.create = async (body) => {
      await original(body)
      throw new FakeGatewayError(null, 'timeout', null, true)
    }
    const account = await customers.create(good, actor)
    expect(account.accountReference).toBe('TD-NEW-1')
  })

  it('says the gateway is unreachable rather than a vague failure', async () => {
    const { customers, gateway } = setup()
    gateway.failWith = new FakeGatewayError(null, 'network')
    const e = await rejection(customers.create(good, actor))
    expect(e.code).toBe('gateway_unavailable')
    expect(e.message).toMatch(/can't be reached/)
  })

  it('finds by reference and by e-mail, null when there is none', async () => {
    const { customers, gateway } = setup()
    gateway.addAccount('CUST-1', 'ada@example.com')
    expect((await customers.find('reference', 'CUST-1'))?.accountNumber).toBe('9000000000')
    expect((await customers.find('email', 'ada@example.com'))?.accountReference).toBe('CUST-1')
    expect(await customers.find('reference', 'NOPE')).toBeNull()
    expect(await customers.find('email', 'nobody@example.com')).toBeNull()
    const e = await rejection(customers.find('email', 'not-an-email'))
    expect(e.code).toBe('validation')
  })
})
