// What a conformance run tells the till's exactly-once core (main/exactly-once/trust.ts). A
// gateway earns automatic resends once it has shown that it keeps our merchant reference. A run
// of this suite in which initialize accepted our reference, a second request with it was
// refused, and verify found the record by it is such evidence. The run records it for that
// base URL and key id in the same keychain entry that a 2xx echo or a found lookup would write,
// and Settings → Connection shows it. A run in which one of those checks failed withdraws what
// was kept there, because the gateway has just shown that it does not keep our reference. Any
// other outcome records nothing: a skipped reference check, a failure elsewhere in the run, or a
// key this till does not hold.
//
// Only a sandbox is judged (safety.ts), so only the till's Sandbox environment is affected. The
// run must be given the key's secret, and it records nothing unless the till's keychain holds
// that same secret for that key id, so the admin who installed the key is the one who can grant
// this.
import { createHash, timingSafeEqual } from 'node:crypto'
import { homedir } from 'node:os'
import { join } from 'node:path'
import { BaseUrlSchema } from '../../common/ipc/settings'
import { keychainTrustVault, trustKey } from '../../main/exactly-once/trust'
import type { Keychain } from '../../main/keychain/keychain'

/** The checks that show initialize takes our reference and verify looks a record up by it. */
export const REFERENCE_CHECKS: readonly { file: string; name: string }[] = [
  { file: 'payments.test.ts', name: 'answers 200 with authorization_url and the reference' },
  { file: 'payments.test.ts', name: 'a reused reference is a 409' },
  {
    file: 'payments.test.ts',
    name: 'returns the full record, pending before the customer pays',
  },
  {
    file: 'disbursements.test.ts',
    name: 'accepts a transfer as pending; verify follows it to success',
  },
  {
    file: 'disbursements.test.ts',
    name: 'a reused reference is a 409, and the original is unchanged',
  },
  {
    file: 'disbursements.test.ts',
    name: 'verify of an unknown reference is a 404; without one a 400',
  },
]

export interface CheckResult {
  /** The test file's name, e.g. "payments.test.ts". */
  file: string
  name: string
  state: 'passed' | 'failed' | 'skipped' | 'pending'
}

export type Verdict =
  { kind: 'earned' } | { kind: 'withdrawn'; failed: string[] } | { kind: 'none'; why: string }

const isCheck = (r: CheckResult, c: { file: string; name: string }): boolean =>
  r.file === c.file && r.name === c.name

/** What the run's results say about the gateway keeping our reference. */
export function judge(results: readonly CheckResult[]): Verdict {
  const failed = REFERENCE_CHECKS.filter((c) =>
    results.some((r) => isCheck(r, c) && r.state === 'failed'),
  ).map((c) => c.name)
  if (failed.length) return { kind: 'withdrawn', failed }
  const notPassed = REFERENCE_CHECKS.filter(
    (c) => !results.some((r) => isCheck(r, c) && r.state === 'passed'),
  ).map((c) => c.name)
  if (notPassed.length)
    return { kind: 'none', why: `these reference checks did not run: ${notPassed.join('; ')}` }
  const otherFailures = results.filter((r) => r.state === 'failed').length
  if (otherFailures)
    return { kind: 'none', why: `${otherFailures} other check(s) failed, so the run did not pass` }
  return { kind: 'earned' }
}

export interface RecordTarget {
  baseUrl: string
  keyId: string
  secret: string
  /** The till's id (its data folder's till-id file); null for a till from before till ids. */
  till: string | null
  now: number
}

const sameSecret = (a: string, b: string): boolean =>
  timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest())

/**
 * Applies a verdict to the till's keychain. Returns what happened, in words, for the
 * terminal. The secret is never printed.
 */
export async function recordTrust(
  keychain: Keychain,
  target: RecordTarget,
  verdict: Verdict,
): Promise<string> {
  if (verdict.kind === 'none') return `Resend trust: nothing recorded (${verdict.why}).`
  const base = BaseUrlSchema.safeParse(target.baseUrl)
  if (!base.success) return `Resend trust: nothing recorded (${base.error.issues[0]?.message}).`
  const stored = await keychain.get('sandbox', target.keyId)
  if (stored === null || !sameSecret(stored, target.secret))
    return `Resend trust: nothing recorded (this till's keychain does not hold that secret for the Sandbox key ${target.keyId}; set the key up in Settings → Connection first).`
  const key = trustKey('sandbox', base.data, target.keyId)
  const vault = keychainTrustVault(keychain, target.till)
  if (verdict.kind === 'withdrawn') {
    await vault.forget(key)
    return `Resend trust withdrawn for ${base.data} with key ${target.keyId}: ${verdict.failed.join('; ')} failed. The till will look up lost answers and never resend them there, starting with its next start.`
  }
  await vault.save(key, { how: 'conformance', at: target.now })
  return `Resend trust recorded for ${base.data} with key ${target.keyId}: the gateway keeps our reference. Settings → Connection shows it; a running till reads it at its next start.`
}

/** Where the app keeps its data (Electron's userData for "Tilldesk"), per platform. */
export function defaultDataDir(
  platform: NodeJS.Platform = process.platform,
  env: NodeJS.ProcessEnv = process.env,
): string {
  if (platform === 'win32')
    return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'Tilldesk')
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'Tilldesk')
  return join(env.XDG_CONFIG_HOME || join(homedir(), '.config'), 'Tilldesk')
}
