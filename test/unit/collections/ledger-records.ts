// The collections ledger's test records: a customer's account, a charge on it, a transfer
// into it, on one clock (T0), shared by the ledger's tests.
import { minor } from '../../../common/money'
import type { CustomerAccount, TransferStatus } from '../../../common/ipc/collections'
import type { ChargeRecord, ObservedTransfer } from '../../../main/collections/ledger'

export const T0 = Date.parse('2025-03-01T10:00:00Z')
export const at = (ms: number) => new Date(T0 + ms).toISOString()

export const account = (ref = 'ACC-1'): CustomerAccount => ({
  accountReference: ref,
  accountNumber: '9000000001',
  accountName: 'Ada Obi',
  bankName: 'Wema Bank',
  bankCode: '035',
  currency: 'NGN',
  customerEmail: 'ada@example.com',
  metadata: {},
  createdAt: null,
})

export const charge = (
  id: string,
  amount: number,
  ref = 'ACC-1',
  openedAtMs = 0,
): ChargeRecord => ({
  id,
  state: 'open',
  account: account(ref),
  currency: 'NGN',
  amountDue: minor(amount),
  saleReference: null,
  till: 'Till 1',
  openedBy: { id: 'u_cashier01', name: 'Bola' },
  openedAt: at(openedAtMs),
  closedAt: null,
  overpayment: null,
  cancellation: null,
})

export const tx = (
  reference: string,
  amount: number,
  createdMs: number,
  status: TransferStatus = 'success',
  ref = 'ACC-1',
): ObservedTransfer => ({
  reference,
  accountReference: ref,
  amount: minor(amount),
  currency: 'NGN',
  status,
  narration: '',
  createdAt: at(createdMs),
})
