// "Customer says it's sent": main checks the account at once, then faster for a short while
// (within the gateway's rate budget), so a confirmation the customer is waiting for comes
// sooner. The cashier is told what to do and what they will see, not how often the till
// looks: the pace is main's business, the money arriving is theirs.
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../components'
import { call, messageOf } from '../../lib/pos'

export function SaysSent({ chargeId }: { chargeId: string }) {
  const [asked, setAsked] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const { t } = useTranslation()
  const press = async () => {
    setBusy(true)
    setProblem(null)
    try {
      await call('charge.customerSaysSent', { chargeId })
      setAsked(true)
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
        {problem ?? (asked ? t('instructions.saysSentNote') : '')}
      </p>
    </div>
  )
}
