// The till's own record of the customers it has served: who they are (name, e-mail, phone),
// their dedicated account, and a keyed digest of their BVN (never the BVN). It answers two
// questions the gateway cannot: "is this BVN already a customer here?" (the spec has no lookup
// by BVN) and "who is this?" by name or phone, so screens never show a bare `TD-…` reference.
// One JSON Lines journal per environment; the latest line for a reference wins.
import type { Currency } from '../../common/money'
import type { CustomerAccount, CustomerSummary } from '../../common/ipc/collections'
import type { JournalSeal } from '../integrity'
import { openJournal } from './journal'

export interface CustomerRecord {
  accountReference: string
  name: string
  email: string
  phone: string | null
  accountNumber: string
  bankName: string
  bankCode: string | null
  currency: Currency
  /** HMAC-SHA256 of the BVN under a keychain key: recognises it, cannot reveal it. */
  bvnDigest: string | null
  /** The last three digits, for the masked display. */
  bvnLast3: string | null
  seenAt: string
}

export interface CustomerDirectory {
  byEmail(email: string): CustomerRecord | null
  byBvnDigest(digest: string): CustomerRecord | null
  byReference(reference: string): CustomerRecord | null
  search(query: string, limit?: number): CustomerSummary[]
  /** Adds or updates a customer; fields given as null keep what was known. */
  remember(record: CustomerRecord): CustomerRecord
  close(): void
}

/** "••••••••678": the BVN as any screen may show it. */
export const maskBvn = (last3: string | null): string | null =>
  last3 === null ? null : `${'•'.repeat(8)}${last3}`

const emailKey = (email: string) => email.trim().toLowerCase()

/**
 * Phone numbers as digits in their national form: "+234 803 123 4567", "2348031234567" and
 * "0803 123 4567" are one number (Nigeria's +234 replaces the trunk 0).
 */
export function phoneKey(phone: string): string {
  const digits = phone.replace(/\D/g, '')
  if (digits.startsWith('234') && digits.length >= 12) return `0${digits.slice(3)}`
  return digits
}

export function summaryOf(r: CustomerRecord, matched: CustomerSummary['matched']): CustomerSummary {
  return {
    accountReference: r.accountReference,
    name: r.name,
    email: r.email,
    phone: r.phone,
    accountNumber: r.accountNumber,
    bankName: r.bankName,
    currency: r.currency,
    bvnMasked: maskBvn(r.bvnLast3),
    matched,
  }
}

/** A customer record from an account the gateway returned. */
export function recordOf(
  account: CustomerAccount,
  extra: { phone?: string | null; bvnDigest?: string | null; bvnLast3?: string | null },
  seenAt: string,
): CustomerRecord {
  return {
    accountReference: account.accountReference,
    name: account.accountName,
    email: account.customerEmail,
    phone: extra.phone ?? null,
    accountNumber: account.accountNumber,
    bankName: account.bankName,
    bankCode: account.bankCode,
    currency: account.currency,
    bvnDigest: extra.bvnDigest ?? null,
    bvnLast3: extra.bvnLast3 ?? null,
    seenAt,
  }
}

const isRecord = (v: unknown): v is CustomerRecord => {
  if (typeof v !== 'object' || v === null) return false
  const r = v as Record<string, unknown>
  return (
    typeof r.accountReference === 'string' &&
    typeof r.name === 'string' &&
    typeof r.email === 'string' &&
    typeof r.accountNumber === 'string'
  )
}

function directoryOver(
  initial: readonly CustomerRecord[],
  persist: (r: CustomerRecord) => void,
  close: () => void,
): CustomerDirectory {
  const byRef = new Map<string, CustomerRecord>()
  for (const r of initial) byRef.set(r.accountReference, r)

  /** The most recently seen match: the spec's e-mail lookup also answers with the newest. */
  const newest = (pick: (r: CustomerRecord) => boolean): CustomerRecord | null => {
    let best: CustomerRecord | null = null
    for (const r of byRef.values()) if (pick(r) && (!best || r.seenAt > best.seenAt)) best = r
    return best
  }

  return {
    byEmail: (email) => newest((r) => emailKey(r.email) === emailKey(email)),
    byBvnDigest: (digest) => newest((r) => r.bvnDigest === digest),
    byReference: (reference) => byRef.get(reference) ?? null,

    search(query, limit = 20) {
      const q = query.trim().toLowerCase()
      if (q === '') return []
      const words = q.split(/\s+/)
      const qPhone = phoneKey(q)
      const hits: { r: CustomerRecord; matched: CustomerSummary['matched']; rank: number }[] = []
      for (const r of byRef.values()) {
        const name = r.name.toLowerCase()
        let matched: CustomerSummary['matched'] | null = null
        let rank = 9
        if (r.accountReference.toLowerCase() === q || r.accountNumber === q) {
          matched = 'reference'
          rank = 0
        } else if (words.every((w) => name.includes(w))) {
          matched = 'name'
          rank = name.startsWith(words[0]!) ? 1 : 2
        } else if (q.includes('@') || r.email.toLowerCase().includes(q)) {
          if (r.email.toLowerCase().includes(q)) {
            matched = 'email'
            rank = 3
          }
        }
        if (
          matched === null &&
          qPhone.length >= 4 &&
          /^[\d\s+()-]+$/.test(q) &&
          r.phone &&
          phoneKey(r.phone).includes(qPhone)
        ) {
          matched = 'phone'
          rank = 3
        }
        if (
          matched === null &&
          q.length >= 3 &&
          (r.accountReference.toLowerCase().includes(q) || r.accountNumber.includes(q))
        ) {
          matched = 'reference'
          rank = 4
        }
        if (matched) hits.push({ r, matched, rank })
      }
      return hits
        .sort((a, b) => a.rank - b.rank || a.r.name.localeCompare(b.r.name))
        .slice(0, limit)
        .map((h) => summaryOf(h.r, h.matched))
    },

    remember(record) {
      const held = byRef.get(record.accountReference)
      const next: CustomerRecord = held
        ? {
            ...held,
            ...record,
            phone: record.phone ?? held.phone,
            bvnDigest: record.bvnDigest ?? held.bvnDigest,
            bvnLast3: record.bvnLast3 ?? held.bvnLast3,
          }
        : record
      const changed =
        JSON.stringify({ ...next, seenAt: '' }) !== JSON.stringify({ ...held, seenAt: '' })
      byRef.set(next.accountReference, next)
      // Only a change is written: looking a customer up again costs no disk write.
      if (changed) persist(next)
      return next
    },

    close,
  }
}

/**
 * The directory at `path` (created when missing), sealed with the environment's device key
 * when `seal` is given: a customer's account number is shown to pay into, so an edited line
 * must never be read (openJournal throws journal_damaged, reported to the admin).
 */
export function openCustomerDirectory(
  path: string,
  seal: JournalSeal | null = null,
): CustomerDirectory {
  const journal = openJournal<CustomerRecord>(path, {
    decode: (v) => (isRecord(v) ? v : null),
    seal,
    domain: 'customers.journal.v1',
  })
  return directoryOver(
    journal.records,
    (r) => journal.append(r),
    () => journal.close(),
  )
}

/** Same behaviour, nothing on disk (tests, an unconfigured till). */
export function memoryDirectory(initial: readonly CustomerRecord[] = []): CustomerDirectory {
  return directoryOver(
    initial,
    () => undefined,
    () => undefined,
  )
}
