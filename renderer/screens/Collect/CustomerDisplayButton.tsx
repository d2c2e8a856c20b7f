// Opens the customer-facing display: a window on the secondary display in the desktop app; in
// the browser preview, a link to open in another tab (or on the customer's screen).
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Banner, Button } from '../../components'
import { call, messageOf } from '../../lib/pos'

export function CustomerDisplayButton() {
  const [link, setLink] = useState<string | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const { t } = useTranslation()
  const open = async () => {
    setProblem(null)
    try {
      const result = await call('customerDisplay.open')
      setLink(result.opened ? null : result.url)
    } catch (error) {
      setProblem(messageOf(error))
    }
  }
  return (
    <div className="cd-button no-print">
      <Button icon="user" onClick={() => void open()}>
        {t('screens.customer-display')}
      </Button>
      {link && (
        <Banner tone="info" title={t('collect.display.title')}>
          {/* The address is the link's own text, so the link has a name (a Trans sentence
              around it left the link empty). */}
          <p>{t('collect.display.open')}</p>
          <a href={link} target="_blank" rel="noopener noreferrer" className="mono">
            {link}
          </a>
        </Banner>
      )}
      {problem && <Banner tone="danger">{problem}</Banner>}
    </div>
  )
}
