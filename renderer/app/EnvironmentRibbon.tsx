// A full-width stripe on every screen saying which gateway this till is on. Live is loud on
// purpose: real money moves.
import { useTranslation } from 'react-i18next'
import { Icon } from '../components'
import { useEnvironment } from '../store/environment'

export function EnvironmentRibbon() {
  const environment = useEnvironment((store) => store.environment?.environment)
  const { t } = useTranslation()
  if (!environment) return null
  return (
    <div className={`ribbon ribbon--${environment}`} data-environment={environment}>
      <Icon name={environment === 'live' ? 'alert' : 'shield'} size={18} />
      <strong className="ribbon__label">
        {t(`environment.${environment}`).toLocaleUpperCase()}
      </strong>
      <span className="ribbon__text">{t(`app.ribbon.${environment}`)}</span>
    </div>
  )
}
