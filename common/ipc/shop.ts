// Shop mode: a till joins the shop's PostgreSQL to share staff, approvals and end-of-day with
// the other tills. Opt-in; a till that never joins works exactly as a single till. Owner
// logins are used for one step and never stored; the till's own database login and signing
// key stay in the OS keychain and never cross IPC.
import * as z from 'zod'
import { defineChannels, defineEvents, payload, returns } from './contract'
import { NoInput } from './shared'

export interface ShopServerView {
  host: string
  port: number
  database: string
  /** True when the admin gave a private CA certificate. */
  privateCa: boolean
}

export interface ShopStatusView {
  /** `single`: this till works alone (never joined, or left). */
  mode: 'single' | 'shop'
  shopName: string | null
  tillId: string | null
  tillName: string | null
  server: ShopServerView | null
  /** `off` in single mode; otherwise whether the last sync round reached the server. */
  sync: 'off' | 'online' | 'offline'
  /** What the status bar says, in words. */
  message: string
  /** Events from other tills refused (bad signature, gap), for the admin to look into. */
  refused: number
}

/** One till's day in the shop-wide view. Amounts: integer minor units as strings. */
export interface ShopTillDay {
  tillId: string
  tillName: string
  collections: Array<{
    /** paid, part_paid, overpaid, awaiting, cancelled, or the word the till used. */
    outcome: string
    currency: string
    count: number
    dueMinor: string
    receivedMinor: string
  }>
  /** How many payouts are in each state now (by their latest state, made today). */
  payouts: Record<string, number>
}

export interface ShopWaitingPayout {
  tillId: string
  tillName: string
  reference: string
  amountMinor: string
  currency: string
  bankName: string
  accountName: string
  narration: string
  maker: string
  at: string
}

export interface ShopOverview {
  /** YYYY-MM-DD in this till's time zone. */
  day: string
  tills: ShopTillDay[]
  /** Payouts waiting for a supervisor on any till, oldest first. */
  waiting: ShopWaitingPayout[]
}

const Host = z
  .string()
  .trim()
  .min(1, 'Enter the server address.')
  .max(253)
  .regex(/^[A-Za-z0-9.-]+$|^\[[0-9A-Fa-f:]+\]$/, 'Enter a host name or IP address, nothing else.')
const Database = z
  .string()
  .trim()
  .min(1, 'Enter the database name.')
  .max(63)
  .regex(/^[A-Za-z0-9_-]+$/, 'Database names have letters, digits, - and _ only.')
const Pem = z
  .string()
  .trim()
  .max(20_000)
  .refine(
    (text) =>
      text === '' || /^-----BEGIN CERTIFICATE-----[\s\S]+-----END CERTIFICATE-----$/.test(text),
    'Paste the whole certificate, from -----BEGIN CERTIFICATE----- to -----END CERTIFICATE-----.',
  )
  .optional()
const OwnerUser = z.string().trim().min(1, "Enter the shop owner's database user.").max(63)
const OwnerPassword = z.string().min(1, "Enter the shop owner's database password.").max(200)

export const ShopServerInput = z.strictObject({
  host: Host,
  port: z.number().int().min(1).max(65535).default(5432),
  database: Database,
  ca: Pem.transform((text) => (text ? text : undefined)),
})

export const shopChannels = defineChannels({
  'shop.status': {
    input: NoInput,
    result: returns<ShopStatusView>(),
    role: 'cashier',
    summary: 'Whether this till is in shop mode, and whether the shop server is reachable.',
  },
  'shop.create': {
    input: z.strictObject({
      server: ShopServerInput,
      ownerUser: OwnerUser,
      ownerPassword: OwnerPassword,
      shopName: z.string().trim().min(1, 'Name the shop.').max(80),
    }),
    result: returns<ShopStatusView>(),
    role: 'admin',
    summary:
      "Creates the shop on its PostgreSQL (first till): migrations, the shop's name, this till.",
  },
  'shop.createCode': {
    input: z.strictObject({ ownerUser: OwnerUser, ownerPassword: OwnerPassword }),
    result: returns<{ code: string; expiresAt: string }>(),
    role: 'admin',
    summary: 'A one-time code (30 minutes) for another till to join this shop.',
  },
  'shop.join': {
    input: z.strictObject({
      server: ShopServerInput,
      code: z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/, 'Codes look like K7M2Q-XR9TD.'),
    }),
    result: returns<ShopStatusView>(),
    role: 'admin',
    summary: 'Joins an existing shop with a one-time code.',
  },
  'shop.leave': {
    input: NoInput,
    result: returns<ShopStatusView>(),
    role: 'admin',
    summary: 'Stops syncing with the shop; every local record stays.',
  },
})

const Day = z.iso.date().optional()

export const shopOverviewChannels = defineChannels({
  'shop.overview': {
    input: z.strictObject({ day: Day }).optional(),
    result: returns<ShopOverview>(),
    role: 'supervisor',
    summary:
      "The shop's day by till (this till's and the others' as last pulled), and every till's payouts waiting for approval.",
  },
  'shop.exportCsv': {
    input: z.strictObject({ day: Day }).optional(),
    result: returns<{ fileName: string; csv: string; rows: number }>(),
    role: 'supervisor',
    summary: "The day's shop events from every till as CSV.",
  },
})

export const shopEvents = defineEvents({
  'shop.status': payload<ShopStatusView>(),
})
