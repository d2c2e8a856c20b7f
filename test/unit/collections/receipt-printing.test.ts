// Receipt printing: the cashier prints once, a supervisor prints copies, auto-print on paid
// prints once when asked to, and without a printer (the browser preview) the answer says so.
import { describe, expect, it } from 'vitest'
import type { ChargeView, ReceiptSettings } from '../../../common/ipc/collections'
import { CollectionsError } from '../../../main/collections/errors'
import {
  createReceiptPrinting,
  noPrinter,
  type PrinterPort,
} from '../../../main/collections/receiptPrinting'
import { buildReceipt } from '../../../main/collections/receipts'
import { NGN } from './fakes'
import { actor, rig, WAITING } from './rig'

function printerSpy(fail: string | null = null) {
  const jobs: { html: string; printer: string | null; paper: string; heightMm: number }[] = []
  const port: PrinterPort = {
    available: true,
    list: async () => [{ name: 'XP-58', displayName: 'Xprinter 58', isDefault: true }],
    print: async (html, options) => {
      jobs.push({ html, ...options })
      return fail
    },
  }
  return { port, jobs }
}

async function paidCharge() {
  const r = rig()
  r.gateway.addAccount('ACC-1')
  const c = await r.charges.open({ accountReference: 'ACC-1', amount: '5000' }, actor)
  r.charges.watch(c.id, true)
  r.gateway.pay('ACC-1', NGN(5_000))
  await r.clock.advance(WAITING)
  return { ...r, id: c.id }
}

function service(r: Awaited<ReturnType<typeof paidCharge>>, port: PrinterPort, auto = false) {
  let settings: ReceiptSettings = { printer: 'XP-58', paper: '58mm', autoPrintOnPaid: auto }
  const printed: unknown[] = []
  const receipts = createReceiptPrinting({
    printer: port,
    settings: () => settings,
    saveSettings: (next) => (settings = next),
    charge: (id) => r.charges.get(id),
    receipt: (charge: ChargeView) => buildReceipt(charge, '2025-03-01T10:05:00.000Z'),
    markPrinted: (id) => void r.charges.markReceiptPrinted(id),
    printed: (result) => printed.push(result),
  })
  return { receipts, printed }
}

describe('receipt printing', () => {
  it('prints once on the chosen printer and paper; a copy needs the reprint', async () => {
    const r = await paidCharge()
    const { port, jobs } = printerSpy()
    const { receipts, printed } = service(r, port)
    const result = await receipts.print(r.id)
    expect(result).toMatchObject({ printed: true, printer: 'XP-58', paper: '58mm' })
    expect(jobs[0]).toMatchObject({ printer: 'XP-58', paper: '58mm' })
    expect(jobs[0]!.html).toContain('paper-58mm')
    expect(jobs[0]!.heightMm).toBeGreaterThan(60)
    expect(r.charges.get(r.id).receiptPrintedAt).toBeTruthy()
    await expect(receipts.print(r.id)).rejects.toMatchObject({ code: 'already_printed' })
    const copy = await receipts.reprint(r.id, 'a4')
    expect(copy).toMatchObject({ printed: true, paper: 'a4' })
    expect(jobs).toHaveLength(2)
    expect(printed).toHaveLength(2)
  })

  it('says in words when the printer refuses, and the first print can be tried again', async () => {
    const r = await paidCharge()
    const { receipts } = service(r, printerSpy('paper out').port)
    const result = await receipts.print(r.id)
    expect(result.printed).toBe(false)
    expect(result.message).toMatch(/did not print on XP-58: paper out/)
    expect(r.charges.get(r.id).receiptPrintedAt ?? null).toBeNull()
  })

  it('auto-prints on paid only when the option is on, and only once', async () => {
    const r = await paidCharge()
    const off = printerSpy()
    await service(r, off.port, false).receipts.onPaid(r.charges.get(r.id))
    expect(off.jobs).toEqual([])
    const on = printerSpy()
    const { receipts } = service(r, on.port, true)
    await receipts.onPaid(r.charges.get(r.id))
    await receipts.onPaid(r.charges.get(r.id))
    expect(on.jobs).toHaveLength(1)
  })

  it('in the browser preview, says to use the browser’s print dialog', async () => {
    const r = await paidCharge()
    const { receipts } = service(r, noPrinter)
    const result = await receipts.print(r.id)
    expect(result.printed).toBe(false)
    expect(result.message).toMatch(/desktop app/)
    expect(await receipts.printers()).toEqual({ available: false, printers: [] })
  })

  it('refuses an unknown charge with a clear error', async () => {
    const r = await paidCharge()
    const { receipts } = service(r, printerSpy().port)
    await expect(receipts.print('ch_nope000000')).rejects.toBeInstanceOf(CollectionsError)
  })
})
