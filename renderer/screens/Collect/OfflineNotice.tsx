// Says plainly when the gateway can't be reached, what still works, and when the till tries
// again; then that it is back and how many transfers it caught up on.
import { formatTime } from '../../lib/format'
import { Banner } from '../../components'
import { useCollections } from '../../store/collections'

export function OfflineNotice() {
  const status = useCollections((s) => s.status)
  const back = useCollections((s) => s.backOnline)

  if (status && !status.online) {
    const next = status.nextAttemptAt ? formatTime(status.nextAttemptAt) : null
    return (
      <Banner
        tone="warning"
        title="Offline: can’t confirm transfers right now"
        className="offline-notice"
      >
        <p>{status.offlineReason}</p>
        <p>
          <strong>Still works:</strong> the customer can still transfer to the account shown; these
          instructions, printing and receipts work; charges for customers already seen on this till
          can be opened.
        </p>
        <p>
          Tilldesk keeps trying{next ? ` (next at ${next})` : ''} and confirms payments by itself as
          soon as the connection returns, including any that arrive meanwhile.
        </p>
      </Banner>
    )
  }
  if (back !== null) {
    const n = back.caughtUp
    return (
      <Banner tone="success" title="Back online">
        {n > 0
          ? `Caught up on ${n} transfer${n === 1 ? '' : 's'} that arrived while offline.`
          : 'No transfers arrived while offline.'}
      </Banner>
    )
  }
  return null
}
