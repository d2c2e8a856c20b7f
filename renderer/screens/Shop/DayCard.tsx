// The frame of a shop-wide view of one day (the Z-report, the audit log): a card with the day
// field, the view's own buttons, Save as CSV, what went wrong, and a spinner until main has
// answered for that day. The view draws the answer.
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Banner, Button, Card, DateField, Spinner } from '../../components'
import { useShopDay, type Csv, type Load } from './useShopDay'

export function DayCard<T extends { day: string }>({
  title,
  help,
  className,
  source,
  reading,
  toolbarClassName = 'shop-toolbar',
  actions,
  canSave = () => true,
  children,
}: {
  title: string
  help: string
  className: string
  /** One of the module-level loaders (stable across renders). */
  source: { load: Load<T>; csv: Csv }
  /** The spinner's words while main works the day out. */
  reading: string
  toolbarClassName?: string
  /** Buttons of the view's own, before Save as CSV. */
  actions?: (value: T | null) => ReactNode
  /** False when the day has nothing worth saving. */
  canSave?: (value: T) => boolean
  children: (value: T) => ReactNode
}) {
  const { t } = useTranslation()
  const { setDay, value, problem, exportCsv, shownDay } = useShopDay(source.load, source.csv)
  return (
    <Card title={title} description={help} className={className}>
      <div className={toolbarClassName}>
        <DateField
          label={t('shop.z.day')}
          value={shownDay}
          onChange={(event) => setDay(event.target.value)}
        />
        {actions?.(value)}
        <Button
          variant="ghost"
          onClick={() => void exportCsv()}
          disabled={!value || !canSave(value)}
        >
          {t('shop.z.saveCsv')}
        </Button>
      </div>
      {problem && <Banner tone="danger" title={problem} />}
      {!value && !problem && <Spinner label={reading} />}
      {value && children(value)}
    </Card>
  )
}
