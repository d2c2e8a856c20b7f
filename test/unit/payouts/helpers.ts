// Test doubles for payouts: a fake gateway that keeps transfers by reference (like the real
// one, a reused reference is a 409) with scriptable faults, a temp dir, and a few people.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Transfer, TransferStatus } from '../../../common/api/disbursements'
import type { Minor } from '../../../common/money'
import { GatewayError, type GatewayErrorKind } from '../../../main/gateway/errors'
import { english } from '../../../main/kernel/errors'
import type { Sealer } from '../../../main/integrity/seal'
import { bindingHash } from '../../../main/payouts/binding'
import { PayoutCommands, type Person, type PayoutPolicy } from '../../../main/payouts/commands'
import type { DisbursementBody, PayoutsGateway } from '../../../main/payouts/gatewayPort'
import { DEFAULT_LIMITS } from '../../../main/payouts/limits'
import type { NameEnquiryResult } from '../../../main/payouts/nameEnquiry'
import type { PayoutItem, PayoutState } from '../../../main/payouts/model'
import { Outbox } from '../../../main/payouts/outbox'
import { PayoutSender, type SenderOptions } from '../../../main/payouts/sender'

export async function tempDir(): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'tilldesk-payouts-'))
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) }
}

export const cashier: Person = { id: 'u_cashier0001', name: 'Ada Cashier', role: 'cashier' }
export const cashier2: Person = { id: 'u_cashier0002', name: 'Bode Cashier', role: 'cashier' }
export const supervisor: Person = {
  id: 'u_super00001',
  name: 'Sade Supervisor',
  role: 'supervisor',
}
export const supervisor2: Person = {
  id: 'u_super00002',
  name: 'Tunde Supervisor',
  role: 'supervisor',
}
export const admin: Person = { id: 'u_admin00001', name: 'Ngozi Admin', role: 'admin' }

export const GOOD_PIN = '4321'

export function gatewayError(
  kind: GatewayErrorKind,
  extra: {
    status?: number | null
    code?: string | null
    retryAfterMs?: number
    message?: string
    /** For a 404: the JSON answer said the record does not exist (the default for a 404). */
    recordAbsent?: boolean
  } = {},
): GatewayError {
  return new GatewayError({
    kind,
    status: extra.status ?? null,
    gatewayMessage: extra.message ?? null,
    code: extra.code ?? null,
    endpoint: 'initializeDisbursement',
    method: 'POST',
    path: '/disbursements/initialize',
    capability: 'disbursements',
    retryPolicy: 'by_reference',
    outcomeUnknown: ['server', 'timeout', 'network'].includes(kind),
    retryable: false,
    retryAfterMs: extra.retryAfterMs ?? null,
    recordAbsent: extra.recordAbsent ?? kind === 'not_found',
  })
}

export type Fault =
  | { kind: 'timeout' | 'network' | '500'; when: 'before' | 'after' }
  | { kind: '429'; retryAfterMs: number }
  | { kind: '422'; message: string }
  | { kind: 'auth' }
  /** A 404 that is not the gateway saying "no such record": a route 404, a proxy's page. */
  | { kind: '404-route' }

/** Holder names by account number, as a bank would give them. */
export const HOLDERS: Record<string, string> = {
  '0123456789': 'OKAFOR ADAEZE NGOZI',
  '1111111111': 'BELLO MUSA',
  '2222222222': 'EZE CHINEDU',
}

export class FakeGateway implements PayoutsGateway {
  readonly transfers = new Map<string, Transfer>()
  /** Every call, in order: "initialize:REF", "verify:REF", "resolve:ACCOUNT". */
  readonly calls: string[] = []
  /** Faults for the next initialize / verify calls, consumed in order. */
  readonly initFaults: Fault[] = []
  readonly verifyFaults: Fault[] = []
  resolveUnavailable = false
  /** Status a new transfer starts in, and what the next verify moves it to. */
  startStatus: TransferStatus = 'pending'
  settleTo: TransferStatus | null = 'success'
  /**
   * Commit lag: how many verifies of a newly committed transfer still answer "no such record"
   * (the write side already sees it, so a resend is a 409).
   */
  commitLagVerifies = 0
  readonly #hidden = new Map<string, number>()
  /** Optional hook that decides each fault at random (property tests). */
  randomFault: ((call: 'initialize' | 'verify') => Fault | null) | null = null

  banks = {
    list: async () => ({
      data: [
        { name: 'Access Bank', code: '044' },
        { name: 'Guaranty Trust Bank', code: '058' },
      ],
    }),
    resolve: async (body: { bank: string; account: string }) => {
      this.calls.push(`resolve:${body.account}`)
      if (this.resolveUnavailable) throw gatewayError('network')
      const name = HOLDERS[body.account]
      if (!name) throw gatewayError('not_found', { status: 404 })
      return {
        data: {
          bank_name: 'Access Bank',
          bank_code: body.bank,
          account_number: body.account,
          account_name: name,
        },
      }
    },
  }

  disbursements = {
    initialize: async (body: DisbursementBody): Promise<Transfer> => {
      this.calls.push(`initialize:${body.reference}`)
      const fault = this.initFaults.shift() ?? this.randomFault?.('initialize') ?? null
      const commit = (): Transfer => {
        if (this.transfers.has(body.reference)) {
          throw gatewayError('conflict', { status: 409, code: 'duplicate_reference' })
        }
        const now = new Date().toISOString()
        const transfer: Transfer = {
          reference: body.reference,
          status: this.startStatus,
          amount: body.amount,
          currency: body.currency,
          bank_code: body.bank_code,
          account_number: body.account_number,
          narration: body.narration,
          created_at: now,
          updated_at: now,
        }
        this.transfers.set(body.reference, transfer)
        if (this.commitLagVerifies > 0) this.#hidden.set(body.reference, this.commitLagVerifies)
        return { ...transfer }
      }
      if (!fault) return commit()
      switch (fault.kind) {
        case '429':
          throw gatewayError('rate_limited', { status: 429, retryAfterMs: fault.retryAfterMs })
        case '422':
          throw gatewayError('unprocessable', { status: 422, message: fault.message })
        case 'auth':
          throw gatewayError('invalid_signature', { status: 401 })
        case '404-route':
          throw gatewayError('not_found', { status: 404, recordAbsent: false })
        default:
          if (fault.when === 'after') commit()
          throw gatewayError(fault.kind === '500' ? 'server' : fault.kind, {
            status: fault.kind === '500' ? 500 : null,
          })
      }
    },
    verify: async (reference: string): Promise<Transfer> => {
      this.calls.push(`verify:${reference}`)
      const fault = this.verifyFaults.shift() ?? this.randomFault?.('verify') ?? null
      if (fault) {
        if (fault.kind === '429')
          throw gatewayError('rate_limited', { status: 429, retryAfterMs: fault.retryAfterMs })
        if (fault.kind === '404-route')
          throw gatewayError('not_found', { status: 404, recordAbsent: false })
        throw gatewayError(
          fault.kind === '500'
            ? 'server'
            : fault.kind === 'auth'
              ? 'invalid_signature'
              : fault.kind === '422'
                ? 'unprocessable'
                : fault.kind,
          { status: fault.kind === '500' ? 500 : null },
        )
      }
      const transfer = this.transfers.get(reference)
      const hidden = this.#hidden.get(reference) ?? 0
      if (transfer && hidden > 0) {
        this.#hidden.set(reference, hidden - 1)
        throw gatewayError('not_found', { status: 404 })
      }
      if (!transfer) throw gatewayError('not_found', { status: 404 })
      if (this.settleTo && (transfer.status === 'pending' || transfer.status === 'processing')) {
        transfer.status = this.settleTo
        if (this.settleTo === 'failed') transfer.failure_reason = 'Beneficiary account not found'
      }
      return { ...transfer }
    },
  }

  count(prefix: 'initialize' | 'verify' | 'resolve', reference?: string): number {
    return this.calls.filter(
      (c) => c.startsWith(`${prefix}:`) && (!reference || c === `${prefix}:${reference}`),
    ).length
  }
}

export interface World {
  outbox: Outbox
  commands: PayoutCommands
  gateway: FakeGateway
  clock: { now: number }
  policy: PayoutPolicy
  dir: string
  cleanup: () => Promise<void>
}

/** An outbox, commands over a fake gateway and PIN check, and a settable clock. */
export async function world(
  options: {
    dir?: string
    policy?: Partial<PayoutPolicy>
    gateway?: FakeGateway
    /** Signs approvals, as the app does with the environment's device key. */
    approvalSealer?: Sealer
  } = {},
): Promise<World> {
  const temp = options.dir ? { dir: options.dir, cleanup: async () => undefined } : await tempDir()
  const clock = { now: Date.parse('2025-03-10T09:00:00Z') }
  const policy: PayoutPolicy = {
    limits: DEFAULT_LIMITS,
    approvalTtlMs: 8 * 3_600_000,
    utcOffsetMinutes: 60,
    ...options.policy,
  }
  const outbox = await Outbox.open({ dir: temp.dir, now: () => clock.now })
  const gateway = options.gateway ?? new FakeGateway()
  const resolveName = async (
    bankCode: string,
    accountNumber: string,
  ): Promise<NameEnquiryResult> => {
    try {
      const answer = await gateway.banks.resolve({ bank: bankCode, account: accountNumber })
      return {
        kind: 'resolved',
        accountName: answer.data.account_name,
        bankName: answer.data.bank_name,
        at: clock.now,
      }
    } catch (error) {
      if (error instanceof GatewayError && error.kind === 'not_found') {
        const say = { key: 'payouts.review.noAccount', params: { account: accountNumber } }
        return { kind: 'no_account', message: english(say), say }
      }
      return { kind: 'unavailable', message: 'offline' }
    }
  }
  const recent = new Map<string, { accountName: string; at: number }>()
  const commands = new PayoutCommands({
    outbox,
    now: () => clock.now,
    policy: () => policy,
    verifyPin: async (_userId, pin) => {
      if (pin !== GOOD_PIN) {
        const { AppError } = await import('../../../main/kernel/errors')
        throw new AppError('wrong_pin', 'Wrong PIN.')
      }
    },
    resolveName: async (bankCode, accountNumber) => {
      const result = await resolveName(bankCode, accountNumber)
      if (result.kind === 'resolved') recent.set(`${bankCode}|${accountNumber}`, result)
      return result
    },
    recentBankName: (bankCode, accountNumber) => recent.get(`${bankCode}|${accountNumber}`) ?? null,
    bankName: (code) => ({ '044': 'Access Bank', '058': 'Guaranty Trust Bank' })[code],
    approvalSealer: options.approvalSealer ?? null,
  })
  const result: World = {
    outbox,
    commands,
    gateway,
    clock,
    policy,
    dir: temp.dir,
    cleanup: async () => {
      await outbox.close().catch(() => undefined)
      // A test may swap in a reopened outbox; close that one too.
      await result.outbox.close().catch(() => undefined)
      await temp.cleanup()
    },
  }
  return result
}

export const naira = (major: number): Minor => (major * 100) as Minor

export const draftInput = (overrides: Partial<Parameters<PayoutCommands['draft']>[1]> = {}) => ({
  purpose: 'supplier' as const,
  bankCode: '044',
  accountNumber: '0123456789',
  accountName: 'Adaeze Okafor Ngozi',
  nameConfirmed: false,
  amount: '12,500.50',
  narration: 'Invoice 42',
  recipientEmail: null,
  submit: false,
  ...overrides,
})

/** A bare item in any state, for reducer and limit tests. */
export function itemFixture(state: PayoutState, extra: Partial<PayoutItem> = {}): PayoutItem {
  const base: PayoutItem = {
    reference: 'TDP-TEST-1',
    state,
    purpose: 'supplier',
    amount: naira(1000),
    currency: 'NGN',
    bankCode: '044',
    bankName: 'Access Bank',
    accountNumber: '0123456789',
    accountName: 'OKAFOR ADAEZE',
    nameSource: 'bank',
    nameCheck: null,
    narration: 'x',
    recipientEmail: null,
    createdBy: { ...cashier },
    createdAt: 0,
    makers: [cashier.id],
    submittedAt: null,
    approval: null,
    decision: null,
    reviewReason: null,
    transfer: null,
    sendAttempts: 0,
    problem: null,
    updatedAt: 0,
  }
  return { ...base, ...extra }
}

/**
 * Real time for a sender's scheduling from here on: the world's clock moves with the wall
 * clock, starting where it stood (so approvals stay far from expiry).
 */
export function realClock(w: Pick<World, 'clock'>): void {
  const start = Date.now()
  const base = w.clock.now
  Object.defineProperty(w.clock, 'now', {
    get: () => base + (Date.now() - start),
    configurable: true,
  })
}

/** Payees the fake bank knows, with their names as a cashier would type them. */
export const PAYEES = [
  ['0123456789', 'Okafor Adaeze Ngozi'],
  ['1111111111', 'Bello Musa'],
  ['2222222222', 'Eze Chinedu'],
] as const

/** A payout to payee `index` (of PAYEES, in turn) for 1000 + index, drafted and approved. */
export async function approvedPayout(w: World, index = 0): Promise<PayoutItem> {
  const [accountNumber, accountName] = PAYEES[index % PAYEES.length]!
  const item = await w.commands.draft(
    cashier,
    draftInput({ submit: true, accountNumber, accountName, amount: String(1000 + index) }),
  )
  return w.commands.approve(supervisor, item.reference, GOOD_PIN, bindingHash(item))
}

/**
 * A sender over the world's outbox and gateway at test paces (milliseconds), each account's
 * name found as HOLDERS says, no reversal watch unless asked. Not started.
 */
export function quickSender(w: World, extra: Partial<SenderOptions> = {}): PayoutSender {
  return new PayoutSender({
    outbox: w.outbox,
    gateway: async () => w.gateway,
    resolveName: async (_bank, account) => ({
      kind: 'resolved',
      accountName: HOLDERS[account]!,
      bankName: 'Access Bank',
      at: w.clock.now,
    }),
    now: () => w.clock.now,
    pollMs: 1,
    retryBaseMs: 2,
    retryMaxMs: 20,
    idleMs: 5,
    reversalWatchMs: 0,
    verifyAfterMs: 2,
    ...extra,
  })
}
