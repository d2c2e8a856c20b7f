// Late response: the write commits at once and its answer is sent only after a delay longer
// than the client's timeout, so the client saw "unknown" although the gateway holds the record.
/** Timers of answers held back by `late_response`; cancelled when the sandbox closes. */
export class LateReplies {
  private readonly timers = new Set<NodeJS.Timeout>()

  /** Resolves after `ms`; never resolves once released (the socket is gone by then). */
  wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer)
        resolve()
      }, ms)
      this.timers.add(timer)
    })
  }

  get size(): number {
    return this.timers.size
  }

  releaseAll(): void {
    for (const timer of this.timers) clearTimeout(timer)
    this.timers.clear()
  }
}
