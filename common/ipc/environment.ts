// Which gateway the till talks to (Demo, Sandbox, Live), whether it is reachable, and the
// connection test.
import * as z from 'zod'
import { defineChannels, defineEvents, payload, returns, type Said } from './contract'
import { EnvironmentSchema, NoInput, type Environment } from './shared'

export interface KeychainStatus {
  available: boolean
  /** What the admin should know or do when it is not available. */
  explanation: string | null
  /** The same keyed (`keychain.<platform>`), for the screen's language; the OS's details stay in the English. */
  explanationSay?: Said
}

export interface EnvironmentState {
  environment: Environment
  baseUrl: string | null
  keyId: string | null
  /** A secret for keyId is stored (keychain, or memory for an unpersisted demo key). */
  hasSecret: boolean
  /** Where the active key's secret lives. */
  secretStorage: 'keychain' | 'memory' | null
  keychain: KeychainStatus
  /** Demo only: the embedded sandbox. */
  demo: { running: boolean; error: string | null } | null
  /** Non-null when the till can't call the gateway yet, in words the admin can act on. */
  notReady: string | null
}

export type Connectivity = 'online' | 'offline' | 'unknown'

/** Till-wide status for the status bar. Feature services feed parts of it (outbox). */
export interface TillStatus {
  connectivity: Connectivity
  lastCheckedAt: string | null
  /** Why the gateway looks offline, in words. */
  offlineReason: string | null
  outbox: { pending: number; failed: number }
}

export type CheckStatus = 'pass' | 'warn' | 'fail' | 'skip'

export interface ConnectionCheck {
  id: 'configuration' | 'reachable' | 'signed' | 'capabilities' | 'clock'
  title: string
  status: CheckStatus
  /** What we saw. */
  detail: string
  /** What the admin should do about it, when anything. */
  action: string | null
  /** The same three keyed (`connection.*`, `gateway.*`), for the screen's language. */
  titleSay?: Said
  detailSay?: Said
  actionSay?: Said
}

export type CapabilityState = 'granted' | 'missing' | 'unknown'

export interface CapabilityResult {
  capability: string
  label: string
  /** The label keyed (`connection.capability.*`). */
  labelSay?: Said
  state: CapabilityState
  detail: string | null
}

export interface ConnectionReport {
  environment: Environment
  baseUrl: string | null
  keyId: string | null
  ok: boolean
  startedAt: string
  durationMs: number
  latencyMs: number | null
  /** Our clock minus the gateway's, in seconds, when measured. */
  clockSkewSeconds: number | null
  checks: ConnectionCheck[]
  capabilities: CapabilityResult[]
}

export const environmentChannels = defineChannels({
  'environment.get': {
    input: NoInput,
    result: returns<EnvironmentState>(),
    role: 'public',
    summary: 'Active environment, key id (never the secret), keychain availability.',
  },
  'environment.switch': {
    input: z.strictObject({
      environment: EnvironmentSchema,
      /** Required, exactly 'LIVE', to switch to live: a typed confirmation, checked in main. */
      confirm: z.string().optional(),
    }),
    result: returns<EnvironmentState>(),
    role: 'admin',
    summary: 'Switches Demo / Sandbox / Live. Live needs confirm: "LIVE".',
  },
  'environment.testConnection': {
    input: NoInput,
    result: returns<ConnectionReport>(),
    role: 'admin',
    summary: 'Health, a signed request, key capabilities and clock skew, explained.',
  },
  'status.get': {
    input: NoInput,
    result: returns<TillStatus>(),
    role: 'public',
    summary: 'Connectivity and outbox counts for the status bar.',
  },
})

export const environmentEvents = defineEvents({
  'environment.changed': payload<EnvironmentState>(),
  'status.changed': payload<TillStatus>(),
})

/** The phrase an admin types to switch to live. */
export const LIVE_CONFIRMATION = 'LIVE'
