import { describe, expect, it } from 'vitest'
import type { DebitView, MandateCreateInput, MandateView } from '../../../common/ipc/mandates'
import type { Minor } from '../../../common/money'
import { ERROR_WORDS } from '../../../common/words/errors'
import { FORMAT_LOCALE } from '../../../common/words'
import { sayIn } from '../../../common/words/said'
import { AppError } from '../../../main/kernel/errors'
import { createLogger } from '../../../main/kernel/log'
import { BankDirectory } from '../../../main/mandates/bank-directory'
import { DebitsService } from '../../../main/mandates/debits-service'
import { DebitEntry, MandateEntry } from '../../../main/mandates/mandate-entries'
import { MandatesService } from '../../../main/mandates/mandates-service'
import { Follower, SETTLEMENT_SCHEDULE } from '../../../main/exactly-once/follower'
import { Journal, memoryStorage } from '../../../main/payments/journal'
import { ManualTimers, gwError, recorder } from '../payments/support'
import { FakeDirectDebits } from './fake-direct-debits'
import { rejection } from '../../support/async'

function setup(gateway = new FakeDirectDebits()) {
  const timers = new ManualTimers()
  const logLines: string[] = []
  const log = createLogger((level, message, data) =>
    logLines.push(`${level} ${message} ${JSON.stringify(data ?? null)}`),
  )
  const mandateStorage = memoryStorage()
  const debitStorage = memoryStorage()
  const mandates = new Journal({
    name: 'mandates',
    schema: MandateEntry,
    storage: mandateStorage,
    keyOf: (e) => e.mandateReference,
    timeOf: (e) => e.createdAt,
    limit: 1000,
  })
  const debits = new Journal({
    name: 'debits',
    schema: DebitEntry,
    storage: debitStorage,
    keyOf: (e) => e.paymentReference,
    timeOf: (e) => e.createdAt,
    limit: 2000,
  })
  const follower = new Follower(SETTLEMENT_SCHEDULE, timers)
  const banks = new BankDirectory({
    gateway: async () => gateway,
    gatewayKey: () => 'gw',
    now: () => timers.now(),
  })
  const mandateEvents = recorder<MandateView>()
  const debitEvents = recorder<DebitView>()
  const actor = () => ({ id: 'u_cashier01', name: 'Ada' })
  const mandateService = new MandatesService({
    gateway: async () => gateway,
    mandates,
    debits,
    banks,
    debitFollower: follower,
    debitView: (d) => debitService.view(d),
    publish: mandateEvents.publish,
    actor,
    log,
    now: () => timers.now(),
  })
  const debitService: DebitsService = new DebitsService({
    gateway: async () => gateway,
    debits,
    mandates: mandateService,
    follower,
    publish: debitEvents.publish,
    actor,
    log,
    now: () => timers.now(),
  })
  return {
    gateway,
    timers,
    mandates,
    debits,
    follower,
    mandateService,
    debitService,
    mandateEvents,
    debitEvents,
    logLines,
    mandateStorage,
    debitStorage,
  }
}

const form: MandateCreateInput = {
  customerName: 'Bola Ade',
  customerEmail: 'bola@example.com',
  accountNumber: '0123 456 789',
  bankCode: '044',
  startDate: '2025-01-20',
  endDate: '2025-02-19',
  maxMonthlyAmount: '50000',
  maxMonthlyDebitCount: '3',
  currency: 'NGN',
}

describe('creating a mandate', () => {
  it('offers and accepts only banks with a three-digit code (spec: "Three-digit bank code")', async () => {
    const { mandateService, gateway } = setup()
    expect((await mandateService.banks()).map((b) => b.code).sort()).toEqual(['044', '057'])
    const error = await rejection(mandateService.create({ ...form, bankCode: '50211' }))
    expect(error.fields?.bankCode).toMatch(/three-digit/)
    expect(gateway.calls).not.toContain('createMandate')
  })

  it('checks every field in main, including the 30-day minimum, and sends nothing when wrong', async () => {
    const { mandateService, gateway } = setup()
    const error = await rejection(
      mandateService.create({
        ...form,
        customerName: ' ',
        customerEmail: 'bola@',
        accountNumber: '12345',
        bankCode: '999',
        startDate: '2025-01-10',
        endDate: '2025-02-01',
        maxMonthlyAmount: '-5',
        maxMonthlyDebitCount: '0',
      }),
    )
    expect(Object.keys(error.fields ?? {}).sort()).toEqual([
      'accountNumber',
      'bankCode',
      'customerEmail',
      'customerName',
      'endDate',
      'maxMonthlyAmount',
      'maxMonthlyDebitCount',
      'startDate',
    ])
    expect(error.fields?.startDate).toMatch(/past/)
    const short = await rejection(mandateService.create({ ...form, endDate: '2025-02-18' }))
    expect(short.fields).toEqual({
      endDate: 'The mandate must run at least 30 days: end on 19 Feb 2025 or later.',
    })
    expect(gateway.calls).not.toContain('createMandate')
  })

  it('fixes the reference, journals it before sending, and sends exact minor units', async () => {
    const { mandateService, gateway, mandates, mandateEvents } = setup()
    const view = await mandateService.create(form)
    const sent = gateway.mandatesById.get(view.mandateReference)
    expect(view.mandateReference).toMatch(/^MD_/)
    expect(sent).toMatchObject({
      account_number: '0123456789',
      max_monthly_amount: 5_000_000,
      max_monthly_debit_count: 3,
      start_date: '2025-01-20',
      end_date: '2025-02-19',
    })
    expect(view).toMatchObject({
      status: 'pending_activation',
      bankName: 'Access Bank',
      can: { initiateActivation: true, validateActivation: false, debit: false, cancel: true },
      usage: {
        month: '2025-01',
        maxAmount: 5_000_000,
        usedAmount: 0,
        remainingAmount: 5_000_000,
        remainingCount: 3,
      },
    })
    expect(mandates.get(view.mandateReference)?.confirmed).toBe(true)
    expect(mandateEvents.seen).toHaveLength(1)
  })

  it('settles a lost create answer by looking the reference up later', async () => {
    const { mandateService, gateway, mandates } = setup()
    gateway.fail(
      'createMandate',
      gwError('timeout', { status: null, outcomeUnknown: true }),
      'after',
    )
    // No lookup straight after a timeout: the request may still be on its way.
    const error = await rejection(mandateService.create(form))
    expect(error.code).toBe('mandate_unconfirmed')
    const reference = mandates.list()[0]!.mandateReference
    const view = await mandateService.get(reference)
    expect(gateway.calls.filter((c) => c === 'createMandate')).toHaveLength(1)
    expect(view.status).toBe('pending_activation')
  })

  it('maps gateway field errors to the form and forgets a refused mandate', async () => {
    const { mandateService, gateway, mandates } = setup()
    gateway.fail(
      'createMandate',
      gwError('validation', {
        fieldErrors: [{ field: 'account_number', message: 'Unknown account.' }],
      }),
    )
    const error = await rejection(mandateService.create(form))
    expect(error.fields).toEqual({ accountNumber: 'Unknown account.' })
    expect(mandates.list()).toHaveLength(0)
  })
})

describe('a mandate create whose answer was lost', () => {
  const lost = () => gwError('timeout', { status: null, outcomeUnknown: true })

  it('is kept after a JSON 404, and sent again (same reference) only after the minimum wait', async () => {
    const { mandateService, gateway, mandates, timers } = setup()
    gateway.fail('createMandate', lost(), 'before')
    expect((await rejection(mandateService.create(form))).code).toBe('mandate_unconfirmed')
    const reference = mandates.list()[0]!.mandateReference
    // Straight after the timeout the gateway says it has none: that proves nothing yet.
    expect((await rejection(mandateService.refresh(reference))).code).toBe('mandate_unconfirmed')
    const early = await mandateService.get(reference)
    expect(early.outcome?.state).toBe('unknown')
    expect(early.notice).toMatch(/hasn't confirmed this mandate yet/)
    expect(early.can.debit).toBe(false)
    expect(mandates.has(reference)).toBe(true)
    expect(gateway.calls.filter((c) => c === 'createMandate')).toHaveLength(1)
    await timers.advance(26_000)
    const view = await mandateService.get(reference)
    expect(view.status).toBe('pending_activation')
    expect(gateway.calls.filter((c) => c === 'createMandate')).toHaveLength(2)
    expect([...gateway.mandatesById.keys()]).toEqual([reference])
  })

  it('is followed up on its own, without anyone opening it, until settled or reviewed', async () => {
    const { mandateService, gateway, mandates, timers, mandateEvents } = setup()
    gateway.fail('createMandate', lost(), 'before')
    await rejection(mandateService.create(form))
    const reference = mandates.list()[0]!.mandateReference
    await timers.advance(30_000)
    expect(mandates.get(reference)?.confirmed).toBe(true)
    expect(gateway.calls.filter((c) => c === 'createMandate')).toHaveLength(2)
    expect(mandateEvents.seen.at(-1)).toMatchObject({ mandateReference: reference, outcome: null })

    const second = setup()
    second.gateway.fail('createMandate', lost(), 'before')
    second.gateway.fail('createMandate', gwError('unprocessable'), 'before')
    await rejection(second.mandateService.create(form))
    const held = second.mandates.list()[0]!.mandateReference
    await second.timers.advance(31 * 60_000)
    expect(second.mandates.get(held)?.uncertainty?.review).toMatch(/supervisor/)
    expect(second.mandateEvents.seen.at(-1)?.outcome?.state).toBe('needs_review')
  })

  it('a refused resend settles nothing; past the window it needs review, with the evidence', async () => {
    const { mandateService, gateway, mandates, timers } = setup()
    gateway.fail('createMandate', lost(), 'before')
    gateway.fail('createMandate', gwError('unprocessable', { message: 'Bad account' }), 'before')
    await rejection(mandateService.create(form))
    const reference = mandates.list()[0]!.mandateReference
    await timers.advance(26_000)
    expect((await rejection(mandateService.refresh(reference))).code).toBe('mandate_unconfirmed')
    expect(mandates.has(reference)).toBe(true)
    await timers.advance(31 * 60_000)
    const late = await rejection(mandateService.refresh(reference))
    expect(late.code).toBe('mandate_unconfirmed')
    expect(late.message).toMatch(/supervisor/)
    const view = await mandateService.get(reference)
    expect(view.notice).toMatch(/supervisor/)
    expect(view.outcome?.state).toBe('needs_review')
    // The first send and the latest lookups are kept; the refused resend is remembered.
    expect(view.outcome?.steps[0]?.call).toBe('send')
    expect(view.outcome?.steps.at(-1)?.said).toMatch(/no mandate with this reference/)
    expect(mandates.get(reference)?.uncertainty?.resendRefused).toBe(true)
    expect(view.can.debit).toBe(false)
    // Never sent a third time after the refusal.
    expect(gateway.calls.filter((c) => c === 'createMandate')).toHaveLength(2)
  })
})

describe('activating a mandate', () => {
  it('needs the code sent first, then activates with OTP and PIN', async () => {
    const { mandateService } = setup()
    const created = await mandateService.create(form)
    const early = await rejection(
      mandateService.validateActivation(created.mandateReference, '123456', '1234'),
    )
    expect(early.message).toMatch(/Send the code first/)
    const initiated = await mandateService.initiateActivation(created.mandateReference)
    expect(initiated.can.validateActivation).toBe(true)
    const wrong = await rejection(
      mandateService.validateActivation(created.mandateReference, '000000', '1234'),
    )
    expect(wrong.message).toMatch(/didn't accept the code or PIN/)
    const active = await mandateService.validateActivation(
      created.mandateReference,
      '482913',
      '7351',
    )
    expect(active).toMatchObject({
      status: 'active',
      can: { debit: true, cancel: true, initiateActivation: false },
    })
  })

  it('never stores or logs the OTP or PIN', async () => {
    const { mandateService, gateway, logLines, mandateStorage, debitStorage } = setup()
    const created = await mandateService.create(form)
    await mandateService.initiateActivation(created.mandateReference)
    gateway.fail(
      'validateActivation',
      gwError('timeout', { status: null, outcomeUnknown: true }),
      'after',
    )
    const view = await mandateService.validateActivation(created.mandateReference, '482913', '7351')
    expect(view.status).toBe('active')
    expect(gateway.credentials.at(-1)).toMatchObject({
      param1: 'otp',
      value1: '482913',
      param2: 'pin',
      value2: '7351',
    })
    const everything = JSON.stringify([logLines, mandateStorage.saved, debitStorage.saved, view])
    expect(everything).not.toContain('482913')
    expect(everything).not.toContain('7351')
  })
})

describe('cancelling a mandate', () => {
  it('cancels for good, and refuses a second cancel or a debit afterwards', async () => {
    const { mandateService, debitService, gateway } = setup()
    gateway.addActive('MD_A')
    const view = await mandateService.cancel('MD_A')
    expect(view).toMatchObject({
      status: 'cancelled',
      can: { debit: false, cancel: false, initiateActivation: false },
    })
    expect((await rejection(mandateService.cancel('MD_A'))).message).toMatch(/already cancelled/)
    const debit = await rejection(
      debitService.debit({ mandateReference: 'MD_A', amount: '10', narration: 'Rent' }),
    )
    expect(debit.code).toBe('mandate_not_active')
    expect(debit.message).toMatch(/new mandate/)
  })
})

describe('debits', () => {
  it('charges with a fixed reference, the mandate e-mail, and follows the debit to success', async () => {
    const { debitService, mandateService, gateway, timers, debitEvents } = setup()
    gateway.addActive('MD_A')
    const debit = await debitService.debit({
      mandateReference: 'MD_A',
      amount: '12,000.50',
      narration: 'January rent',
    })
    const sent = gateway.debitsById.get(debit.paymentReference)
    expect(debit.paymentReference).toMatch(/^DD_/)
    expect(sent).toMatchObject({ amount: 1_200_050, narration: 'January rent' })
    expect(debit).toMatchObject({ status: 'pending', following: true, final: false })
    gateway.settleDebit(debit.paymentReference, 'success')
    await timers.advance(2_000)
    expect(debitEvents.seen.at(-1)).toMatchObject({
      status: 'success',
      final: true,
      following: false,
    })
    const view = mandateService.view('MD_A')
    expect(view.usage).toMatchObject({
      usedAmount: 1_200_050,
      usedCount: 1,
      remainingAmount: 3_799_950,
      remainingCount: 2,
      usedPercent: 24,
    })
  })

  it("stops a debit over this month's remaining limit beside the amount", async () => {
    const { debitService, gateway } = setup()
    gateway.addActive('MD_A', {
      max_monthly_amount: 10_000_00 as Minor,
      max_monthly_debit_count: 2,
    })
    await debitService.debit({ mandateReference: 'MD_A', amount: '6000', narration: 'Part 1' })
    const over = await rejection(
      debitService.debit({ mandateReference: 'MD_A', amount: '4000.01', narration: 'Part 2' }),
    )
    expect(over.fields?.amount).toBe("Only ₦4,000.00 is left of this month's ₦10,000.00 limit.")
    // Keyed beside its English, so a French till says it in French (common/words/errors.ts).
    const said = over.fieldSay?.amount
    expect(said?.key).toBe('mandates.form.overMonthLeft')
    const french = said && sayIn(ERROR_WORDS.fr, said, FORMAT_LOCALE.fr)
    expect(french).toMatch(
      /^Il ne reste que 4\s000,00\sNGN sur le plafond de 10\s000,00\sNGN de ce mois\.$/u,
    )
    await debitService.debit({ mandateReference: 'MD_A', amount: '4000', narration: 'Part 2' })
    const count = await rejection(
      debitService.debit({ mandateReference: 'MD_A', amount: '1', narration: 'Part 3' }),
    )
    expect(count.code).toBe('limit_exceeded')
    expect(count.message).toMatch(/all 2 debits allowed for 2025-01/)
    expect(gateway.debitsById.size).toBe(2)
  })

  it('counts a failed debit as an attempt, but not its amount', async () => {
    // Spec, Limits: max_monthly_debit_count caps "debit attempts per calendar month".
    const { debitService, mandateService, gateway, timers } = setup()
    gateway.addActive('MD_A', { max_monthly_debit_count: 2 })
    const first = await debitService.debit({
      mandateReference: 'MD_A',
      amount: '100',
      narration: 'Try',
    })
    gateway.settleDebit(first.paymentReference, 'failed', 'Insufficient funds')
    await timers.advance(2_000)
    expect(mandateService.view('MD_A').debits[0]).toMatchObject({
      status: 'failed',
      failureReason: 'Insufficient funds',
    })
    expect(mandateService.view('MD_A').usage).toMatchObject({
      usedCount: 1,
      remainingCount: 1,
      usedAmount: 0,
    })
    await debitService.debit({ mandateReference: 'MD_A', amount: '100', narration: 'Again' })
    const third = await rejection(
      debitService.debit({ mandateReference: 'MD_A', amount: '1', narration: 'Once more' }),
    )
    expect(third.code).toBe('limit_exceeded')
  })

  it('explains the gateway refusing a debit over the limit counted elsewhere', async () => {
    const { debitService, gateway, debits } = setup()
    gateway.addActive('MD_A')
    gateway.fail('debit', gwError('unprocessable', { code: 'limit_exceeded' }))
    const error = await rejection(
      debitService.debit({ mandateReference: 'MD_A', amount: '10', narration: 'Rent' }),
    )
    expect(error.message).toMatch(/monthly limit \(debits made elsewhere count too\)/)
    expect(debits.list()).toHaveLength(0)
  })

  it('settles a lost debit answer by status after the wait, never charging twice', async () => {
    const { debitService, gateway, timers, debitEvents } = setup()
    gateway.addActive('MD_A')
    gateway.fail('debit', gwError('server', { outcomeUnknown: true }), 'after')
    const debit = await debitService.debit({
      mandateReference: 'MD_A',
      amount: '10',
      narration: 'Rent',
    })
    expect(debit.status).toBe('starting')
    await timers.advance(28_000)
    expect(debitEvents.seen.at(-1)).toMatchObject({ status: 'pending' })
    expect(gateway.debitsById.size).toBe(1)
    expect(gateway.calls.filter((c) => c === 'debit')).toHaveLength(1)
  })

  it('keeps an unconfirmed debit and resends the same reference once the gateway says it has none', async () => {
    const { debitService, gateway, timers, debitEvents } = setup()
    gateway.addActive('MD_A')
    gateway.fail('debit', gwError('server', { outcomeUnknown: true }))
    const debit = await debitService.debit({
      mandateReference: 'MD_A',
      amount: '10',
      narration: 'Rent',
    })
    expect(debit).toMatchObject({ status: 'starting', following: true })
    expect(debit.notice).toMatch(/Don't charge again/)
    await timers.advance(20_000)
    expect(gateway.debitsById.has(debit.paymentReference)).toBe(false)
    await timers.advance(8_000)
    expect(gateway.debitsById.has(debit.paymentReference)).toBe(true)
    expect(debitEvents.seen.at(-1)).toMatchObject({
      paymentReference: debit.paymentReference,
      status: 'pending',
      notice: null,
    })
  })

  it('never says nothing was charged: a debit it cannot settle waits for a supervisor', async () => {
    const { debitService, gateway, timers, debitEvents } = setup()
    gateway.addActive('MD_A')
    for (let i = 0; i < 500; i++)
      gateway.fail('debit', gwError('network', { outcomeUnknown: true }))
    const debit = await debitService.debit({
      mandateReference: 'MD_A',
      amount: '10',
      narration: 'Rent',
    })
    await timers.advance(11 * 60_000)
    const last = debitEvents.seen.at(-1)
    expect(last).toMatchObject({ paymentReference: debit.paymentReference, status: 'starting' })
    expect(last?.notice).toMatch(/may or may not have gone through.*supervisor/)
    expect(debitEvents.seen.some((v) => v.status === 'not_sent')).toBe(false)
  })

  it('refuses a second debit on a mandate while one is being sent', async () => {
    const { debitService, gateway } = setup()
    gateway.addActive('MD_A')
    const first = debitService.debit({ mandateReference: 'MD_A', amount: '10', narration: 'One' })
    const second = await rejection(
      debitService.debit({ mandateReference: 'MD_A', amount: '10', narration: 'Two' }),
    )
    expect(second.code).toBe('debit_in_progress')
    await first
  })
})

describe('a debit of another till looked up by reference', () => {
  it("is shown in its mandate's currency, never assumed naira (the status record has none)", async () => {
    const { debitService, gateway } = setup()
    gateway.addActive('MD_USD', { currency: 'USD' })
    gateway.debitsById.set('DD_ELSEWHERE', {
      status: 'success',
      payment_reference: 'DD_ELSEWHERE',
      mandate_reference: 'MD_USD',
      amount: 2550 as Minor,
      narration: 'Gym',
      month: '2025-01',
    })
    const view = await debitService.status('DD_ELSEWHERE')
    expect(view).toMatchObject({ amount: 2550, currency: 'USD' })
  })

  it("a debit's amount is read in the mandate's currency", async () => {
    const { debitService, gateway } = setup()
    gateway.addActive('MD_USD', { currency: 'USD' })
    const wrong = await rejection(
      debitService.debit({ mandateReference: 'MD_USD', amount: '₦5', narration: 'Gym' }),
    )
    expect(wrong.fields?.amount).toBeDefined()
    const view = await debitService.debit({
      mandateReference: 'MD_USD',
      amount: '$5',
      narration: 'Gym',
    })
    expect(view).toMatchObject({ amount: 500, currency: 'USD' })
  })

  it('says so in words when neither the debit nor its mandate gives a currency', async () => {
    const { debitService, gateway } = setup()
    gateway.debitsById.set('DD_NOWHERE', {
      status: 'success',
      payment_reference: 'DD_NOWHERE',
      mandate_reference: 'MD_GONE',
      amount: 2550 as Minor,
      narration: 'Gym',
      month: '2025-01',
    })
    const error = await rejection(debitService.status('DD_NOWHERE'))
    expect(error.code).toBe('gateway_record_incomplete')
    expect(error.message).toMatch(/currency/)
  })
})

describe('list and lookup', () => {
  it('remembers mandates created here or looked up, newest first', async () => {
    const { mandateService, gateway, timers } = setup()
    const created = await mandateService.create(form)
    await timers.advance(1_000)
    gateway.addActive('ELSEWHERE-1', { created_at: '2025-01-15T10:30:00.000Z' })
    await mandateService.get('ELSEWHERE-1')
    expect(mandateService.list().map((m) => m.mandateReference)).toEqual([
      'ELSEWHERE-1',
      created.mandateReference,
    ])
    expect((await rejection(mandateService.get('NOPE'))).code).toBe('not_found')
  })

  it("resolves the account holder's name, and says when there is no such account", async () => {
    const { mandateService } = setup()
    expect(
      await mandateService.resolveAccount({
        bankCode: '044',
        accountNumber: '0123456789',
        currency: 'NGN',
      }),
    ).toEqual({
      accountNumber: '0123456789',
      accountName: 'BOLA ADE',
      bankName: 'Access Bank',
    })
    const missing = await rejection(
      mandateService.resolveAccount({
        bankCode: '044',
        accountNumber: '0000000000',
        currency: 'NGN',
      }),
    )
    expect(missing.message).toMatch(/no account with that number/)
  })
})

describe('a mandate lookup that answers with another mandate', () => {
  // How the reference is passed is "not shown": a gateway that ignored it would answer with any
  // mandate. Taking it for ours would charge another customer's account.
  it('charges nobody, keeps the other mandate out of the journal and says why', async () => {
    const { debitService, gateway, mandates } = setup()
    gateway.addActive('MD_OURS')
    gateway.addActive('MD_OTHER', { customer_email: 'other@example.com' })
    const getMandate = gateway.directDebits.getMandate
    gateway.directDebits.getMandate = () => getMandate('MD_OTHER')
    const error = await rejection(
      debitService.debit({ mandateReference: 'MD_OURS', amount: '100', narration: 'June' }),
    )
    expect(error).toBeInstanceOf(AppError)
    expect(error.message).toMatch(/Could not look up the mandate/)
    expect(gateway.debitsById.size).toBe(0)
    expect(mandates.get('MD_OTHER')).toBeUndefined()
  })
})
