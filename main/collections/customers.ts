// Customers' dedicated virtual accounts: find by account reference or e-mail, create one with
// every field checked before anything is sent, and turn gateway refusals into messages a
// cashier can act on. A customer has one account: before creating, the till's own records (by
// e-mail and by BVN) and the gateway's e-mail lookup are asked, and a known customer gets
// their existing account back.
import { checkBvn, cleanBvn, ruleWords } from '../../common/rules'
import { randomBytes } from 'node:crypto'
import * as z from 'zod'
import { CreateVirtualAccountRequest } from '../../common/api/virtualAccounts'
import type {
  VirtualAccount,
  VirtualAccountByEmailResponse,
} from '../../common/api/virtualAccounts'
import { DEFAULT_CURRENCY, isCurrency, type Currency } from '../../common/money'
import type {
  CustomerAccount,
  CustomerCreated,
  CustomerSummary,
} from '../../common/ipc/collections'
import {
  maskBvn,
  memoryDirectory,
  recordOf,
  type CustomerDirectory,
  type CustomerRecord,
} from './customerDirectory'
import type { Said } from '../../common/ipc/contract'
import { english } from '../kernel/errors'
import { collectionsRefusal, type CollectionsError } from './errors'
import { readFailure, type CollectionsGateway } from './gatewayPort'

export interface NewCustomerInput {
  name: string
  email: string
  bvn: string
  phone?: string
  currency?: Currency
  accountReference?: string
  saleReference?: string
}

export interface Actor {
  id: string
  name: string
}

/** The form's field names, as the Collect screen labels them. */
type Field = 'name' | 'email' | 'bvn' | 'phone' | 'currency' | 'accountReference' | 'saleReference'

const EmailCheck = z.email()
// The gateway's reference rule: a letter or digit first, so `.` and `..` never become a path.
const REFERENCE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/

/**
 * Checks a new customer the way the gateway will, before sending, so the cashier gets every
 * problem at once and beside its field. Returns cleaned values (BVN without spaces, etc.).
 */
export function validateNewCustomer(input: NewCustomerInput): {
  value: Required<Omit<NewCustomerInput, 'accountReference' | 'saleReference' | 'phone'>> & {
    accountReference: string | null
    saleReference: string | null
    phone: string | null
  }
  fields: Partial<Record<Field, string>>
} {
  const fields: Partial<Record<Field, string>> = {}
  const name = input.name.trim().replace(/\s+/g, ' ')
  if (name === '') fields.name = "Enter the customer's full name."
  else if (name.length > 120) fields.name = 'Keep the name to 120 characters.'

  const email = input.email.trim()
  if (email === '') fields.email = "Enter the customer's e-mail address."
  else if (email.length > 254 || !EmailCheck.safeParse(email).success)
    fields.email = `"${email}" is not an e-mail address, e.g. ada@example.com.`

  const bvn = cleanBvn(input.bvn)
  const bvnProblem = checkBvn(bvn)
  if (bvnProblem) fields.bvn = ruleWords(bvnProblem)

  const phone = input.phone?.trim().replace(/\s+/g, ' ') || null
  if (phone !== null) {
    const digits = phone.replace(/\D/g, '')
    if (!/^\+?[\d\s()-]+$/.test(phone) || digits.length < 7 || digits.length > 15)
      fields.phone = 'Enter a phone number of 7 to 15 digits, e.g. 0803 123 4567.'
  }

  const currency = input.currency ?? DEFAULT_CURRENCY
  if (!isCurrency(currency)) fields.currency = 'Choose a supported currency.'

  const reference = input.accountReference?.trim() || null
  if (reference !== null && !REFERENCE.test(reference))
    fields.accountReference =
      'Use up to 64 letters, digits, dots, dashes or underscores for the reference.'

  const sale = input.saleReference?.trim() || null
  if (sale !== null && sale.length > 64) fields.saleReference = 'Keep the sale reference to 64.'

  return {
    value: {
      name,
      email,
      bvn,
      phone,
      currency,
      accountReference: reference,
      saleReference: sale,
    },
    fields,
  }
}

/** Gateway field names → our form's. */
const GATEWAY_FIELD: Record<string, Field> = {
  customer_name: 'name',
  customer_email: 'email',
  email: 'email',
  bvn: 'bvn',
  currency_code: 'currency',
  account_reference: 'accountReference',
}

export function toCustomerAccount(
  va: VirtualAccount | VirtualAccountByEmailResponse,
  currency?: Currency,
): CustomerAccount {
  const cur = va.currency_code ?? currency
  if (!cur) throw collectionsRefusal('gateway_rejected', { key: 'collections.noCurrency' })
  return {
    accountReference: va.account_reference,
    accountNumber: va.account_number,
    accountName: va.customer_name,
    bankName: va.bank_name,
    bankCode: va.bank_code ?? null,
    currency: cur,
    customerEmail: va.customer_email,
    metadata: va.metadata ?? {},
    createdAt: va.created_at ?? null,
  }
}

/** A gateway's words may echo what was sent: an 11-digit run (a BVN) is masked before use. */
const maskDigits = (text: string): string =>
  text.replace(/\d{11}/g, (run) => maskBvn(run.slice(-3)) ?? '')

function unavailable(
  what: 'lookUp' | 'lookUpEmail' | 'mayNotBeCreated' | 'notCreated',
): CollectionsError {
  return collectionsRefusal('gateway_unavailable', {
    key: 'collections.unreachable',
    params: { what: { key: `collections.${what}` } },
  })
}

export interface CustomersDeps {
  gateway: CollectionsGateway
  tillName(): string
  /** New account references; random by default. */
  newReference?: () => string
  /** The till's customers in the current environment (in memory by default). */
  directory?: () => CustomerDirectory
  /**
   * A keyed digest of a BVN (HMAC under a keychain key), so a BVN is recognised without ever
   * being stored. Without it, BVNs are not remembered and only the e-mail dedupes.
   */
  bvnDigest?: (bvn: string) => string
  now?: () => number
}

export function newAccountReference(): string {
  return `TD-${Date.now().toString(36).toUpperCase()}-${randomBytes(4).toString('hex').toUpperCase()}`
}

export function createCustomers(deps: CustomersDeps) {
  const nextReference = deps.newReference ?? newAccountReference
  const fallbackDirectory = memoryDirectory()
  const directory = deps.directory ?? (() => fallbackDirectory)
  const nowIso = () => new Date(deps.now?.() ?? Date.now()).toISOString()

  function remember(
    account: CustomerAccount,
    extra: { phone?: string | null; bvn?: string | null } = {},
  ): CustomerRecord {
    const bvn = extra.bvn ?? null
    return directory().remember(
      recordOf(
        account,
        {
          phone: extra.phone ?? null,
          bvnDigest: bvn && deps.bvnDigest ? deps.bvnDigest(bvn) : null,
          bvnLast3: bvn && deps.bvnDigest ? bvn.slice(-3) : null,
        },
        nowIso(),
      ),
    )
  }

  function existing(
    account: CustomerAccount,
    record: CustomerRecord | null,
    matchedBy: 'email' | 'bvn',
  ): CustomerCreated {
    const say = accountSaid(account, 'existing', {
      key: matchedBy === 'email' ? 'collections.customer.byEmail' : 'collections.customer.byBvn',
    })
    return {
      ...account,
      existing: true,
      matchedBy,
      bvnMasked: maskBvn(record?.bvnLast3 ?? null),
      ...saidWithEnglish(say),
    }
  }

  /** The account behind a local record: the gateway's current details when reachable. */
  async function accountOfRecord(r: CustomerRecord): Promise<CustomerAccount> {
    const fromRecord: CustomerAccount = {
      accountReference: r.accountReference,
      accountNumber: r.accountNumber,
      accountName: r.name,
      bankName: r.bankName,
      bankCode: r.bankCode,
      currency: r.currency,
      customerEmail: r.email,
      metadata: {},
      createdAt: null,
    }
    try {
      return (await byReference(r.accountReference)) ?? fromRecord
    } catch {
      return fromRecord
    }
  }

  /**
   * Asks the gateway whether the e-mail already has an account. Only its JSON answer that
   * there is none counts as "none": offline, a refusal or a bare 404 (a proxy's page, a wrong
   * route) leaves it unknown, and then nothing is created (a second account is worse than a
   * customer asked to wait a moment).
   */
  async function gatewayHasEmail(email: string): Promise<CustomerAccount | null> {
    let found: VirtualAccountByEmailResponse
    try {
      found = await deps.gateway.virtualAccounts.byEmail(email)
    } catch (error) {
      const f = readFailure(error)
      if (f.status === 404 && f.recordAbsent) return null
      throw f.unavailable
        ? collectionsRefusal('gateway_unavailable', { key: 'collections.emailUnchecked' })
        : collectionsRefusal('cannot_check', {
            key: 'collections.emailUnknown',
            params: { message: f.message },
          })
    }
    if (found.currency_code) return toCustomerAccount(found)
    return (
      (await byReference(found.account_reference).catch(() => null)) ??
      toCustomerAccount(found, DEFAULT_CURRENCY)
    )
  }

  async function byReference(reference: string): Promise<CustomerAccount | null> {
    try {
      return toCustomerAccount(await deps.gateway.virtualAccounts.get(reference))
    } catch (error) {
      const f = readFailure(error)
      if (f.status === 404) return null
      if (f.unavailable) throw unavailable('lookUp')
      throw collectionsRefusal('gateway_rejected', {
        key: 'gateway.said',
        params: { message: f.message },
      })
    }
  }

  async function byEmail(email: string): Promise<CustomerAccount | null> {
    if (!EmailCheck.safeParse(email).success)
      throw collectionsRefusal(
        'validation',
        { key: 'collections.notEmail', params: { email } },
        { value: english({ key: 'collections.enterEmail' }) },
      )
    let found: VirtualAccountByEmailResponse
    try {
      found = await deps.gateway.virtualAccounts.byEmail(email)
    } catch (error) {
      const f = readFailure(error)
      if (f.status === 404) return null
      if (f.unavailable) throw unavailable('lookUpEmail')
      throw collectionsRefusal('gateway_rejected', {
        key: 'gateway.said',
        params: { message: f.message },
      })
    }
    // The e-mail lookup names fewer fields; the full record fills in the currency.
    if (found.currency_code) return toCustomerAccount(found)
    return (
      (await byReference(found.account_reference)) ?? toCustomerAccount(found, DEFAULT_CURRENCY)
    )
  }

  return {
    /** Finds an account; null when there is none. A found customer is remembered for search. */
    async find(by: 'reference' | 'email', value: string): Promise<CustomerAccount | null> {
      const v = value.trim()
      if (by !== 'email' && !REFERENCE.test(v))
        throw collectionsRefusal(
          'validation',
          { key: 'collections.notReference' },
          { value: english({ key: 'collections.referenceChars' }) },
        )
      const found = by === 'email' ? await byEmail(v) : await byReference(v)
      if (found) remember(found)
      return found
    },

    /** Known customers by name, phone, e-mail or reference, each with their name. */
    search(query: string, limit?: number): CustomerSummary[] {
      return directory().search(query, limit)
    },

    /** Remembers an account seen elsewhere (a charge's), so search knows its name. */
    remember(account: CustomerAccount): void {
      remember(account)
    },

    async create(input: NewCustomerInput, actor: Actor): Promise<CustomerCreated> {
      // Required fields first, all at once. A known customer is recognised by e-mail alone
      // (the BVN is not asked for again), so a blank BVN is checked only after that.
      const { value, fields } = validateNewCustomer(input)
      const blocking = Object.keys(fields).filter((f) => f !== 'bvn' || value.bvn !== '')
      if (blocking.length > 0)
        throw collectionsRefusal('validation', { key: 'input.checkFields' }, fields)

      const dir = directory()
      const local = dir.byEmail(value.email)
      if (local) return existing(await accountOfRecord(local), local, 'email')
      const digest = value.bvn !== '' && deps.bvnDigest ? deps.bvnDigest(value.bvn) : null
      const localBvn = digest ? dir.byBvnDigest(digest) : null
      if (localBvn) return existing(await accountOfRecord(localBvn), localBvn, 'bvn')
      if (Object.keys(fields).length > 0)
        throw collectionsRefusal('validation', { key: 'input.checkFields' }, fields)

      const atGateway = await gatewayHasEmail(value.email)
      if (atGateway) {
        const record = remember(atGateway, { phone: value.phone })
        return existing(atGateway, record, 'email')
      }

      const account = await createAccount(value, actor)
      const record = remember(account, { phone: value.phone, bvn: value.bvn })
      return {
        ...account,
        existing: false,
        matchedBy: null,
        bvnMasked: maskBvn(record.bvnLast3),
        ...saidWithEnglish(accountSaid(account, 'created')),
      }
    },
  }

  async function createAccount(
    value: ReturnType<typeof validateNewCustomer>['value'],
    actor: Actor,
  ): Promise<CustomerAccount> {
    {
      const reference = value.accountReference ?? nextReference()
      const metadata: Record<string, string> = { till: deps.tillName(), created_by: actor.name }
      if (value.saleReference) metadata.sale_reference = value.saleReference
      const request = CreateVirtualAccountRequest.parse({
        account_reference: reference,
        customer_name: value.name,
        customer_email: value.email,
        currency_code: value.currency,
        bvn: value.bvn,
        metadata,
      })
      try {
        return toCustomerAccount(await deps.gateway.virtualAccounts.create(request))
      } catch (error) {
        const f = readFailure(error)
        if (f.status === 409)
          throw collectionsRefusal(
            'duplicate_reference',
            { key: 'collections.referenceExists', params: { reference } },
            { accountReference: english({ key: 'collections.referenceTaken' }) },
          )
        if (f.outcomeUnknown) {
          // The create may have gone through; the reference says whether it did.
          const existing = await byReference(reference).catch(() => null)
          if (existing && existing.customerEmail.toLowerCase() === value.email.toLowerCase())
            return existing
          throw unavailable('mayNotBeCreated')
        }
        if (f.unavailable) throw unavailable('notCreated')
        if (f.fieldErrors.length > 0) {
          const mapped: Partial<Record<Field, string>> = {}
          for (const fe of f.fieldErrors) {
            const field = GATEWAY_FIELD[fe.field]
            if (field) mapped[field] = maskDigits(fe.message)
          }
          throw collectionsRefusal(
            'validation',
            {
              key: 'collections.accountRefused',
              params: { message: maskDigits(f.fieldErrors.map((e) => e.message).join(' ')) },
            },
            mapped,
          )
        }
        throw collectionsRefusal('gateway_rejected', {
          key: 'collections.accountRefused',
          params: { message: maskDigits(f.message) },
        })
      }
    }
  }
}

export type Customers = ReturnType<typeof createCustomers>

/** The cashier's notice about `account`, keyed (`collections.customer`); its names are data. */
function accountSaid(account: CustomerAccount, key: 'existing' | 'created', how?: Said): Said {
  return {
    key: `collections.customer.${key}`,
    params: {
      name: account.accountName,
      bank: account.bankName,
      number: account.accountNumber,
      ...(how ? { how } : {}),
    },
  }
}

const saidWithEnglish = (say: Said) => ({ message: english(say), say })
