// What the exactly-once core (tracker.ts) is given: a feature service's deps, and the same
// with every default settled; and the core's defaults.
import type { Logger } from '../kernel/log'
import type { Decider } from './decision'
import type { Follower } from './follower'
import type { EntryStore } from './kind'
import type { Pacing, Slots } from './pacing'
import type { ReferenceTrust } from './trust'

/** What a feature's service is given that the core needs (its own deps, mostly). */
export interface ServiceWriteDeps<G> {
  gateway: () => Promise<G>
  follower: Follower
  /** Looks up entries waiting for a person, and decided ones, slowly; absent: nobody does. */
  reviewFollower?: Follower
  /** Looks up the final entries the kind still watches (WriteKind.watched); absent: nobody. */
  watchFollower?: Follower
  /** Whether this environment has shown it keeps our reference (resends need it). */
  trust?: ReferenceTrust
  /** The environment's holds (Retry-After), shared by every kind; absent: this kind's own. */
  pacing?: Pacing
  /** Bounds the follow-ups asking the gateway at once (a journal write frees its slot). */
  slots?: Slots
  log: Logger
  now?: () => number
  /** Least wait after a lost request before a lookup may clear a resend (and the fence). */
  verifyAfterMs?: number
  /** How long a lost answer is followed up before a person decides. */
  unknownWindowMs?: number
  /** Who is signed in (the IPC guard has already checked the role). */
  actor: () => Decider | null
  /** Checks a PIN (counting failures towards lockout); throws AppError when wrong. */
  verifyPin?: (userId: string, pin: string) => Promise<unknown>
}

type Settled<G> = Required<Pick<ServiceWriteDeps<G>, 'now' | 'verifyAfterMs'>>

/** The tracker's deps: a service's, with every default settled, and the store it writes. */
export interface TrackerDeps<E, G>
  extends Omit<ServiceWriteDeps<G>, keyof Settled<G> | 'unknownWindowMs' | 'actor'>, Settled<G> {
  journal: EntryStore<E>
  publish: (entry: E) => void
  windowMs: number
  /** How long a decided reference is still looked up (the gateway's reversal window). */
  decidedWatchMs: number
  /** Who decides and acknowledges when the caller names nobody. */
  actor?: () => Decider | null
}

/** How long a lost answer is followed up before a person decides, unless a kind says. */
export const UNKNOWN_WINDOW_MS = 30 * 60_000
/** The gateway's reversal window (docs/gateway-assumptions.md): decided entries are watched. */
export const DECIDED_WATCH_MS = 3 * 86_400_000
/** The gateway client's deadline (10 s) plus the commit lag we allow a gateway (15 s). */
export const DEFAULT_VERIFY_AFTER_MS = 25_000
