// The collections ledger's two records as the till keeps and journals them (ledger.ts, the
// journal in store.ts, and what is read back from it in held.ts and ledger-archive.ts).
import type { ChargeView, TransferView } from '../../common/ipc/collections'

/** A charge as the till keeps it: the view without what is worked out from its transfers. */
export type ChargeRecord = Omit<ChargeView, 'reconciliation' | 'transfers' | 'needsDecision'>

export type TransferRecord = TransferView
