import { describe, expect, it } from 'vitest'
import type { CheckoutView } from '../../../common/ipc/payments'
import type { Environment } from '../../../common/ipc/shared'
import { CHECKOUT_SCHEDULE, Follower } from '../../../main/exactly-once/follower'
import { Journal, memoryStorage } from '../../../main/payments/journal'
import { PaymentEntry } from '../../../main/payments/payment-entry'
import { PaymentsService } from '../../../main/payments/payments-service'
import { FakeCheckoutGateway, GATEWAY_URL } from './fake-checkout-gateway'
import { ManualTimers, expectKeyed, gwError, log, recorder } from './support'
import { rejection } from '../../support/async'

const VERIFY_AFTER_MS = 25_000
const WINDOW_MS = 10 * 60_000

function setup(
  options: {
    storage?: ReturnType<typeof memoryStorage>
    openExternal?: ((url: string) => Promise<void>) | null
    environment?: Environment
    gateway?: FakeCheckoutGateway
  } = {},
) {
  const gateway = options.gateway ?? new FakeCheckoutGateway()
  const timers = new ManualTimers()
  const storage = options.storage ?? memoryStorage()
  const journal = new Journal({
    name: 'payments',
    schema: PaymentEntry,
    storage,
    keyOf: (e) => e.reference,
    timeOf: (e) => e.createdAt,
    limit: 200,
    keep: (e) => e.status === 'starting' || e.status === 'pending',
  })
  const follower = new Follower(CHECKOUT_SCHEDULE, timers)
  const published = recorder<CheckoutView>()
  const opened: string[] = []
  const service = new PaymentsService({
    gateway: async () => gateway,
    journal,
    follower,
    publish: published.publish,
    actor: () => ({ id: 'u_cashier01', name: 'Ada' }),
    tillName: () => 'Till 1',
    environment: () => options.environment ?? 'demo',
    gatewayBaseUrl: () => GATEWAY_URL,
    openExternal:
      options.openExternal === undefined
        ? async (url) => void opened.push(url)
        : options.openExternal,
    log,
    now: () => timers.now(),
    verifyAfterMs: VERIFY_AFTER_MS,
    unknownWindowMs: WINDOW_MS,
  })
  return { gateway, timers, storage, journal, follower, published, opened, service }
}

const validInput = { email: 'buyer@example.com', amount: '₦12,500.50', currency: 'NGN' as const }

describe('PaymentsService.start', () => {
  it('puts field errors beside the fields and sends nothing when the form is wrong', async () => {
    const { service, gateway, journal } = setup()
    const error = await rejection(
      service.start({ email: 'buyer@', amount: '12.3456', currency: 'NGN' }),
    )
    expect(error.code).toBe('invalid_input')
    expect(error.fields?.email).toMatch(/e-mail/)
    expect(error.fields?.amount).toMatch(/decimal places/)
    const zero = await rejection(service.start({ ...validInput, amount: '0' }))
    expect(zero.fields?.amount).toBe('Enter an amount more than zero.')
    expect(gateway.initializeCalls).toHaveLength(0)
    expect(journal.list()).toHaveLength(0)
  })

  it('journals the reference before sending and sends exactly that reference with the exact amount', async () => {
    const { service, gateway, journal } = setup()
    let journalledFirst: PaymentEntry | undefined
    gateway.onInitialize = (body) => {
      journalledFirst = journal.get(body.reference ?? '')
    }
    const view = await service.start({
      ...validInput,
      customerName: 'Bola',
      description: 'Invoice 7',
    })
    expect(journalledFirst?.status).toBe('starting')
    const sent = gateway.initializeCalls[0]
    expect(sent?.reference).toBe(view.reference)
    expect(view.reference).toMatch(/^PAY_[0-9A-Z]+_[0-9A-F]{16}$/)
    expect(sent?.amount).toBe(1_250_050)
    expect(sent?.customer_name).toBe('Bola')
    expect(sent?.metadata).toEqual({ till: 'Till 1', cashier: 'Ada', description: 'Invoice 7' })
    expect(view).toMatchObject({
      status: 'pending',
      final: false,
      amount: 1_250_050,
      takenBy: 'Ada',
      following: true,
      checkout: { url: `${GATEWAY_URL}/checkout/${view.reference}`, canOpenExternally: true },
    })
    expect(view.checkout?.qr.modules).toHaveLength((view.checkout?.qr.size ?? 0) ** 2)
  })

  it('drops the journal entry and explains a definite refusal, with gateway field errors mapped', async () => {
    const { service, gateway, journal } = setup()
    gateway.failInitialize(
      gwError('validation', { fieldErrors: [{ field: 'customer_name', message: 'Too long.' }] }),
    )
    const error = await rejection(service.start(validInput))
    expect(error.fields).toEqual({ customerName: 'Too long.' })
    expect(journal.list()).toHaveLength(0)

    gateway.failInitialize(gwError('network', { outcomeUnknown: false }))
    const offline = await rejection(service.start(validInput))
    expect(offline.code).toBe('gateway_unreachable')
    expect(offline.message).toMatch(/internet connection/)
  })

  it('settles a lost answer by verifying the reference after the wait, without a second initialize', async () => {
    const { service, gateway, timers, journal } = setup()
    gateway.failInitialize(gwError('timeout', { status: null, outcomeUnknown: true }), 'after')
    const view = await service.start(validInput)
    expect(view.status).toBe('starting')
    expect(view.outcome?.state).toBe('unknown')
    await timers.advance(VERIFY_AFTER_MS + 2_000)
    expect(gateway.initializeCalls).toHaveLength(1)
    const entry = journal.get(view.reference)
    expect(entry?.status).toBe('pending')
    expect(entry?.authorizationUrl).toContain(view.reference)
  })

  it('sends the same reference once more when the gateway says it never arrived', async () => {
    const { service, gateway, timers, journal } = setup()
    gateway.failInitialize(gwError('timeout', { status: null, outcomeUnknown: true }), 'before')
    const view = await service.start(validInput)
    await timers.advance(VERIFY_AFTER_MS + 2_000)
    expect(gateway.initializeCalls.map((c) => c.reference)).toEqual([
      view.reference,
      view.reference,
    ])
    expect(gateway.records.size).toBe(1)
    expect(journal.get(view.reference)?.status).toBe('pending')
  })

  it('keeps an unconfirmed payment, warns the cashier, and confirms it on a later check', async () => {
    const { service, gateway, timers, published } = setup()
    gateway.failInitialize(gwError('server', { outcomeUnknown: true }), 'before')
    gateway.failVerify(gwError('network', { method: 'GET' }))
    const view = await service.start(validInput)
    expect(view.status).toBe('starting')
    expect(view.notice).toMatch(/don't do it again/)
    // The first check can't reach the gateway; the next finds nothing and resends.
    await timers.advance(VERIFY_AFTER_MS + 2_000)
    expect(gateway.initializeCalls).toHaveLength(1)
    await timers.advance(2_000)
    expect(gateway.initializeCalls.map((c) => c.reference)).toEqual([
      view.reference,
      view.reference,
    ])
    expect(published.seen.at(-1)).toMatchObject({
      reference: view.reference,
      status: 'pending',
      notice: null,
    })
  })
})

describe('following a payment', () => {
  it('verifies on schedule until final and publishes each change', async () => {
    const { service, gateway, timers, published, follower } = setup()
    const view = await service.start(validInput)
    await timers.advance(2_000)
    expect(published.seen.at(-1)?.status).toBe('pending')
    gateway.settle(view.reference, 'success')
    await timers.advance(2_000)
    expect(published.seen.at(-1)).toMatchObject({
      status: 'success',
      final: true,
      paymentMethod: 'card',
      checkout: null,
    })
    expect(follower.isFollowing(view.reference)).toBe(false)
    const calls = gateway.verifyCalls
    await timers.advance(60_000)
    expect(gateway.verifyCalls).toBe(calls)
  })

  it('slows down with age and gives up after 30 minutes with a notice', async () => {
    const { service, gateway, timers, published } = setup()
    const view = await service.start(validInput)
    await timers.advance(2 * 60_000)
    const quick = gateway.verifyCalls
    expect(quick).toBeGreaterThanOrEqual(59)
    await timers.advance(8 * 60_000)
    expect(gateway.verifyCalls - quick).toBeLessThanOrEqual(97)
    await timers.advance(21 * 60_000)
    expect(published.seen.at(-1)).toMatchObject({ reference: view.reference, following: false })
    expect(published.seen.at(-1)?.notice).toMatch(/Check status/)
    expect(timers.pending).toBe(0)
    // Check status after that follows it afresh.
    const again = await service.get(view.reference)
    expect(again).toMatchObject({ following: true, notice: null })
    gateway.settle(view.reference, 'success')
    await timers.advance(2_000)
    expect(published.seen.at(-1)).toMatchObject({ status: 'success', final: true })
  })

  it('never lets a stale answer move a final payment back', async () => {
    const { service, gateway, journal } = setup()
    const view = await service.start(validInput)
    gateway.settle(view.reference, 'success')
    await service.get(view.reference)
    gateway.settle(view.reference, 'pending')
    const again = await service.get(view.reference)
    expect(again.status).toBe('success')
    expect(journal.get(view.reference)?.status).toBe('success')
  })

  it('resumes open payments after a restart, from the journal file', async () => {
    const first = setup()
    const view = await first.service.start(validInput)
    first.service.stop()
    const second = setup({ storage: first.storage, gateway: first.gateway })
    second.service.resume()
    expect(second.follower.isFollowing(view.reference)).toBe(true)
    first.gateway.settle(view.reference, 'failed')
    await second.timers.advance(2_000)
    expect(second.published.seen.at(-1)).toMatchObject({
      reference: view.reference,
      status: 'failed',
      final: true,
    })
  })

  it('shows a verify failure as a notice instead of failing the lookup', async () => {
    const { service, gateway } = setup()
    const view = await service.start(validInput)
    gateway.failVerify(gwError('invalid_api_key', { method: 'GET' }))
    const checked = await service.get(view.reference)
    expect(checked.status).toBe('pending')
    expect(checked.notice).toMatch(/Ask an admin/)
  })
})

describe('a first send that the till itself fails after the gateway took it', () => {
  // The request left and the gateway made the payment; then the till's own disk refused one
  // write (a file locked for a moment). The payment must stay on the till, unknown and
  // followed up by its reference, never forgotten as if nothing had been sent.
  it('keeps the payment, to be settled by its reference', async () => {
    const storage = memoryStorage()
    const save = storage.save.bind(storage)
    let saves = 0
    storage.save = (value) => {
      if (++saves === 2) throw new Error('EBUSY: resource busy or locked')
      save(value)
    }
    const { service, journal, gateway } = setup({ storage })
    await service.start(validInput).catch(() => undefined)
    expect(saves).toBeGreaterThan(2)
    const [reference] = [...gateway.records.keys()]
    expect(reference).toBeDefined()
    expect(journal.has(reference!)).toBe(true)
  })
})

describe('looking up and opening payments', () => {
  it('looks up a payment of another till without remembering it', async () => {
    const { service, gateway, journal } = setup()
    await gateway.payments.initialize({ ...validInput, amount: 5000 as never, reference: 'WEB-1' })
    gateway.settle('WEB-1', 'success')
    const view = await service.get('WEB-1')
    expect(view).toMatchObject({
      reference: 'WEB-1',
      status: 'success',
      takenHere: false,
      takenBy: null,
    })
    expect(journal.has('WEB-1')).toBe(false)
    const missing = await rejection(service.get('NOPE'))
    expect(missing.code).toBe('not_found')
    expect(missing.message).toContain('NOPE')
  })

  it("never shows another payment's record as the one looked up", async () => {
    // How verify takes the reference is "not shown": a gateway may answer with another
    // customer's paid payment, which a cashier would read as this customer's.
    const { service, gateway, journal } = setup()
    await gateway.payments.initialize({ ...validInput, amount: 5000 as never, reference: 'WEB-2' })
    gateway.settle('WEB-2', 'success')
    gateway.records.set('WEB-1', { ...gateway.records.get('WEB-2')! })
    const error = await rejection(service.get('WEB-1'))
    expect(error.message).toMatch(/could not read/)
    expect(journal.has('WEB-1')).toBe(false)
  })

  it("opens only the gateway's own checkout page, from main's record", async () => {
    const { service, opened, gateway, journal } = setup()
    const view = await service.start(validInput)
    expect(await service.openCheckout(view.reference)).toEqual({ opened: true, message: null })
    expect(opened).toEqual([`${GATEWAY_URL}/checkout/${view.reference}`])

    journal.update(view.reference, (e) => ({ ...e, authorizationUrl: 'https://evil.example/pay' }))
    const refused = await service.openCheckout(view.reference)
    expect(refused.opened).toBe(false)
    expect(refused.message).toMatch(/not on the gateway's site/)
    expectKeyed(refused.message, refused.say)
    expect(opened).toHaveLength(1)

    gateway.settle(view.reference, 'success')
    await service.get(view.reference)
    const done = await service.openCheckout(view.reference)
    expect(done.message).toMatch(/no longer waiting/)
    expectKeyed(done.message, done.say)
  })

  it('in the browser preview, offers the link and QR code instead of opening', async () => {
    const { service } = setup({ openExternal: null })
    const view = await service.start(validInput)
    expect(view.checkout?.canOpenExternally).toBe(false)
    const preview = await service.openCheckout(view.reference)
    expect(preview.message).toMatch(/QR code/)
    expectKeyed(preview.message, preview.say)
  })

  it('simulates the customer only on the demo gateway', async () => {
    const demo = setup()
    const view = await demo.service.start(validInput)
    const paid = await demo.service.simulate(view.reference, 'success')
    expect(paid.status).toBe('success')

    const live = setup({ environment: 'live' })
    const liveView = await live.service.start(validInput)
    const error = await rejection(live.service.simulate(liveView.reference, 'success'))
    expect(error.code).toBe('demo_only')
    expect(live.gateway.completions).toHaveLength(0)
  })

  it('lists recent payments newest first', async () => {
    const { service, timers } = setup()
    const a = await service.start(validInput)
    await timers.advance(1_000)
    const b = await service.start({ ...validInput, amount: '10' })
    expect(service.recent().map((v) => v.reference)).toEqual([b.reference, a.reference])
  })
})

// Payments share the refunds' rule: after a lost answer only verify's word about the
// reference settles the payment; a refusal of the resend never drops the journal entry.
describe('payments: an unknown outcome is never settled by a refusal or a guess', () => {
  const lost = () => gwError('timeout', { status: null, outcomeUnknown: true })

  it('timeout → verify 404 → resend refused (409/422): the entry stays; a late landing is adopted', async () => {
    for (const refusal of [
      gwError('unprocessable', { code: 'unprocessable', message: 'Amount not allowed' }),
      gwError('conflict', { code: 'invalid_state' }),
    ]) {
      const { service, gateway, timers, journal } = setup()
      gateway.failInitialize(lost(), 'before')
      gateway.failInitialize(refusal, 'before')
      const view = await service.start(validInput)
      expect(view.status).toBe('starting')
      await timers.advance(VERIFY_AFTER_MS + 2_000)
      expect(gateway.initializeCalls).toHaveLength(2)
      const entry = journal.get(view.reference)
      expect(entry).toBeDefined()
      expect(entry?.status).toBe('starting')
      expect(entry?.notice).toMatch(/not confirmed/i)
      // The first request lands after all: the next verify adopts it.
      await gateway.payments.initialize({
        email: validInput.email,
        amount: entry!.amount,
        currency: 'NGN',
        reference: view.reference,
      })
      await timers.advance(10_000)
      expect(journal.get(view.reference)?.status).toBe('pending')
    }
  })

  it('does not verify straight after the timeout, only after the wait', async () => {
    const { service, gateway, timers, journal } = setup()
    gateway.failInitialize(lost(), 'after')
    const view = await service.start(validInput)
    expect(gateway.verifyCalls).toBe(0)
    await timers.advance(VERIFY_AFTER_MS - 2_000)
    expect(gateway.verifyCalls).toBe(0)
    await timers.advance(4_000)
    expect(gateway.verifyCalls).toBe(1)
    expect(journal.get(view.reference)?.status).toBe('pending')
    expect(gateway.initializeCalls).toHaveLength(1)
  })

  it('a 408 is an unknown outcome: the entry is kept and followed', async () => {
    const { service, gateway, journal } = setup()
    gateway.failInitialize(gwError('timeout', { status: 408, outcomeUnknown: false }), 'before')
    const view = await service.start(validInput)
    expect(journal.get(view.reference)?.status).toBe('starting')
  })

  it('a payment waiting for a supervisor is not followed again after a restart', async () => {
    const first = setup()
    first.gateway.failInitialize(lost(), 'before')
    for (let i = 0; i < 500; i++) first.gateway.failVerify(gwError('server', { method: 'GET' }))
    const view = await first.service.start(validInput)
    await first.timers.advance(WINDOW_MS + 60_000)
    expect(first.journal.get(view.reference)?.uncertainty?.review).toMatch(/supervisor/)
    first.service.stop()
    const second = setup({ storage: first.storage, gateway: first.gateway })
    second.service.resume()
    expect(second.follower.isFollowing(view.reference)).toBe(false)
    expect(second.journal.get(view.reference)?.status).toBe('starting')
  })

  it('a 404 that is not "no such payment" never clears a resend; after the window it needs review', async () => {
    const { service, gateway, timers, journal, published } = setup()
    gateway.failInitialize(lost(), 'before')
    for (let i = 0; i < 500; i++)
      gateway.failVerify(gwError('not_found', { method: 'GET', recordAbsent: false }))
    const view = await service.start(validInput)
    await timers.advance(WINDOW_MS + 60_000)
    expect(gateway.initializeCalls).toHaveLength(1)
    expect(journal.get(view.reference)?.status).toBe('starting')
    const last = published.seen.at(-1)
    expect(last?.outcome?.state).toBe('needs_review')
    expect(last?.outcome?.steps.map((step) => step.said)).toContainEqual(
      expect.stringMatching(/without saying whether it has this payment/),
    )
  })
})
