// Which checkout addresses main will hand to the system browser: only the configured gateway's
// own origin, over https (plain http only for a gateway on this computer, i.e. the demo), and
// never with credentials in the URL. Anything else could be a phishing page planted in a
// gateway answer, so it is shown as text but never opened.
import type { Said } from '../../common/ipc/contract'
import { english } from '../kernel/errors'

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]'])

/** The reason in main's English and keyed (`payments.checkout`), for the screen's language. */
export type CheckoutUrlVerdict =
  { ok: true; url: string } | { ok: false; reason: string; say: Said }

const no = (key: string, params?: Said['params']): CheckoutUrlVerdict => {
  const say: Said = { key: `payments.checkout.${key}`, ...(params ? { params } : {}) }
  return { ok: false, reason: english(say), say }
}

export function checkCheckoutUrl(
  candidate: string,
  gatewayBaseUrl: string | null,
): CheckoutUrlVerdict {
  if (gatewayBaseUrl === null) return no('noGateway')
  let url: URL
  let gateway: URL
  try {
    url = new URL(candidate)
    gateway = new URL(gatewayBaseUrl)
  } catch {
    return no('notAddress')
  }
  const secure =
    url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.has(url.hostname))
  if (!secure) return no('notSecure')
  if (url.username !== '' || url.password !== '') return no('credentials')
  if (url.origin !== gateway.origin) return no('notGatewaySite', { host: gateway.host })
  return { ok: true, url: url.href }
}
