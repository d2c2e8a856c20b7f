// Clock skew between this till and the gateway. Every response's Date header is a
// measurement; the offset actually applied to X-Timestamp changes only when the gateway
// rejects a timestamp, because the gateway's clock is the one that decides.
import { parseHttpDate } from './http-date'

export interface ClockSkewEvent {
  /** Gateway clock minus local clock, whole seconds, from the latest Date header. */
  skewSeconds: number
  /** Seconds now added to the local clock when signing. */
  offsetSeconds: number
  /** True when this event applied a new offset (after a timestamp rejection). */
  corrected: boolean
}

/** Skews within this many seconds are measurement noise (Date has one-second resolution). */
export const DEFAULT_SKEW_TOLERANCE_SECONDS = 5

export class ClockSkew {
  private measured: number | null = null
  private offset = 0
  private lastReported: number | null = null

  constructor(
    private readonly now: () => number,
    private readonly toleranceSeconds: number,
    private readonly onSkew?: (event: ClockSkewEvent) => void,
  ) {}

  get skewSeconds(): number | null {
    return this.measured
  }

  get offsetSeconds(): number {
    return this.offset
  }

  /** X-Timestamp for a request signed now. */
  timestamp(): number {
    return Math.floor(this.now() / 1000) + this.offset
  }

  /**
   * Records a response's Date header. The server wrote it between our send and receive, so
   * it is compared with the midpoint of the exchange; Date has one-second resolution, so the
   * result is good to about a second (far inside the gateway's 5-minute window).
   * Returns the measurement, or null when the header is absent or unreadable.
   */
  observe(dateHeader: string | null, sentAtMs: number, receivedAtMs: number): number | null {
    const serverMs = parseHttpDate(dateHeader)
    if (serverMs === null) return null
    // `|| 0` turns -0 into 0.
    const skew = Math.round((serverMs - (sentAtMs + receivedAtMs) / 2) / 1000) || 0
    this.measured = skew
    const outOfTolerance = Math.abs(skew - this.offset) > this.toleranceSeconds
    const news =
      this.lastReported === null || Math.abs(skew - this.lastReported) > this.toleranceSeconds
    if (outOfTolerance && news) this.report(false)
    return skew
  }

  /**
   * After a timestamp rejection: adopt the measured skew if it is beyond tolerance of the
   * offset in use. Returns whether anything changed (i.e. whether a retry can help).
   */
  correct(measurement: number | null): boolean {
    if (measurement === null || Math.abs(measurement - this.offset) <= this.toleranceSeconds)
      return false
    this.offset = measurement
    this.report(true)
    return true
  }

  private report(corrected: boolean): void {
    if (this.measured === null) return
    this.lastReported = this.measured
    this.onSkew?.({ skewSeconds: this.measured, offsetSeconds: this.offset, corrected })
  }
}
