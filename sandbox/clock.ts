// The sandbox's business clock: the machine's clock plus an offset that only moves forward
// (POST /sandbox/clock/advance). It dates records and drives monthly limits, expiry and
// settlement. Transport time (the Date header, /health, the ±5 minute signature window,
// webhook signature timestamps) stays on the real clock, so advancing never locks clients out.

export class SandboxClock {
  private offsetMs = 0
  private readonly listeners = new Set<() => void>()

  constructor(private readonly wall: () => number = Date.now) {}

  /** Business time, ms since the epoch. */
  nowMs(): number {
    return this.wall() + this.offsetMs
  }

  /** Real time, for transport concerns. */
  wallMs(): number {
    return this.wall()
  }

  iso(ms: number = this.nowMs()): string {
    return new Date(ms).toISOString()
  }

  /** Business date, YYYY-MM-DD (UTC). */
  today(): string {
    return this.iso().slice(0, 10)
  }

  get offsetSeconds(): number {
    return Math.trunc(this.offsetMs / 1000)
  }

  get offset(): number {
    return this.offsetMs
  }

  advance(seconds: number): void {
    if (!Number.isFinite(seconds) || seconds < 0) throw new RangeError('Clock only moves forward.')
    this.offsetMs += Math.trunc(seconds * 1000)
    for (const listener of this.listeners) listener()
  }

  /** Restores a persisted offset (no listeners fire: nothing happened, we just woke up). */
  restore(offsetMs: number): void {
    this.offsetMs = Math.max(0, Math.trunc(offsetMs))
  }

  onAdvance(listener: () => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }
}
