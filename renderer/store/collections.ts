// Collections as main reports it: charges (fed by `charge.updated`), the watcher's health,
// late transfers, and what the customer display shows. Screens read from here and call main
// for every change; nothing here computes an amount or a status.
import { create } from 'zustand'
import type {
  ChargeView,
  CollectionsStatus,
  CustomerDisplayState,
  TransferView,
} from '../../common/ipc/collections'
import { call, subscribe } from '../lib/pos'

interface CollectionsStore {
  charges: Record<string, ChargeView>
  status: CollectionsStatus | null
  late: TransferView[]
  display: CustomerDisplayState | null
  /** Set for a while after the watcher reconnects: how many transfers it caught up on. */
  backOnline: { caughtUp: number } | null
  /** Charges that just became paid, for the chime (consumed by the screen that plays it). */
  justPaid: string[]
  /** Words for the instructions screen of one charge, e.g. "already has an account". */
  notice: { chargeId: string; text: string } | null
  setNotice(notice: { chargeId: string; text: string } | null): void
  upsert(view: ChargeView): void
  refresh(): Promise<void>
  refreshLate(): Promise<void>
  consumePaid(id: string): void
}

const settled = (v: ChargeView | undefined) =>
  v !== undefined && (v.reconciliation.status === 'paid' || v.reconciliation.status === 'overpaid')

export const useCollections = create<CollectionsStore>((set, get) => ({
  charges: {},
  status: null,
  late: [],
  display: null,
  backOnline: null,
  justPaid: [],
  notice: null,
  setNotice(notice) {
    set({ notice })
  },
  upsert(view) {
    const before = get().charges[view.id]
    const newlyPaid = before !== undefined && !settled(before) && settled(view)
    set((state) => ({
      charges: { ...state.charges, [view.id]: view },
      justPaid: newlyPaid ? [...state.justPaid, view.id] : state.justPaid,
    }))
  },
  async refresh() {
    const [open, recent, status] = await Promise.all([
      call('charge.list', { scope: 'open' }),
      call('charge.list', { scope: 'recent' }),
      call('collections.status'),
    ])
    const charges: Record<string, ChargeView> = { ...get().charges }
    for (const c of [...recent, ...open]) charges[c.id] = c
    set({ charges, status })
    await get().refreshLate()
  },
  async refreshLate() {
    set({ late: await call('collections.late', {}) })
  },
  consumePaid(id) {
    set((state) => ({ justPaid: state.justPaid.filter((x) => x !== id) }))
  },
}))

const BACK_ONLINE_MS = 15_000
let backOnlineTimer: ReturnType<typeof setTimeout> | undefined

function onStatus(status: CollectionsStatus): void {
  const before = useCollections.getState().status
  const reconnected = before !== null && !before.online && status.online
  useCollections.setState({
    status,
    ...(reconnected ? { backOnline: { caughtUp: status.caughtUp } } : {}),
    ...(!status.online ? { backOnline: null } : {}),
  })
  if (reconnected) {
    clearTimeout(backOnlineTimer)
    backOnlineTimer = setTimeout(
      () => useCollections.setState({ backOnline: null }),
      BACK_ONLINE_MS,
    )
  }
}

let connections = 0
let disconnect: (() => void) | null = null

/**
 * Subscribes to collections events while at least one screen needs them. Screens call this
 * from an effect; the last one to unmount unsubscribes.
 */
export function connectCollections(): () => void {
  connections += 1
  if (connections === 1) {
    const offs = [
      subscribe('charge.updated', (view) => useCollections.getState().upsert(view)),
      subscribe('collections.status', onStatus),
      subscribe('collections.lateTransfer', (transfer) =>
        useCollections.setState((state) => ({
          late: [transfer, ...state.late.filter((t) => t.reference !== transfer.reference)],
        })),
      ),
      subscribe('customerDisplay.changed', (display) => useCollections.setState({ display })),
    ]
    disconnect = () => offs.forEach((off) => off())
  }
  return () => {
    connections -= 1
    if (connections === 0) {
      disconnect?.()
      disconnect = null
    }
  }
}
