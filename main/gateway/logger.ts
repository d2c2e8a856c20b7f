// A logger wrapper that cannot leak credentials: values under secret-ish keys are replaced,
// the configured secret is scrubbed from every string, and anything shaped like an
// HMAC-SHA256 hex digest is masked. The client itself logs only method, path, status,
// duration and error kinds; this is the second line of defence.

export interface GatewayLogger {
  debug(message: string, fields?: Record<string, unknown>): void
  info(message: string, fields?: Record<string, unknown>): void
  warn(message: string, fields?: Record<string, unknown>): void
}

const SENSITIVE_KEY = /secret|signature|authorization|token|password|body|pin/i
const HEX_DIGEST = /\b[0-9a-f]{64}\b/gi
const REDACTED = '[redacted]'

function scrubString(text: string, secrets: readonly string[]): string {
  let out = text
  for (const secret of secrets) if (secret) out = out.split(secret).join(REDACTED)
  return out.replace(HEX_DIGEST, REDACTED)
}

function scrub(value: unknown, secrets: readonly string[], depth: number): unknown {
  if (typeof value === 'string') return scrubString(value, secrets)
  if (depth > 5 || value === null || typeof value !== 'object') return value
  if (value instanceof Error)
    return { name: value.name, message: scrubString(value.message, secrets) }
  if (Array.isArray(value)) return value.map((item) => scrub(item, secrets, depth + 1))
  const out: Record<string, unknown> = {}
  for (const [key, inner] of Object.entries(value))
    out[key] = SENSITIVE_KEY.test(key) ? REDACTED : scrub(inner, secrets, depth + 1)
  return out
}

export function redactingLogger(inner: GatewayLogger, secrets: readonly string[]): GatewayLogger {
  const wrap =
    (level: keyof GatewayLogger) =>
    (message: string, fields?: Record<string, unknown>): void => {
      const clean =
        fields === undefined ? undefined : (scrub(fields, secrets, 0) as Record<string, unknown>)
      inner[level](scrubString(message, secrets), clean)
    }
  return { debug: wrap('debug'), info: wrap('info'), warn: wrap('warn') }
}

export const silentGatewayLogger: GatewayLogger = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
}
