// One follow-up at a time per reference: "Check status" pressed while the follower is asking
// (or resending) joins it, so two follow-ups of one item never resend together. The flights
// belong to the journal: every tracker over it (the payout sender's, the decision's) sees them.
const byJournal = new WeakMap<object, Flights<unknown>>()

/** The flights of the journal `key`, shared by every tracker over it. */
export function flightsOver<T>(key: object): Flights<T> {
  let flights = byJournal.get(key)
  if (!flights) byJournal.set(key, (flights = new Flights<unknown>()))
  return flights as Flights<T>
}

export class Flights<T> {
  readonly #running = new Map<string, Promise<T>>()

  run(key: string, work: () => Promise<T>): Promise<T> {
    const running = this.#running.get(key)
    if (running) return running
    const started = work().finally(() => this.#running.delete(key))
    this.#running.set(key, started)
    return started
  }

  busy(key: string): boolean {
    return this.#running.has(key)
  }
}
