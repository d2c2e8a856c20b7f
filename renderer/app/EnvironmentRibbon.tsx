// A full-width stripe on every screen saying which gateway this till is on. Live is loud on
// purpose: real money moves.
import { ENVIRONMENT_LABEL } from '../../common/ipc/shared'
import { Icon } from '../components'
import { useEnvironment } from '../store/environment'

const TEXT = {
  demo: 'Practice gateway on this computer. No real money moves.',
  sandbox: 'Test gateway. No real money moves.',
  live: 'Real customer money moves on this till.',
} as const

export function EnvironmentRibbon() {
  const environment = useEnvironment((store) => store.environment?.environment)
  if (!environment) return null
  return (
    <div className={`ribbon ribbon--${environment}`} data-environment={environment}>
      <Icon name={environment === 'live' ? 'alert' : 'shield'} size={18} />
      <strong className="ribbon__label">{ENVIRONMENT_LABEL[environment].toUpperCase()}</strong>
      <span className="ribbon__text">{TEXT[environment]}</span>
    </div>
  )
}
