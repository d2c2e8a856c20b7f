// Every IPC channel and event of Tilldesk. To add a capability: write common/ipc/<name>.ts
// with defineChannels/defineEvents, then add it to `channels` and `events` below (one line
// each). Main, preload, the preview bridge and the renderer pick it up from here.
import type { ChannelTable, EventTable, PosBridge } from './contract'
import { environmentChannels, environmentEvents } from './environment'
import { sessionChannels, sessionEvents } from './session'
import { settingsChannels, settingsEvents } from './settings'
import { appearanceChannels, appearanceEvents } from './appearance'
import { usersChannels, usersEvents } from './users'
import { collectionsChannels, collectionsEvents } from './collections'
import { payoutsChannels, payoutsEvents } from './payouts'
import { paymentsChannels, paymentsEvents } from './payments'
import { refundsChannels, refundsEvents } from './refunds'
import { mandatesChannels, mandatesEvents } from './mandates'
import { reportsChannels } from './reports'
import { appChannels, appEvents } from './app'
import { updatesChannels, updatesEvents } from './updates'
import { shiftsChannels, shiftsEvents } from './shifts'
import { shopChannels, shopEvents, shopOverviewChannels } from './shop'
import { shopApprovalsChannels } from './shopApprovals'
import { exactlyOnceChannels } from './exactly-once'
import { reconcileChannels } from './reconcile'

export const channels = {
  ...sessionChannels,
  ...usersChannels,
  ...settingsChannels,
  ...appearanceChannels,
  ...environmentChannels,
  ...collectionsChannels,
  ...payoutsChannels,
  ...paymentsChannels,
  ...refundsChannels,
  ...mandatesChannels,
  ...reportsChannels,
  ...appChannels,
  ...updatesChannels,
  ...shiftsChannels,
  ...shopChannels,
  ...shopOverviewChannels,
  ...shopApprovalsChannels,
  ...exactlyOnceChannels,
  ...reconcileChannels,
} satisfies ChannelTable

export const events = {
  ...sessionEvents,
  ...usersEvents,
  ...settingsEvents,
  ...appearanceEvents,
  ...environmentEvents,
  ...collectionsEvents,
  ...payoutsEvents,
  ...paymentsEvents,
  ...refundsEvents,
  ...mandatesEvents,
  ...appEvents,
  ...updatesEvents,
  ...shiftsEvents,
  ...shopEvents,
} satisfies EventTable

export type Channels = typeof channels
export type Events = typeof events
export type ChannelName = keyof Channels & string
export type EventName = keyof Events & string
export type Pos = PosBridge<Channels, Events>

export const channelNames = Object.keys(channels) as ChannelName[]
export const eventNames = Object.keys(events) as EventName[]

export * from './contract'
export * from './shared'
export type * from './environment'
export type * from './session'
export type * from './settings'
export type * from './appearance'
export type * from './users'
export type * from './collections'
export type * from './payouts'
export type * from './payments'
export type * from './refunds'
export type * from './mandates'
export type * from './reports'
export type * from './app'
export type * from './updates'
export type * from './shifts'
export type * from './exactly-once'
export type * from './reconcile'
export { LIVE_CONFIRMATION } from './environment'
export { POLL_LIMITS } from './settings'
