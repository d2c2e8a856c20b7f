// Authority settings that failed their check (an edited base URL, key id, environment, staff
// list…): main sends nothing to Sandbox or Live until an admin has looked at what changed and
// confirmed. This card shows the file's values next to the last ones this till trusted (or
// says why those can't be shown) and confirms with the PIN (step-up, asked by the dialog when
// it is not fresh). Confirming is its own act: saving any other section never does it.
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { AuthorityReview as Review, AuthorityValues } from '../../../common/ipc'
import { Badge, Banner, Button, Card } from '../../components'
import { DataTable, useAction } from '../../components/kit'
import { saySaid } from '../../i18n/errors'
import { call, subscribe } from '../../lib/pos'

interface Row {
  key: string
  label: string
  stored: string
  trusted: string | null
  /** Addresses and key ids: one long token, shown in the code font. */
  code: boolean
}

const CODES = new Set(['sandboxUrl', 'liveUrl', 'sandboxKey', 'liveKey', 'demoKey'])

export function AuthorityReview() {
  const { t } = useTranslation()
  const [review, setReview] = useState<Review | null>(null)
  const [confirmed, setConfirmed] = useState(false)
  const { busy, error, run } = useAction()

  useEffect(() => {
    let live = true
    const load = () =>
      call('settings.authority').then(
        (next) => live && setReview(next),
        // Not an admin, or main unreachable: nothing to show here.
        () => undefined,
      )
    void load()
    const stop = subscribe('settings.changed', () => void load())
    return () => {
      live = false
      stop()
    }
  }, [])

  if (confirmed && review && review.problem === null) {
    return <Banner tone="success">{t('settings.authority.confirmed')}</Banner>
  }
  if (!review || review.problem === null) return null

  const none = t('settings.authority.none')
  const show = (value: string | null) => value ?? none
  const describe = (values: AuthorityValues) => ({
    environment: t(`environment.${values.environment}`),
    sandboxUrl: show(values.baseUrls.sandbox),
    liveUrl: show(values.baseUrls.live),
    sandboxKey: show(values.keyIds.sandbox),
    liveKey: show(values.keyIds.live),
    demoKey: show(values.keyIds.demo),
    tillName: values.tillName,
    idleLock: t('settings.authority.idleLockValue', values.idleLock),
    staff: values.staff.map((person) => person.name).join(', ') || none,
  })
  const stored = describe(review.stored)
  const trusted = review.trusted ? describe(review.trusted) : null
  const rows: Row[] = (Object.keys(stored) as Array<keyof typeof stored>).map((key) => ({
    key,
    label: t(`settings.authority.rows.${key}`),
    stored: stored[key],
    trusted: trusted ? trusted[key] : null,
    code: CODES.has(key),
  }))
  const value = (row: Row, text: string | null) =>
    row.code ? <span className="mono">{text}</span> : text

  const confirm = () =>
    run(async () => {
      const next = await call('settings.confirmAuthority', { fingerprint: review.fingerprint })
      setReview(next)
      setConfirmed(true)
    })

  return (
    <Card
      id="authority-review"
      className="authority-review"
      title={t('settings.authority.title')}
      description={t('settings.authority.help')}
    >
      <Banner tone="danger" title={t('settings.authority.stopped')}>
        {saySaid(review.problemSay, review.problem)}
      </Banner>
      {review.trustedUnknown && (
        <Banner tone="warning">{saySaid(review.trustedUnknownSay, review.trustedUnknown)}</Banner>
      )}
      <DataTable
        className="table"
        testId="authority-difference"
        caption={t('settings.authority.caption')}
        captionHidden
        rows={rows}
        rowKey={(row) => row.key}
        columns={[
          {
            header: t('settings.authority.setting'),
            cell: (row) => (
              <>
                {row.label}{' '}
                {row.trusted !== null && row.trusted !== row.stored && (
                  <Badge tone="danger">{t('settings.authority.changed')}</Badge>
                )}
              </>
            ),
          },
          { header: t('settings.authority.inFile'), cell: (row) => value(row, row.stored) },
          trusted !== null && {
            header: t('settings.authority.lastTrusted'),
            cell: (row) => value(row, row.trusted),
          },
        ]}
      />
      {error && <Banner tone="danger">{error}</Banner>}
      <p className="muted">{t('settings.authority.confirmHelp')}</p>
      <Button variant="danger" icon="check" busy={busy} onClick={() => void confirm()}>
        {t('settings.authority.confirm')}
      </Button>
    </Card>
  )
}
