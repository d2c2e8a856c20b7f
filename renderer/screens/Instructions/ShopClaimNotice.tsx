// In a shop, what the shop's claims say about this charge (docs/shop.md, "One transfer, one
// sale"): money from this customer that went to another till's sale (never Paid here), the
// risk of a double claim while this till is out of step with the shop, and the alarm when a
// transfer counted here was settled to another till (goods may have left twice).
import { useTranslation } from 'react-i18next'
import type { ChargeView } from '../../../common/ipc/collections'
import { Banner } from '../../components'
import { formatMoney, formatTime } from '../../lib/format'

export function ShopClaimNotice({ charge }: { charge: ChargeView }) {
  const { t } = useTranslation()
  const shop = charge.shop
  if (!shop) return null
  const words = (x: ChargeView['shop'] & object, key: 'elsewhere' | 'disowned') =>
    x[key].map((e) => (
      <p key={e.reference}>
        {t(key === 'elsewhere' ? 'instructions.shop.elsewhere' : 'instructions.shop.disowned', {
          amount: formatMoney(e.amount, e.currency),
          time: formatTime(e.createdAt),
          till: e.tillName,
          reference: e.reference,
        })}
      </p>
    ))
  return (
    <>
      {shop.disowned.length > 0 && (
        <Banner tone="danger" title={t('instructions.shop.disownedTitle')}>
          {words(shop, 'disowned')}
          <p>
            {t('instructions.shop.disownedWhat', {
              till: shop.disowned.map((e) => e.tillName).join(', '),
            })}
          </p>
        </Banner>
      )}
      {shop.elsewhere.length > 0 && (
        <Banner tone="warning" title={t('instructions.shop.elsewhereTitle')}>
          {words(shop, 'elsewhere')}
          <p>{t('instructions.shop.elsewhereWhat')}</p>
        </Banner>
      )}
      {shop.atRisk && (
        <Banner tone="warning" title={t('instructions.shop.atRiskTitle')}>
          {t('instructions.shop.atRisk')}
        </Banner>
      )}
    </>
  )
}
