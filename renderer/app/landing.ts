// Where each role starts after signing in: where it works, never where the last person left
// off. A cashier collects; a supervisor decides what waits for them, else collects; an admin
// finishes setting the till up, then sees the overview.
import type { PublicUser } from '../../common/ipc'
import { call } from '../lib/pos'
import { approvalQueue } from '../store/payouts'
import { setupProgress } from './setup'

export async function landingFor(user: PublicUser): Promise<string> {
  if (user.role === 'cashier') return 'collect'
  if (user.role === 'supervisor') {
    const list = await call('payouts.list').catch(() => null)
    return list && approvalQueue(list.items).length > 0 ? 'approvals' : 'collect'
  }
  const progress = await setupProgress().catch(() => null)
  return progress && progress.every((step) => step.done) ? 'overview' : 'settings'
}
