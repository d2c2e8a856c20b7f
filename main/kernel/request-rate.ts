// A till's gateway requests in the last minute, counted as they are made (every call the
// gateway client reports, main/compose/services.ts). The shop adds every till's own count to
// show the whole shop's rate against its budget (main/shop/watch-lease.ts).
const MINUTE_MS = 60_000

export class RequestRate {
  /** Times of the requests of the last minute, oldest first. */
  #times: number[] = []
  #start = 0

  constructor(private readonly now: () => number = Date.now) {}

  tick(): void {
    this.#drop()
    this.#times.push(this.now())
  }

  perMinute(): number {
    this.#drop()
    return this.#times.length - this.#start
  }

  /** Forgets what is older than a minute; the array is compacted now and then, not per call. */
  #drop(): void {
    const since = this.now() - MINUTE_MS
    while (this.#start < this.#times.length && this.#times[this.#start]! < since) this.#start += 1
    if (this.#start > 1_024 && this.#start * 2 > this.#times.length) {
      this.#times = this.#times.slice(this.#start)
      this.#start = 0
    }
  }
}
