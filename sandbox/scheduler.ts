// Asynchronous work (debit settlement, refund and transfer progress) is a list of serialisable
// tasks due at a business-clock instant, not closures: that lets --data persist them across a
// restart and lets a clock advance run everything that became due, in order.
import type { SandboxClock } from './clock'

export interface Task {
  at: number
  kind: string
  key: string
  seq: number
}

/** `at` is when the task was due, so a chain of steps keeps its spacing however late it runs. */
type TaskHandler = (key: string, at: number) => void

/** Longest setTimeout delay Node accepts. */
const MAX_DELAY = 2 ** 31 - 1

export class Scheduler {
  private tasks: Task[] = []
  private readonly handlers = new Map<string, TaskHandler>()
  private timer: NodeJS.Timeout | null = null
  private seq = 0
  private stopped = false
  private running = false

  constructor(
    private readonly clock: SandboxClock,
    private readonly onError: (error: unknown, task: Task) => void = () => {},
  ) {
    clock.onAdvance(() => this.runDue())
  }

  on(kind: string, handler: TaskHandler): void {
    this.handlers.set(kind, handler)
  }

  schedule(delayMs: number, kind: string, key: string): void {
    this.scheduleAt(this.clock.nowMs() + Math.max(0, delayMs), kind, key)
  }

  scheduleAt(at: number, kind: string, key: string): void {
    this.insert({ at, kind, key, seq: this.seq++ })
    this.arm()
  }

  get pending(): number {
    return this.tasks.length
  }

  /** Runs every task whose time has come, including tasks those tasks schedule. */
  runDue(): void {
    if (this.running || this.stopped) return
    this.running = true
    try {
      for (;;) {
        const first = this.tasks[0]
        if (!first || first.at > this.clock.nowMs()) break
        this.tasks.shift()
        const handler = this.handlers.get(first.kind)
        try {
          handler?.(first.key, first.at)
        } catch (error) {
          this.onError(error, first)
        }
      }
    } finally {
      this.running = false
    }
    this.arm()
  }

  stop(): void {
    this.stopped = true
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
  }

  snapshot(): Task[] {
    return this.tasks.map((t) => ({ ...t }))
  }

  restore(tasks: readonly Task[]): void {
    this.tasks = []
    for (const t of tasks) this.insert({ ...t, seq: this.seq++ })
    this.arm()
  }

  private insert(task: Task): void {
    // Binary search keeps the list ordered by (at, seq): ties run in scheduling order.
    let lo = 0
    let hi = this.tasks.length
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      const t = this.tasks[mid] as Task
      if (t.at < task.at || (t.at === task.at && t.seq < task.seq)) lo = mid + 1
      else hi = mid
    }
    this.tasks.splice(lo, 0, task)
  }

  private arm(): void {
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    const first = this.tasks[0]
    if (!first || this.stopped) return
    const delay = Math.min(MAX_DELAY, Math.max(0, first.at - this.clock.nowMs()))
    this.timer = setTimeout(() => {
      this.timer = null
      this.runDue()
    }, delay)
  }
}
