// One follow-up at a time per reference. "Check status" pressed while the follower is already
// asking (or resending) joins that follow-up instead of starting a second one, so two
// follow-ups of one item can never resend together.
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
