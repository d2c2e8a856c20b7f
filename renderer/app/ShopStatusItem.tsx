// The status bar's shop line, in shop mode only: in step with the shop, or working alone while
// the shop server can't be reached (in words, not only a colour), and how many events from
// other tills this till refused. Nothing at all on a till that works on its own.
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ShopStatusView } from '../../common/ipc/shop'
import { Icon } from '../components'
import { call, subscribe } from '../lib/pos'
import { saySaid } from '../i18n/errors'
import './shop-status.css'

export function ShopStatusItem() {
  const { t } = useTranslation()
  const [shop, setShop] = useState<ShopStatusView | null>(null)
  useEffect(() => {
    let live = true
    // Not knowing is the same as not in a shop here: the line simply doesn't show.
    call('shop.status').then(
      (view) => live && setShop(view),
      () => undefined,
    )
    const off = subscribe('shop.status', setShop)
    return () => {
      live = false
      off()
    }
  }, [])
  if (!shop || shop.mode !== 'shop') return null
  const online = shop.sync === 'online'
  return (
    <span
      className={`statusbar__item statusbar__shop statusbar__shop--${online ? 'online' : 'offline'}`}
      title={saySaid(shop.say, shop.message)}
      data-testid="status-shop"
    >
      <Icon name={online ? 'online' : 'offline'} size={16} />
      <span className="statusbar__shop-words">
        {online ? t('shop.status.inStep') : t('shop.status.alone')}
      </span>
      {shop.refused > 0 && (
        <span className="statusbar__failed">
          {t('shop.status.refused', { count: shop.refused })}
        </span>
      )}
    </span>
  )
}
