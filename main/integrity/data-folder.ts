// The data folder's one rule, as a list: every file Tilldesk keeps in its data folder, and
// how it stays honest when the cashier (same OS account) can edit, copy, delete and put back
// any of them. A file that can change what the till does or shows is either
//   - sealed with a device key and anchored against rollback (its head in the keychain),
//   - or re-derived from something that is (or fetched again from the gateway: a cache),
//   - or ignored (never read to decide anything).
// docs/security.md, "The data folder: one rule", is this list in words; the tamper harness
// (test/keychain/data-folder.test.ts) walks a real day's folder and fails on any file that
// matches no entry here, so a file added later without a rule fails CI.
//
// Paths are relative to the data folder, with `/` separators.

export type DataFileRule =
  /** Sealed (HMAC under a keychain key) and anchored: the generation or chain head is in
   * the keychain, so an edit, a hand-written record, a splice or an older copy fails. */
  | 'sealed'
  /** A copy of the gateway's answer: sealed, and anything unverified is fetched again. */
  | 'cache'
  /** Never read to decide anything (written for people, or scratch of an atomic write). */
  | 'ignored'
  /** Sealed, shown to the admin as a reference only and never trusted because of it; not
   * anchored, so an older sealed copy shows an older state (said in the list's words). */
  | 'reference'
  /** Not Tilldesk's own record: the in-process Demo gateway's state, trusted exactly as far
   * as any gateway's answers are (Demo moves no money). */
  | 'gateway'
  /** Shop mode's own files: verified on load or sealed by the shop module (docs/shop.md). */
  | 'shop'

export interface DataFile {
  /** Matches the relative path. */
  pattern: RegExp
  /** How it is named in docs and messages. */
  name: string
  rule: DataFileRule
  /** What it holds and how the rule is kept, in words (the doc's table). */
  how: string
}

const ENV = '(demo|sandbox|live)'

export const DATA_FOLDER: readonly DataFile[] = [
  {
    pattern: /^settings\.json$/,
    name: 'settings.json',
    rule: 'sealed',
    how: "Staff records (role, PIN hash, state, lockout counters) each sealed together with the file's generation; environment, base URLs, key ids, till name, idle lock times and the set of staff under one authority seal; the generation, that seal and when each staff record last changed are the head in the keychain (main/settings/seals.ts).",
  },
  {
    pattern: /^settings-trusted\.json$/,
    name: 'settings-trusted.json',
    rule: 'reference',
    how: "The last authority settings this till trusted, a sealed file anchored in the keychain (head settings-trusted, main/integrity/sealed-file.ts), shown next to the file's values when they fail their check (main/settings/authority.ts). Never trusted because of it; an older, edited or missing copy is not shown, and the admin is told.",
  },
  {
    pattern: /^till-id$/,
    name: 'till-id',
    rule: 'ignored',
    how: "Only names the till's keychain entries. Another or missing id is another till with new keys: nothing sealed before checks under them, and only the first till of the OS account may adopt unsealed files.",
  },
  {
    pattern: /^payouts\/policy\.json$/,
    name: 'payouts/policy.json',
    rule: 'sealed',
    how: 'Limits per role and approval lifetime, sealed with a generation in the keychain (main/payouts/policy.ts). Unsealed where no admin ever saved limits: ignored, the built-in limits apply.',
  },
  {
    pattern: new RegExp(`^payouts/${ENV}/outbox/(journal\\.jsonl|snapshot\\.json|archive/[^/]+)$`),
    name: 'payouts/<env>/outbox/…',
    rule: 'sealed',
    how: 'The payout journal: hash-chained records each with a seal, the snapshot sealed, the chain head in the keychain (main/payouts/journal.ts).',
  },
  {
    pattern: new RegExp(`^payouts/${ENV}/banks\\.json$`),
    name: 'payouts/<env>/banks.json',
    rule: 'cache',
    how: "The gateway's bank list, sealed with the environment's key; unsealed or edited, it is fetched again (main/payouts/banks.ts).",
  },
  {
    pattern: new RegExp(`^collections-${ENV}\\.jsonl$`),
    name: 'collections-<env>.jsonl',
    rule: 'sealed',
    how: 'Charges and transfers seen: sealed chained lines, head in the keychain (main/collections/journal.ts).',
  },
  {
    pattern: new RegExp(`^customers-${ENV}\\.jsonl$`),
    name: 'customers-<env>.jsonl',
    rule: 'sealed',
    how: 'The customer directory (account numbers shown to pay into, keyed BVN digests): sealed chained lines, head in the keychain; a damaged one is not read (main/collections/customerDirectory.ts).',
  },
  {
    pattern: new RegExp(`^gateway/${ENV}/(payments|refunds|mandates|debits)\\.json$`),
    name: 'gateway/<env>/{payments,refunds,mandates,debits}.json',
    rule: 'sealed',
    how: 'Write-ahead journals: sealed documents (each record and the whole set), generation in the keychain (main/payments/journal.ts).',
  },
  {
    pattern: /^shifts\/settings\.json$/,
    name: 'shifts/settings.json',
    rule: 'sealed',
    how: 'End of day and time zone: a sealed file, generation in the keychain; failing, the defaults apply (main/shifts/settings.ts).',
  },
  {
    pattern: new RegExp(`^shifts/${ENV}/(state\\.json|z/z-\\d{6}\\.json)$`),
    name: 'shifts/<env>/state.json, z/z-NNNNNN.json',
    rule: 'sealed',
    how: 'The open shift and the Z-reports: sealed and chained, the newest Z-report is the head in the keychain (main/shifts/store.ts).',
  },
  {
    pattern: new RegExp(`^shifts/${ENV}/books\\.jsonl$`),
    name: 'shifts/<env>/books.jsonl',
    rule: 'sealed',
    how: 'Settled hosted payments and refunds kept for the reports until a sealed Z-report has counted them: sealed, chained lines, head in the keychain; failing, the reports say what may be missing (main/shifts/books.ts).',
  },
  {
    pattern: new RegExp(`^shifts/${ENV}/collections-cursor\\.json$`),
    name: 'shifts/<env>/collections-cursor.json',
    rule: 'cache',
    how: 'Where the last sealed Z-report left the collections journal, and what it carried over: sealed with the collections key and re-derived from the journal; missing, edited or no longer matching the journal, the next report reads the journal from its first line (an older sealed copy only makes it read more) (main/shifts/collections-cursor.ts).',
  },
  {
    pattern: new RegExp(`^shifts/${ENV}/payouts-cursor\\.json$`),
    name: 'shifts/<env>/payouts-cursor.json',
    rule: 'cache',
    how: "Where the last sealed Z-report left the payout journal, and the payouts and steps a later report may still need: sealed with the payout journal's key and checked against the journal's record there; missing, edited or no longer matching, the next report reads the payout journal from its first record (main/shifts/payouts-cursor.ts).",
  },
  {
    pattern: new RegExp(`^shifts/${ENV}/counted\\.json$`),
    name: 'shifts/<env>/counted.json',
    rule: 'cache',
    how: "What the sealed Z-reports counted, kept as one summary: sealed with the shifts' key and bound to the newest Z-report's number and seal, re-derived from the Z-reports; missing, edited, foreign or no longer bound, the next report reads every Z-report (an older sealed copy only makes it read the reports after it) (main/shifts/counted-summary.ts).",
  },
  {
    pattern: new RegExp(`^shifts/${ENV}/books-days/\\d{4}-\\d{2}-\\d{2}\\.jsonl$`),
    name: 'shifts/<env>/books-days/YYYY-MM-DD.jsonl',
    rule: 'reference',
    how: "What the books let go of after a Z-report counted it, one file per day, for reconciling a day whatever the journals trimmed: each line sealed for its own day, so an edited, forged or moved line is refused and said; not anchored, so a line deleted or an older copy put back only makes the day's reconciliation list that gateway record as unknown to Tilldesk, never a figure (main/shifts/books-archive.ts).",
  },
  {
    pattern: /^updates\.json$/,
    name: 'updates.json',
    rule: 'sealed',
    how: "Update channel, feed and pause: a sealed file, generation in the keychain; failing, the defaults apply (the build's own feed, not paused) (main/updates/preferences.ts).",
  },
  {
    pattern: /^crash-reporting\.json$/,
    name: 'crash-reporting.json',
    rule: 'sealed',
    how: 'Crash upload consent and address: a sealed file, generation in the keychain; failing, reporting is off (main/diagnostics/crash.ts).',
  },
  {
    pattern: /^demo-gateway\.json$/,
    name: 'demo-gateway.json',
    rule: 'gateway',
    how: "The embedded Demo gateway's own state (sandbox/): what it answers is read like any gateway's answer, never as a record of the till. Demo moves no money.",
  },
  {
    pattern: /^shop\/config\.json$/,
    name: 'shop/config.json',
    rule: 'sealed',
    how: 'Shop connection settings, sealed with the till key (main/shop/config.ts).',
  },
  {
    pattern: /^shop\/(inbox\.jsonl|cursor\.json|refused\.jsonl|own-order\.jsonl|log\/[^/]+)$/,
    name: 'shop/inbox.jsonl, cursor.json, refused.jsonl, own-order.jsonl, shop/log/',
    rule: 'shop',
    how: "Other tills' events, the pull cursor, refused events, own events' order and own signed log: verified on load or sealed, with the cursor's maximum in the keychain (main/shop/, docs/shop.md).",
  },
  {
    pattern: /^logs\/[^/]+$/,
    name: 'logs/',
    rule: 'ignored',
    how: 'Redacted log files: written for support, only ever read to export them (Help → Export diagnostics).',
  },
  {
    pattern:
      /^(Partitions|Crashpad|GPUCache|Cache|Code Cache|DawnGraphiteCache|DawnWebGPUCache|blob_storage|Local Storage|Session Storage|Shared Dictionary|SharedStorage|WebStorage|IndexedDB|Service Worker)\/|^(Local State|Preferences|Cookies|Cookies-journal|Network Persistent State|TransportSecurity|Trust Tokens|Trust Tokens-journal|DIPS|DIPS-journal|SingletonLock|SingletonCookie|SingletonSocket)$/,
    name: "Chromium's profile",
    rule: 'ignored',
    how: 'Read by Chromium only, never by main; the UI partition holds the appearance hint (a localStorage hint, never authority).',
  },
  {
    pattern: /(^|\/)\.?[^/]+\.(tmp|part)$|\.\d+\.\d+\.tmp$/,
    name: '*.tmp, *.part',
    rule: 'ignored',
    how: 'Scratch of an atomic write (written, fsynced, renamed over the file): never read.',
  },
]

/** The entry for `relativePath` (with `/` separators), or null: a file nobody listed. */
export function dataFileRule(relativePath: string): DataFile | null {
  return DATA_FOLDER.find((entry) => entry.pattern.test(relativePath)) ?? null
}
