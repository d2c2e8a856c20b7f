// Only the refund asked about is read (main/gateway/own-record.ts). After a lookup another
// refund's record keeps ours unknown; after a 2xx to our initialize it means the gateway took
// the write, so the refund exists and is never sent again. (The payment a refund is for is
// checked the same way: ownPayment, payments/payment-entry.ts.)
import type { Refund } from '../../common/api/refunds'
import { ownRecord } from '../gateway/own-record'

export function ownRefund(
  record: Refund,
  reference: string,
  call: 'getRefund' | 'initializeRefund',
) {
  const what = `refund ${record.reference} (${record.status})`
  return ownRecord(record, record.reference, reference, call, what)
}
