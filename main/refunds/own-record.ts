// Only the refund and the payment asked about are read (main/gateway/own-record.ts). After a
// lookup another refund's record keeps ours unknown; after a 2xx to our initialize it means
// the gateway took the write, so the refund exists and is never sent again. The payment a
// refund is for is the one verify answered for: another payment's record would pay another
// customer back.
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

export function ownPayment<P extends { reference?: string }>(record: P, reference: string): P {
  return ownRecord(
    record,
    record.reference,
    reference,
    'verifyPayment',
    `payment ${record.reference}`,
  )
}
