// Which calls need the PIN entered again (step-up): changing API keys, gateway base URLs or
// staff. A stolen minute at an unlocked till must not be enough to point the till at another
// gateway, swap its key or add an admin. Checked in the IPC guard, so no handler can forget.
import type { ChannelName } from '../../common/ipc'

const ALWAYS: ReadonlySet<string> = new Set<ChannelName>([
  'settings.setKey',
  'settings.removeKey',
  'users.create',
  'users.update',
  'users.setPin',
  'users.unlock',
  'users.remove',
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
