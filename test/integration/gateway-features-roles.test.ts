// Payments, refunds, mandates and reports through the composition root on the embedded demo
// gateway: the role rules hold in main through the real IPC guard, the OTP and PIN of an
// activation land in no file, and each environment keeps its own journals.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppServices } from '../../main/compose/services'
import { dispatcher, staffedTill } from '../support/services'

let services: AppServices
let dir: string

const { value, code } = dispatcher(() => services)

const today = () => {
  const d = new Date()
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`
}
const inDays = (days: number) => {
  const d = new Date(Date.now() + days * 86_400_000)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`
}

function filesUnder(root: string): string[] {
  return readdirSync(root).flatMap((name) => {
    const path = join(root, name)
    return statSync(path).isDirectory() ? filesUnder(path) : [path]
  })
}

let cashierId = ''
let supervisorId = ''
const signInAs = (userId: string, pin: string) => value('session.signIn', { userId, pin })

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tilldesk-gw-roles-'))
  ;({ services, cashierId, supervisorId } = await staffedTill(dir))
})

afterAll(async () => {
  await services?.stop()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

describe('role rules, through the real guard', () => {
  it('a cashier takes payments, looks refunds up, sets up and charges mandates; nothing more', async () => {
    await signInAs(cashierId, '2468')
    const payment = await value<{ reference: string }>('payments.start', {
      email: 'buyer@example.com',
      amount: '2500',
      currency: 'NGN',
    })
    await value('payments.simulate', { reference: payment.reference, outcome: 'success' })
    expect(await code('refunds.prepare', { paymentReference: payment.reference })).toBe('ok')
    expect(
      await code('refunds.issue', {
        paymentReference: payment.reference,
        kind: 'full',
        reason: 'Nope',
      }),
    ).toBe('forbidden_role')
    expect(await code('refunds.history', {})).toBe('forbidden_role')
    expect(await code('refunds.counts')).toBe('forbidden_role')
    expect(await code('reports.payments', {})).toBe('forbidden_role')
    expect(await code('reports.exportCsv', { kind: 'payments', filter: {} })).toBe('forbidden_role')

    const banks = await value<Array<{ code: string }>>('mandates.banks')
    const mandate = await value<{ mandateReference: string }>('mandates.create', {
      customerName: 'Bola Ade',
      customerEmail: 'bola@example.com',
      accountNumber: '0123456789',
      bankCode: banks[0]!.code,
      startDate: today(),
      endDate: inDays(60),
      maxMonthlyAmount: '10000',
      maxMonthlyDebitCount: '3',
      currency: 'NGN',
    })
    await value('mandates.initiateActivation', { mandateReference: mandate.mandateReference })
    const active = await value<{ status: string }>('mandates.validateActivation', {
      mandateReference: mandate.mandateReference,
      otp: '48291376',
      pin: '739154',
    })
    expect(active.status).toBe('active')
    expect(
      await code('mandates.debit', {
        mandateReference: mandate.mandateReference,
        amount: '10',
        narration: 'Fee',
      }),
    ).toBe('ok')
    expect(
      await code('mandates.cancel', { mandateReference: mandate.mandateReference, confirm: true }),
    ).toBe('forbidden_role')

    // A supervisor may do what the cashier could not.
    await signInAs(supervisorId, '135790')
    expect(
      await code('refunds.issue', {
        paymentReference: payment.reference,
        kind: 'full',
        reason: 'Returned goods',
      }),
    ).toBe('ok')
    expect(await code('reports.payments', {})).toBe('ok')
    expect(
      await code('mandates.cancel', { mandateReference: mandate.mandateReference, confirm: true }),
    ).toBe('ok')
    // Cancelling needs the explicit confirmation, checked by the channel's schema.
    expect(await code('mandates.cancel', { mandateReference: mandate.mandateReference })).toBe(
      'invalid_input',
    )
  })

  it('keeps the activation OTP and PIN out of every file it writes', () => {
    const journals = filesUnder(join(dir, 'gateway'))
    expect(journals.map((p) => p.slice(dir.length))).toEqual(
      expect.arrayContaining([
        '/gateway/demo/payments.json',
        '/gateway/demo/refunds.json',
        '/gateway/demo/mandates.json',
        '/gateway/demo/debits.json',
      ]),
    )
    for (const path of filesUnder(dir)) {
      const text = readFileSync(path, 'latin1')
      expect(text.includes('48291376'), path).toBe(false)
      expect(text.includes('739154'), path).toBe(false)
    }
  })

  it('journals are owner-readable only', () => {
    for (const path of filesUnder(join(dir, 'gateway')))
      expect(statSync(path).mode & 0o777, path).toBe(0o600)
  })
})
