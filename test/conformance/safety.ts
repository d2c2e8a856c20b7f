// The conformance suite creates payments, mandates and transfers: it must never run against a
// live gateway. A target is accepted only when it says it is a sandbox, or when it does not say
// and its address is loopback or names a sandbox. Anything reporting "live" is refused.

export type SafetyVerdict = { ok: true; why: string } | { ok: false; reason: string }

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1'])

export function checkTargetSafety(baseUrl: string, health: unknown): SafetyVerdict {
  let url: URL
  try {
    url = new URL(baseUrl)
  } catch {
    return { ok: false, reason: `"${baseUrl}" is not a URL.` }
  }
  const environment =
    health && typeof health === 'object'
      ? (health as { environment?: unknown }).environment
      : undefined
  if (environment === 'live')
    return {
      ok: false,
      reason: `Refusing to run: ${url.origin}/health reports environment "live". The conformance suite creates payments and transfers; run it only against a sandbox base URL.`,
    }
  if (environment === 'sandbox')
    return { ok: true, why: 'GET /health reports environment "sandbox"' }
  if (LOOPBACK.has(url.hostname)) return { ok: true, why: 'the base URL is on this machine' }
  if (/sandbox/i.test(url.hostname + url.pathname))
    return { ok: true, why: 'the base URL names a sandbox' }
  return {
    ok: false,
    reason: `Refusing to run: cannot tell that ${url.origin} is a sandbox (GET /health does not report environment "sandbox" and the URL does not contain "sandbox"). The conformance suite creates payments and transfers; point --base-url at the gateway's sandbox.`,
  }
}
