// The contract a feature plugs into the composition root with: its handlers, and optional
// start/stop for background work (watchers, senders). The kernel knows neither the services a
// feature receives nor the channel table, so both are parameters here; main/compose/core.ts
// binds them (CoreServices, the contract's channels) and is what feature modules import.
export interface FeatureInstance<H extends object = object> {
  /** Handlers for this feature's channels (a subset of the contract). */
  handlers: H
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

export interface FeatureModule<Core, H extends object = object> {
  name: string
  create(core: Core): FeatureInstance<H> | Promise<FeatureInstance<H>>
}
