// What failed its keyed integrity check (staff records, settings, journals), in words, for the
// admin: which file and record, what is wrong and what Tilldesk does about it. Shown at the top
// of Settings; nothing at all when every check passed. Main decides and acts; this only shows.
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { IntegrityFinding } from '../../../common/ipc'
import type { Environment } from '../../../common/ipc/shared'
import { Banner } from '../../components'
import { saySaid } from '../../i18n/errors'
import { call } from '../../lib/pos'
import { useEnvironment } from '../../store/environment'

/**
 * The findings worth the top of Settings. In Demo (or before the environment is known), "no
 * keychain" alone is left out: nothing
 * there is real money, and above a new shop's setup checklist it read as something broken.
 * Any failed check is shown in every environment, and so is "no keychain" in Sandbox and Live.
 */
export function findingsToShow(
  findings: readonly IntegrityFinding[],
  environment: Environment | undefined,
): readonly IntegrityFinding[] {
  const keychainOnly = findings.every((finding) => finding.area === 'keychain')
  return keychainOnly && (environment === 'demo' || environment === undefined) ? [] : findings
}

export function IntegrityFindings() {
  const { t } = useTranslation()
  const [all, setFindings] = useState<IntegrityFinding[]>([])
  const environment = useEnvironment((store) => store.environment?.environment)
  const findings = findingsToShow(all, environment)

  useEffect(() => {
    let live = true
    const load = () =>
      call('settings.integrity').then(
        (list) => live && setFindings(list),
        // Not an admin, or main unreachable: nothing to show here.
        () => undefined,
      )
    void load()
    // Journals open as their screens are used, so look again now and then.
    const timer = window.setInterval(() => void load(), 30_000)
    return () => {
      live = false
      window.clearInterval(timer)
    }
  }, [])

  if (findings.length === 0) return null
  // Only "no keychain": nothing failed, but nothing is being checked either. Another till on
  // this computer account is a notice, not a record that failed.
  const keychainOnly = findings.every((finding) => finding.area === 'keychain')
  const failed = findings.filter((f) => f.area !== 'keychain' && f.area !== 'tills').length
  return (
    <Banner
      tone={failed > 0 ? 'danger' : 'warning'}
      title={
        failed > 0
          ? t('settings.integrity.failed', { count: failed })
          : keychainOnly
            ? t('settings.integrity.keychainOnly')
            : t('settings.integrity.notice')
      }
    >
      <ul className="integrity-findings" data-testid="integrity-findings">
        {findings.map((finding) => (
          <li key={`${finding.area}|${finding.file}|${finding.record ?? ''}`}>
            <p>
              <strong>
                {t('settings.integrity.area', {
                  area: t(`settings.integrity.areas.${finding.area}`),
                })}
              </strong>{' '}
              {saySaid(finding.fileSay, finding.file)}
              {finding.record ? `, ${saySaid(finding.recordSay, finding.record)}` : ''}
            </p>
            <p>{saySaid(finding.problemSay, finding.problem)}</p>
            <p>{saySaid(finding.consequenceSay, finding.consequence)}</p>
          </li>
        ))}
      </ul>
    </Banner>
  )
}
