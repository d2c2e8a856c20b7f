// About Tilldesk: the version, what it runs on, the gateway environment, and the licences of
// everything bundled in the app (generated at build time by scripts/licences.ts).
import { useEffect, useMemo, useState } from 'react'
import type { AboutInfo, LicenceEntry } from '../../../common/ipc'
import { Banner, Card, Spinner, TextField } from '../../components'
import { call, messageOf } from '../../lib/pos'
import './about.css'

const ENVIRONMENT_LABEL = { demo: 'Demo (no money moves)', sandbox: 'Sandbox', live: 'Live' }

export default function AboutScreen() {
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
  if (!about) return <Spinner size={28} label="Loading" />

  const rows: Array<[string, string]> = [
    ['Version', about.version],
    ['Environment', ENVIRONMENT_LABEL[about.environment] ?? about.environment],
    ['Electron', about.runtime.electron ?? 'not running in Electron (browser preview)'],
    ['Chromium', about.runtime.chrome ?? 'the browser’s own'],
    ['Node.js', about.runtime.node],
    ['V8', about.runtime.v8],
    ['Operating system', about.runtime.os],
  ]

  return (
    <div className="screen about">
      <Card title={`${about.name} ${about.version}`} description="What this copy is and runs on.">
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
        title="Open-source licences"
        description={
          about.licencesGeneratedAt
            ? `${about.licences.length} packages ship inside Tilldesk (list made ${new Date(about.licencesGeneratedAt).toLocaleDateString()}).`
            : 'This build carries no licence list (it is made by `npm run build`).'
        }
      >
        {about.licences.length > 0 && (
          <TextField
            label="Find a package or licence"
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

function Licence({ entry }: { entry: LicenceEntry }) {
  return (
    <li>
      <details>
        <summary>
          <strong>{entry.name}</strong> {entry.version} · {entry.license}
        </summary>
        {entry.repository && <p className="about__repo">{entry.repository}</p>}
        <pre className="about__text">{entry.text ?? 'The package ships no licence file.'}</pre>
      </details>
    </li>
  )
}
