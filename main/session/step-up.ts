// Which calls need the PIN entered again (step-up): changing API keys, gateway base URLs,
// staff, limits, the environment, where updates come from, crash reports, receipts and the
// end of day, and confirming authority settings after a finding. A stolen minute at an
// unlocked till must not be enough to point the till at another gateway or update feed, swap
// its key, raise a limit or add an admin. Checked in the IPC guard, so no handler can forget.
import type { ChannelName } from '../../common/ipc'

const ALWAYS: ReadonlySet<string> = new Set<ChannelName>([
  'settings.setKey',
  'settings.removeKey',
  'users.create',
  'users.update',
  'users.setPin',
  'users.unlock',
  'users.remove',
  // Limits cap what a payout may move; the environment decides whether money is real.
  'payouts.updatePolicy',
  'environment.switch',
  // The update feed runs code on this computer; crash reports leave it.
  'updates.configure',
  'app.setCrashReporting',
  'receipt.saveSettings',
  'shifts.updateSettings',
  // Trusting settings that failed their check is its own act (settings/authority.ts).
  'settings.confirmAuthority',
  // Shop mode decides whose staff list and approvals this till accepts.
  'shop.create',
  'shop.createCode',
  'shop.join',
  'shop.leave',
])

/**
 * True when `channel` with this (parsed) input changes keys, base URLs or staff.
 * `currentBaseUrls`: the stored ones, so a settings form that re-sends them unchanged with a
 * new till name is not a base URL change.
 */
export function needsStepUp(
  channel: string,
  input: unknown,
  currentBaseUrls: Readonly<Record<string, string | null>> = {},
): boolean {
  if (ALWAYS.has(channel)) return true
  if (channel === 'settings.update') {
    // Till name and poll intervals are everyday settings; base URLs decide where money goes.
    const baseUrls = (input as { baseUrls?: Record<string, unknown> } | undefined)?.baseUrls ?? {}
    return Object.entries(baseUrls).some(
      ([environment, value]) =>
        value !== undefined && value !== (currentBaseUrls[environment] ?? null),
    )
  }
  return false
}
