// "Customer says it's sent": main checks the account at once, then faster for a short while
// (within the gateway's rate budget), so a confirmation the customer is waiting for comes
// sooner. What main promises is said as it said it.
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { FastCheck } from '../../../common/ipc/collections'
import { Button } from '../../components'
import { call, messageOf } from '../../lib/pos'

export function SaysSent({ chargeId }: { chargeId: string }) {
  const [check, setCheck] = useState<FastCheck | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const { t } = useTranslation()
  const press = async () => {
    setBusy(true)
    setProblem(null)
    try {
      setCheck(await call('charge.customerSaysSent', { chargeId }))
    } catch (error) {
      setProblem(messageOf(error))
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className="says-sent" data-testid="says-sent">
      <Button icon="refresh" busy={busy} onClick={() => void press()}>
        {t('instructions.saysSent')}
      </Button>
      <p className="says-sent__note" role="status">
        {problem ?? check?.message ?? ''}
      </p>
    </div>
  )
}
