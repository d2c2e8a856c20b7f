// What a feature plugs into the composition root: its handlers, and optional start/stop for
// background work (watchers, senders). See modules.ts for the list.
import type { Channels } from '../../common/ipc'
import type { Handlers } from '../ipc/handlers'
import type { CoreServices } from './core'

export interface FeatureInstance {
  /** Handlers for this feature's channels (a subset of the contract). */
  handlers: Partial<Handlers<Channels>>
  /** Background work begins after every module is created and the environment is up. */
  start?(): void | Promise<void>
  /** Called on quit and when the preview stops; finish or persist in-flight work. */
  stop?(): void | Promise<void>
  /**
   * Why the till must not restart now (an open charge, payouts sending), in words, or null.
   * Updates install only when every module answers null (main/updates/policy.ts).
   */
  busy?(): string | null | Promise<string | null>
}

export interface FeatureModule {
  name: string
  create(core: CoreServices): FeatureInstance | Promise<FeatureInstance>
}

/** Identity helper for type inference in feature files. */
export const defineModule = (module: FeatureModule): FeatureModule => module
