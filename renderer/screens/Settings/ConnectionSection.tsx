// The connection test, explained step by step.
import { useState } from 'react'
import type { CheckStatus, ConnectionReport } from '../../../common/ipc'
import { ENVIRONMENT_LABEL } from '../../../common/ipc'
import { Badge, Banner, Button, Card, Icon, type IconName, type Tone } from '../../components'
import { DetailList, useAction } from '../../components/kit'
import { call } from '../../lib/pos'

const STATUS: Record<CheckStatus, { icon: IconName; tone: Tone; label: string }> = {
  pass: { icon: 'check', tone: 'success', label: 'Passed' },
  warn: { icon: 'alert', tone: 'warning', label: 'Warning' },
  fail: { icon: 'x', tone: 'danger', label: 'Failed' },
  skip: { icon: 'info', tone: 'neutral', label: 'Skipped' },
}

export function ConnectionSection() {
  const [report, setReport] = useState<ConnectionReport | null>(null)
  const { busy, error, run: start } = useAction()
  const run = () => start(async () => setReport(await call('environment.testConnection')))

  return (
    <Card
      title="Connection test"
      description="Checks the gateway is reachable, that it accepts this till’s signed requests, which capabilities the key has, and the clock."
      actions={
        <Button variant="primary" icon="refresh" busy={busy} onClick={() => void run()}>
          {report ? 'Test again' : 'Test connection'}
        </Button>
      }
    >
      {error && <Banner tone="danger">{error}</Banner>}
      {report && (
        <div className="report" aria-live="polite">
          <Banner
            tone={report.ok ? 'success' : 'danger'}
            title={report.ok ? 'Connected' : 'Not working yet'}
          >
            {ENVIRONMENT_LABEL[report.environment]}
            {report.baseUrl ? ` at ${report.baseUrl}` : ''}
            {report.keyId ? `, key ${report.keyId}` : ''}. Finished in {report.durationMs} ms.
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
                    label={STATUS[check.status].label}
                  />
                </span>
                <div className="check__body">
                  <p className="check__title">{check.title}</p>
                  <p className="check__detail">{check.detail}</p>
                  {check.action && <p className="check__action">{check.action}</p>}
                </div>
              </li>
            ))}
          </ol>
          {report.capabilities.length > 0 && (
            <>
              <h3 className="section-title">Key capabilities</h3>
              <ul className="capabilities">
                {report.capabilities.map((capability) => (
                  <li
                    key={capability.capability}
                    className="capability"
                    data-testid={`capability-${capability.capability}`}
                  >
                    <span>
                      <span className="capability__label">{capability.label}</span>
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
                        ? 'Granted'
                        : capability.state === 'missing'
                          ? 'Missing'
                          : 'Unknown'}
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
                label: 'Round trip',
                value: report.latencyMs === null ? '—' : `${report.latencyMs} ms`,
              },
              {
                label: 'Clock skew',
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
