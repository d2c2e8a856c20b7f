// Which window may use which part of the bridge. The cashier's windows get the whole contract;
// the customer-facing display faces the customer, so its preload exposes only what it shows
// (one channel, one event) and main refuses anything else from it, and sends it nothing else.
// No zod and no channel tables here: the customer display's preload bundles this file alone.
export const WINDOW_KINDS = ['cashier', 'customer-display'] as const
export type WindowKind = (typeof WINDOW_KINDS)[number]

/** The hash route the customer display opens on. */
export const CUSTOMER_DISPLAY_ROUTE = '#/customer-display'

/**
 * Electron channel carrying the customer display's event. Its own, not the cashier's
 * `pos:event`, and defined here so that preload shares no module with the full one (a shared
 * module would become a chunk, which a sandboxed preload cannot load).
 */
export const CUSTOMER_DISPLAY_EVENT_CHANNEL = 'pos:customer-display-event'

export const CUSTOMER_DISPLAY_CHANNELS = ['customerDisplay.get'] as const
export const CUSTOMER_DISPLAY_EVENTS = ['customerDisplay.changed'] as const

/** The kind of window a route opens as. */
export const windowKindForRoute = (route: string): WindowKind =>
  (route.startsWith('#') ? route : `#${route}`) === CUSTOMER_DISPLAY_ROUTE
    ? 'customer-display'
    : 'cashier'
