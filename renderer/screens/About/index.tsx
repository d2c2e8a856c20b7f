// About Tilldesk: the version, what it runs on, the gateway environment, and the licences of
// everything bundled in the app (generated at build time by scripts/licences.ts).
import { useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { AboutInfo, LicenceEntry } from '../../../common/ipc'
import { Banner, Card, Spinner, TextField } from '../../components'
import { t } from '../../i18n'
import { formatDate } from '../../lib/format'
import { call, messageOf } from '../../lib/pos'
import './about.css'

export default function AboutScreen() {
  const { t } = useTranslation()
  const [about, setAbout] = useState<AboutInfo | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [filter, setFilter] = useState('')

  useEffect(() => {
    call('app.about').then(setAbout, (problem: unknown) => setError(messageOf(problem)))
  }, [])

  const licences = useMemo(() => {
    const wanted = filter.trim().toLowerCase()
    const all = about?.licences ?? []
    return wanted === ''
      ? all
      : all.filter((entry) => `${entry.name} ${entry.license}`.toLowerCase().includes(wanted))
  }, [about, filter])

  if (error) return <Banner tone="danger">{error}</Banner>
  if (!about) return <Spinner size={28} label={t('common.loading')} />

  const rows: Array<[string, string]> = [
    [t('about.version'), about.version],
    [t('about.environment'), environmentName(about.environment)],
    ['Electron', about.runtime.electron ?? t('about.noElectron')],
    ['Chromium', about.runtime.chrome ?? t('about.ownChromium')],
    ['Node.js', about.runtime.node],
    ['V8', about.runtime.v8],
    [t('about.os'), about.runtime.os],
  ]

  return (
    <div className="screen about">
      <Card title={`${about.name} ${about.version}`} description={t('about.help')}>
        <dl className="about__facts">
          {rows.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </Card>
      <Card
        title={t('about.licences')}
        description={
          about.licencesGeneratedAt
            ? t('about.packages', {
                count: about.licences.length,
                date: formatDate(about.licencesGeneratedAt),
              })
            : t('about.noList')
        }
      >
        {about.licences.length > 0 && (
          <TextField
            label={t('about.find')}
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
          />
        )}
        <ul className="about__licences">
          {licences.map((entry) => (
            <Licence key={`${entry.name}@${entry.version}`} entry={entry} />
          ))}
        </ul>
      </Card>
    </div>
  )
}

/** Demo says that no money moves; an environment a newer main names passes through as is. */
function environmentName(environment: string): string {
  if (environment === 'demo') return t('about.demo')
  if (environment === 'sandbox' || environment === 'live') return t(`environment.${environment}`)
  return environment
}

function Licence({ entry }: { entry: LicenceEntry }) {
  const { t } = useTranslation()
  return (
    <li>
      <details>
        <summary>
          <strong>{entry.name}</strong> {entry.version} · {entry.license}
        </summary>
        {entry.repository && <p className="about__repo">{entry.repository}</p>}
        <pre className="about__text">{entry.text ?? t('about.noFile')}</pre>
      </details>
    </li>
  )
}
