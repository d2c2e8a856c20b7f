// Settings → Shop: one watcher per shop. Which till polls the gateway for every till, the
// shop's gateway requests in the last minute, and whether the webhook relay is heard from.
// Read every few seconds from main (which hears the watcher on the shop's server).
import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ShopStatusView } from '../../../common/ipc/shop'
import { Card } from '../../components'
import { formatTime } from '../../lib/format'
import { call } from '../../lib/pos'
import { useShopPoll } from '../../lib/useShopPoll'

/** The relay counts as heard when it spoke within this long (a webhook, or its own beat). */
const RELAY_RECENT_MS = 2 * 60_000

export function ShopWatchCard() {
  const { t } = useTranslation()
  const [seen, setSeen] = useState<
    { watch: NonNullable<ShopStatusView['watch']> | null; relayRecent: boolean } | undefined
  >(undefined)
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
  const { watch, relayRecent } = seen
  const relay = watch?.relayHeardAt ?? null
  return (
    <Card title={t('settings.shop.watchTitle')} description={t('settings.shop.watchHelp')}>
      <dl className="facts" data-testid="shop-watch">
        <dt>{t('settings.shop.watcher')}</dt>
        <dd>
          {watch === null
            ? t('settings.shop.watcherNone')
            : watch.thisTill
              ? t('settings.shop.watcherThis', { till: watch.tillName })
              : watch.tillName}
        </dd>
        <dt>{t('settings.shop.requestRate')}</dt>
        <dd>
          {watch === null
            ? t('settings.shop.requestRateUnknown')
            : t('settings.shop.requestRateValue', { count: watch.requestsPerMin })}
        </dd>
        <dt>{t('settings.shop.relay')}</dt>
        <dd>
          {relay === null
            ? t('settings.shop.relayNever')
            : relayRecent
              ? t('settings.shop.relayHeard', { time: formatTime(relay) })
              : t('settings.shop.relayQuiet', { time: formatTime(relay) })}
        </dd>
      </dl>
    </Card>
  )
}
