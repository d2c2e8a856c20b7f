// Settings → Shop: one watcher per shop. Which till polls the gateway for every till (or,
// plainly, that none is), the whole shop's gateway requests in the last minute against its
// budget (every till's, not only the watcher's), and whether the webhook relay is heard from.
// Read every few seconds from main (which hears the tills on the shop's server).
import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ShopStatusView } from '../../../common/ipc/shop'
import { Card } from '../../components'
import { formatTime } from '../../lib/format'
import { call } from '../../lib/pos'
import { useShopPoll } from '../../lib/useShopPoll'

/** The relay counts as heard when it spoke within this long (a webhook, or its own beat). */
const RELAY_RECENT_MS = 2 * 60_000

type Watch = NonNullable<ShopStatusView['watch']>

/** The facts themselves, drawn from one read (test/unit/renderer/shop-watch-card.test.tsx). */
export function ShopWatchFacts({
  watch,
  relayRecent,
}: {
  /** Null: the till does not hear the shop's server (the status card above says why). */
  watch: Watch | null
  relayRecent: boolean
}) {
  const { t } = useTranslation()
  if (watch === null)
    return (
      <dl className="facts" data-testid="shop-watch">
        <dt>{t('settings.shop.watcher')}</dt>
        <dd>{t('settings.shop.watcherNone')}</dd>
        <dt>{t('settings.shop.requestRate')}</dt>
        <dd>{t('settings.shop.requestRateUnknown')}</dd>
        <dt>{t('settings.shop.relay')}</dt>
        <dd>{t('settings.shop.relayNoWatcher')}</dd>
      </dl>
    )
  const relay = watch.relayHeardAt
  const over = watch.requestsPerMin > watch.budgetPerMin
  return (
    <dl className="facts" data-testid="shop-watch">
      <dt>{t('settings.shop.watcher')}</dt>
      <dd>
        {watch.tillName === null
          ? t('settings.shop.watcherNone')
          : watch.thisTill
            ? t('settings.shop.watcherThis', { till: watch.tillName })
            : watch.tillName}
      </dd>
      <dt>{t('settings.shop.requestRate')}</dt>
      <dd>
        {t(over ? 'settings.shop.requestRateOver' : 'settings.shop.requestRateValue', {
          count: watch.requestsPerMin,
          budget: watch.budgetPerMin,
        })}
      </dd>
      <dt>{t('settings.shop.relay')}</dt>
      <dd>
        {watch.tillName === null
          ? // A webhook only tells the watching till to look now: with none, it wakes no one.
            t('settings.shop.relayNoWatcher')
          : relay === null
            ? t('settings.shop.relayNever')
            : relayRecent
              ? t('settings.shop.relayHeard', { time: formatTime(relay) })
              : t('settings.shop.relayQuiet', { time: formatTime(relay) })}
      </dd>
    </dl>
  )
}

export function ShopWatchCard() {
  const { t } = useTranslation()
  const [seen, setSeen] = useState<{ watch: Watch | null; relayRecent: boolean } | undefined>(
    undefined,
  )
  const read = useCallback(async (live: () => boolean) => {
    try {
      const view = await call('shop.status')
      const relay = view.watch?.relayHeardAt ?? null
      // Judged when read (every few seconds), not while rendering.
      const relayRecent = relay !== null && Date.now() - Date.parse(relay) < RELAY_RECENT_MS
      if (live()) setSeen({ watch: view.watch ?? null, relayRecent })
    } catch {
      // The next read tries again; the status card above says what is wrong.
    }
  }, [])
  useShopPoll(read, 5_000)
  if (seen === undefined) return null
  return (
    <Card title={t('settings.shop.watchTitle')} description={t('settings.shop.watchHelp')}>
      <ShopWatchFacts watch={seen.watch} relayRecent={seen.relayRecent} />
    </Card>
  )
}
