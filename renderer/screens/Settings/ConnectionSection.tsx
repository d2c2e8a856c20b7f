// The connection test, explained step by step.
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { CheckStatus, ConnectionReport, ResendTrustView } from '../../../common/ipc'
import { Badge, Banner, Button, Card, Icon, type IconName, type Tone } from '../../components'
import { DetailList, useAction } from '../../components/kit'
import { saySaid } from '../../i18n/errors'
import { call } from '../../lib/pos'
import { useEnvironment } from '../../store/environment'

const STATUS = {
  pass: { icon: 'check', tone: 'success', label: 'settings.connection.passed' },
  warn: { icon: 'alert', tone: 'warning', label: 'settings.connection.warning' },
  fail: { icon: 'x', tone: 'danger', label: 'settings.connection.failed' },
  skip: { icon: 'info', tone: 'neutral', label: 'settings.connection.skipped' },
} as const satisfies Record<CheckStatus, { icon: IconName; tone: Tone; label: string }>

export function ConnectionSection() {
  const { t } = useTranslation()
  const [report, setReport] = useState<ConnectionReport | null>(null)
  const { busy, error, run: start } = useAction()
  const environment = useEnvironment((store) => store.environment)
  // A key id with no secret on this till: say why typing the secret is the only way.
  const secretMissing =
    environment !== null &&
    environment.environment !== 'demo' &&
    environment.keyId !== null &&
    environment.keychain.available &&
    !environment.hasSecret
  const [resends, setResends] = useState<ResendTrustView | null>(null)
  const readResends = () =>
    void call('exactlyOnce.resends')
      .then(setResends)
      .catch(() => setResends(null))
  useEffect(readResends, [])
  const run = () =>
    start(async () => {
      setReport(await call('environment.testConnection'))
      readResends()
    })

  return (
    <Card
      title={t('settings.connection.title')}
      description={t('settings.connection.help')}
      actions={
        <Button variant="primary" icon="refresh" busy={busy} onClick={() => void run()}>
          {report ? t('settings.connection.again') : t('settings.connection.test')}
        </Button>
      }
    >
      {error && <Banner tone="danger">{error}</Banner>}
      {secretMissing && (
        <Banner tone="warning" title={t('settings.connection.noSecretTitle')}>
          {/* The key id is typed by a person: plain text beside the sentence, never in it. */}
          <span className="mono">{environment.keyId}</span>: {t('settings.connection.noSecret')}
        </Banner>
      )}
      {resends && (
        <Banner
          tone={resends.honoured ? 'success' : 'info'}
          title={t(
            resends.honoured ? 'settings.connection.resendsOn' : 'settings.connection.resendsOff',
          )}
        >
          <span data-testid="resends">
            {t(
              resends.honoured
                ? resends.how === 'lookup'
                  ? 'settings.connection.resendsOnLookup'
                  : resends.how === 'conformance'
                    ? 'settings.connection.resendsOnConformance'
                    : 'settings.connection.resendsOnEcho'
                : 'settings.connection.resendsOffBody',
            )}
          </span>
        </Banner>
      )}
      {report && (
        <div className="report" aria-live="polite">
          <Banner
            tone={report.ok ? 'success' : 'danger'}
            title={report.ok ? t('settings.connection.connected') : t('settings.connection.notYet')}
          >
            {t(`environment.${report.environment}`)}
            {report.baseUrl ? t('settings.connection.at', { url: report.baseUrl }) : ''}
            {report.keyId ? t('settings.connection.key', { keyId: report.keyId }) : ''}
            {t('settings.connection.finished', { ms: report.durationMs })}
          </Banner>
          <ol className="checks">
            {report.checks.map((check) => (
              <li
                key={check.id}
                className={`check check--${check.status}`}
                data-testid={`check-${check.id}`}
              >
                <span className="check__icon">
                  <Icon
                    name={STATUS[check.status].icon}
                    size={18}
                    label={t(STATUS[check.status].label)}
                  />
                </span>
                <div className="check__body">
                  <p className="check__title">{saySaid(check.titleSay, check.title)}</p>
                  <p className="check__detail">{saySaid(check.detailSay, check.detail)}</p>
                  {check.action && (
                    <p className="check__action">{saySaid(check.actionSay, check.action)}</p>
                  )}
                </div>
              </li>
            ))}
          </ol>
          {report.capabilities.length > 0 && (
            <>
              <h3 className="section-title">{t('settings.connection.capabilities')}</h3>
              <ul className="capabilities">
                {report.capabilities.map((capability) => (
                  <li
                    key={capability.capability}
                    className="capability"
                    data-testid={`capability-${capability.capability}`}
                  >
                    <span>
                      <span className="capability__label">
                        {saySaid(capability.labelSay, capability.label)}
                      </span>
                      <span className="capability__code mono">{capability.capability}</span>
                    </span>
                    <Badge
                      tone={
                        capability.state === 'granted'
                          ? 'success'
                          : capability.state === 'missing'
                            ? 'danger'
                            : 'warning'
                      }
                    >
                      {capability.state === 'granted'
                        ? t('settings.connection.granted')
                        : capability.state === 'missing'
                          ? t('settings.connection.missing')
                          : t('settings.connection.unknown')}
                    </Badge>
                  </li>
                ))}
              </ul>
            </>
          )}
          <DetailList
            className="facts facts--inline"
            items={[
              {
                label: t('settings.connection.roundTrip'),
                value: report.latencyMs === null ? '—' : `${report.latencyMs} ms`,
              },
              {
                label: t('settings.connection.clockSkew'),
                testId: 'clock-skew',
                value:
                  report.clockSkewSeconds === null
                    ? '—'
                    : `${report.clockSkewSeconds > 0 ? '+' : ''}${report.clockSkewSeconds} s`,
              },
            ]}
          />
        </div>
      )}
    </Card>
  )
}
