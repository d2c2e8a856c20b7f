// All of the sandbox's state machines, wired together, with one snapshot for --data.
import type { Minor } from '../../common/money'
import type { Task } from '../scheduler'
import { Balances } from './balances'
import type { StateContext } from './context'
import { Debits } from './debits'
import { Disbursements } from './disbursements'
import { Mandates } from './mandates'
import { Payments } from './payments'
import { Refunds } from './refunds'
import { Sessions } from './sessions'
import { VirtualAccounts } from './virtualAccounts'

export class SandboxState {
  readonly balances: Balances
  readonly payments: Payments
  readonly refunds: Refunds
  readonly disbursements: Disbursements
  readonly mandates: Mandates
  readonly debits: Debits
  readonly accounts: VirtualAccounts
  readonly sessions: Sessions

  constructor(
    private readonly ctx: StateContext,
    initialBalance?: Minor,
  ) {
    this.balances = new Balances(initialBalance, ctx.changed)
    this.payments = new Payments(ctx)
    this.refunds = new Refunds(ctx, this.payments)
    this.disbursements = new Disbursements(ctx, this.balances)
    this.mandates = new Mandates(ctx)
    this.debits = new Debits(ctx, this.mandates, this.balances)
    this.accounts = new VirtualAccounts(ctx)
    this.sessions = new Sessions(ctx.clock, ctx.changed)
  }

  snapshot(): Record<string, unknown> {
    return {
      clock_offset_ms: this.ctx.clock.offset,
      balances: this.balances.snapshot(),
      payments: this.payments.snapshot(),
      refunds: this.refunds.snapshot(),
      transfers: this.disbursements.snapshot(),
      mandates: this.mandates.snapshot(),
      debits: this.debits.snapshot(),
      virtual_accounts: this.accounts.snapshot(),
      sessions: this.sessions.snapshot(),
      tasks: this.ctx.scheduler.snapshot(),
    }
  }

  /** Restores a snapshot; pending work resumes (overdue tasks run straight away). */
  restore(data: Record<string, unknown>): void {
    this.ctx.clock.restore(typeof data.clock_offset_ms === 'number' ? data.clock_offset_ms : 0)
    this.balances.restore(data.balances)
    this.payments.restore(data.payments)
    this.refunds.restore(data.refunds)
    this.disbursements.restore(data.transfers)
    this.mandates.restore(data.mandates)
    this.debits.restore(data.debits)
    this.accounts.restore(data.virtual_accounts)
    this.sessions.restore(data.sessions)
    this.ctx.scheduler.restore((data.tasks as Task[] | undefined) ?? [])
  }
}
