// Shop mode: a till joins the shop's PostgreSQL to share staff, approvals and end-of-day with
// the other tills. Opt-in; a till that never joins works exactly as a single till. Owner
// logins are used for one step and never stored; the till's own database login and signing
// key stay in the OS keychain and never cross IPC.
import * as z from 'zod'
import { defineChannels, defineEvents, payload, returns, type Said } from './contract'
import { NoInput } from './shared'
import type { HourFigures } from './shifts'

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
  /** What the status bar says, in words (English). */
  message: string
  /** The same by the catalogue's key (`errors.<key>`), when main has one, for the screen's language. */
  say?: Said
  /** Events from other tills refused (bad signature, gap), for the admin to look into. */
  refused: number
  /**
   * One watcher per shop: the till polling the gateway for every till (null when none is
   * heard: each till polls for its own charges), the whole shop's gateway requests in the last
   * minute (every till's, each said by its till) against the shop's budget, and when the
   * webhook relay was last heard. Null outside shop mode; absent outside the status call.
   */
  watch?: {
    tillName: string | null
    thisTill: boolean
    requestsPerMin: number
    budgetPerMin: number
    relayHeardAt: string | null
  } | null
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
  /** Every till's money by hour of the day, for the charts (common/day-hours.ts). */
  hours?: HourFigures[]
}

/** Money on the shop's wire: integer minor units as a string, next to its currency. */
export interface ShopAmount {
  currency: string
  amountMinor: string
}

/** How many, and how much per currency (never one sum across currencies). */
export interface ShopTally {
  count: number
  totals: ShopAmount[]
}

/** A Z-report's figures as tills tell them (main/shifts/figures.ts, amounts as strings). */
export interface ShopFigures {
  collections: {
    /** paid, part_paid, overpaid, late, and any line a newer till adds. */
    byOutcome: Record<string, ShopTally>
    awaiting: ShopTally
    cancelled: ShopTally
    received: ShopAmount[]
    /** Corrections: transfers moved to another till's sale after a sealed Z-report (subtracted). */
    movedOut: ShopTally
    /** The matching lines on the tills those transfers were moved to (added). */
    movedIn: ShopTally
  }
  hostedPayments: Record<string, ShopTally>
  refunds: Record<string, ShopTally>
  /** drafted, approved, sent, failed, reversed, rejected, unknown, needs_review. */
  payouts: Record<string, ShopTally>
  /** success, failed; pending and unknown as of each till's latest close. */
  debits: Record<string, ShopTally>
}

/** One closed shift counted in the shop-wide Z-report. */
export interface ShopZShift {
  tillId: string
  tillName: string
  shiftId: string
  /** The Z-report's number on its own till. */
  zNumber: number | null
  openedAt: string
  closedAt: string
  openedBy: string
  closedBy: string
  cashiers: string[]
  received: ShopAmount[]
  carriedOver: number
}

export interface ShopZTill {
  tillId: string
  tillName: string
  shifts: number
  figures: ShopFigures
  /** Open items the till's latest Z-report of the day carried over (each states all of them). */
  carriedOver: number
}

/** A shift still open: named, and left out of the sum. */
export interface ShopZOpenShift {
  tillId: string
  tillName: string
  shiftId: string
  openedBy: string
  openedAt: string
}

export interface ShopZReport {
  /** YYYY-MM-DD in this till's time zone: shifts closed on that day. */
  day: string
  /** Only shifts of this gateway environment are added (a Demo shift never mixes with Live). */
  environment: string
  tills: ShopZTill[]
  total: { shifts: number; figures: ShopFigures; carriedOver: number }
  /** Each cashier's figures across every till. */
  cashiers: Array<{ name: string; figures: ShopFigures }>
  shifts: ShopZShift[]
  notClosed: ShopZOpenShift[]
  /** Closed shifts whose figures could not be read, in words; not in the sum. */
  unreadable: string[]
}

/** One line of the shop's audit log. */
export interface ShopAuditEntry {
  /** The shop server's order; null for this till's events not yet stored there. */
  serverSeq: number | null
  tillId: string
  tillName: string
  kind: string
  /** What happened, in words. */
  what: string
  /** The same by key, for the screen's language (absent from an older main). */
  whatSay?: Said
  who: string
  when: string
  reference: string
}

/** How one till's stream of events checked out on this till. */
export interface ShopAuditTill {
  tillId: string
  tillName: string
  /** This till's own events (signed here, not checked against itself). */
  own: boolean
  events: number
  refused: number
  /** Nothing after a missing event of that till is applied until it is seen. */
  gap: boolean
  /** e.g. "120 events, signatures checked, no gaps". */
  words: string
  wordsSay?: Said
}

export interface ShopRefusedView {
  serverSeq: number
  tillId: string
  tillName: string
  eventId: string
  why: string
  /** In words, for the admin. */
  words: string
  /** The same by key, for the screen's language (absent from an older main). */
  wordsSay?: Said
  /** When this till refused it. */
  at: string
}

export interface ShopAudit {
  day: string
  entries: ShopAuditEntry[]
  tills: ShopAuditTill[]
  refused: ShopRefusedView[]
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
  'shop.zReport': {
    input: z.strictObject({ day: Day }).optional(),
    result: returns<ShopZReport>(),
    role: 'supervisor',
    summary:
      "The shop-wide Z-report of a day: the sum of every till's shifts closed that day, by till and in total, per currency; shifts still open are named and left out.",
  },
  'shop.zReportCsv': {
    input: z.strictObject({ day: Day }).optional(),
    result: returns<{ fileName: string; csv: string; rows: number }>(),
    role: 'supervisor',
    summary: 'The shop-wide Z-report of a day as CSV.',
  },
  'shop.audit': {
    input: z.strictObject({ day: Day }).optional(),
    result: returns<ShopAudit>(),
    role: 'supervisor',
    summary:
      "One audit log for the shop: every till's staff changes, payout states and decisions, shift closes and refused events of a day, in server order, and how each till's events checked out.",
  },
  'shop.auditCsv': {
    input: z.strictObject({ day: Day }).optional(),
    result: returns<{ fileName: string; csv: string; rows: number }>(),
    role: 'supervisor',
    summary: "The shop's audit log of a day as CSV.",
  },
})

export const shopEvents = defineEvents({
  'shop.status': payload<ShopStatusView>(),
})
