// Which checkout addresses main will hand to the system browser: only the configured gateway's
// own origin, over https (plain http only for a gateway on this computer, i.e. the demo), and
// never with credentials in the URL. Anything else could be a phishing page planted in a
// gateway answer, so it is shown as text but never opened.
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]'])

export type CheckoutUrlVerdict = { ok: true; url: string } | { ok: false; reason: string }

export function checkCheckoutUrl(
  candidate: string,
  gatewayBaseUrl: string | null,
): CheckoutUrlVerdict {
  if (gatewayBaseUrl === null)
    return {
      ok: false,
      reason: 'No gateway is configured, so the checkout page cannot be checked.',
    }
  let url: URL
  let gateway: URL
  try {
    url = new URL(candidate)
    gateway = new URL(gatewayBaseUrl)
  } catch {
    return { ok: false, reason: 'The checkout address is not a valid web address.' }
  }
  const secure =
    url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.has(url.hostname))
  if (!secure) return { ok: false, reason: 'The checkout address is not a secure (https) page.' }
  if (url.username !== '' || url.password !== '')
    return { ok: false, reason: 'The checkout address carries a user name or password.' }
  if (url.origin !== gateway.origin)
    return {
      ok: false,
      reason: `The checkout address is not on the gateway's site (${gateway.host}), so the till will not open it.`,
    }
  return { ok: true, url: url.href }
}
