// A charge's receipt, as main words it and the renderer lays it out, and how the till prints
// it: the paper sizes, the printer chosen and the result of a print. The receipt channels are
// in collections.ts, which re-exports these.
import * as z from 'zod'
import type { Language } from './appearance'

export const RECEIPT_PAPERS = ['58mm', '80mm', 'a4'] as const
export type ReceiptPaper = (typeof RECEIPT_PAPERS)[number]

export interface ReceiptSettings {
  /** The printer's system name (from Electron's list); null: ask, or the system default. */
  printer: string | null
  paper: ReceiptPaper
  /** Print the receipt silently as soon as a charge is paid. */
  autoPrintOnPaid: boolean
}

export interface PrinterInfo {
  name: string
  displayName: string
  isDefault: boolean
}

export interface PrintResult {
  printed: boolean
  printer: string | null
  paper: ReceiptPaper
  /** Words for the cashier: where it went, or why it did not print. */
  message: string
}

export interface ReceiptLine {
  label: string
  value: string
}

/** A receipt, already worded and formatted in main; the renderer only lays it out. */
export interface Receipt {
  /** The till's language when it was made: its words and formats are in it. */
  language: Language
  number: string
  chargeId: string
  title: string
  issuedAt: string
  till: string
  cashier: string
  /** The customer's name (the account holder). */
  customer: string
  /** The amount received, formatted. */
  amount: string
  /** The time of the payment (the last counted transfer's, else the charge's), formatted. */
  time: string
  lines: ReceiptLine[]
  /** `payer`: who sent it, as the bank's narration names them. */
  transfers: { reference: string; amount: string; status: string; at: string; payer: string }[]
  footer: string
}

export const ReceiptPaperSchema = z.enum(RECEIPT_PAPERS)

export const ReceiptSettingsSchema = z.strictObject({
  printer: z.string().trim().min(1).max(200).nullable(),
  paper: ReceiptPaperSchema,
  autoPrintOnPaid: z.boolean(),
})
