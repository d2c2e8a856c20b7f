// Main-process logging. Values under secret-ish keys are replaced before anything is written,
// so a careless `log.info('saved', input)` can't leak a secret or a PIN.
export type LogLevel = 'debug' | 'info' | 'warn' | 'error'
export type LogSink = (level: LogLevel, message: string, data?: unknown) => void

export interface Logger {
  debug(message: string, data?: unknown): void
  info(message: string, data?: unknown): void
  warn(message: string, data?: unknown): void
  error(message: string, data?: unknown): void
}

const SECRET_KEY = /secret|pin|otp|password|signature|token|authorization/i
/** `password=…`, `secret: …` inside free text (an error message from a library, say). */
const SECRET_IN_TEXT =
  /\b(secret|pin|otp|password|signature|token|authorization)(\s*[=:]\s*)[^\s,;]+/gi
/** An HMAC-SHA256 signature (or any 32-byte hex digest). */
const HEX_DIGEST = /\b[0-9a-f]{64}\b/gi

const scrubText = (text: string): string =>
  text.replace(SECRET_IN_TEXT, '$1$2[redacted]').replace(HEX_DIGEST, '[redacted]')

export function redact(value: unknown, depth = 0): unknown {
  if (depth > 6) return '[…]'
  if (typeof value === 'string') return scrubText(value)
  if (value instanceof Error) return { name: value.name, message: scrubText(value.message) }
  if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1))
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {}
    for (const [key, inner] of Object.entries(value)) {
      out[key] = SECRET_KEY.test(key) ? '[redacted]' : redact(inner, depth + 1)
    }
    return out
  }
  return value
}

export function createLogger(sink: LogSink): Logger {
  const at =
    (level: LogLevel) =>
    (message: string, data?: unknown): void =>
      sink(level, message, data === undefined ? undefined : redact(data))
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') }
}

/** Console sink for the preview and the app; debug only when TILLDESK_DEBUG is set. */
export const consoleSink: LogSink = (level, message, data) => {
  if (level === 'debug' && !process.env.TILLDESK_DEBUG) return
  const line = `[tilldesk] ${level} ${message}`
  const write = level === 'error' || level === 'warn' ? console.error : console.log
  if (data === undefined) write(line)
  else write(line, JSON.stringify(data))
}

export const silentLogger: Logger = createLogger(() => undefined)
