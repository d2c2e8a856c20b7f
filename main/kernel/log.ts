// Main-process logging. Values under secret-ish keys are replaced before anything is written,
// so a careless `log.info('saved', input)` can't leak a secret or a PIN. Files are written by
// electron-log (its plain-Node build, so the app, the preview and the tests share one writer)
// with size-based rotation: in the platform's log folder in the app (Electron's
// app.getPath('logs')), under the data folder in the preview.
import { existsSync, readdirSync, renameSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import electronLog from 'electron-log/node'
export type LogLevel = 'debug' | 'info' | 'warn' | 'error'
export type LogSink = (level: LogLevel, message: string, data?: unknown) => void

export interface Logger {
  debug(message: string, data?: unknown): void
  info(message: string, data?: unknown): void
  warn(message: string, data?: unknown): void
  error(message: string, data?: unknown): void
}

// `bvn`: a customer's bank verification number is never written to a log either.
const SECRET_KEY = /secret|pin|otp|password|signature|token|authorization|bvn/i
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
      sink(level, scrubText(message), data === undefined ? undefined : redact(data))
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

/** Every sink in turn (console and file). */
export const teeSink =
  (...sinks: LogSink[]): LogSink =>
  (level, message, data) => {
    for (const sink of sinks) sink(level, message, data)
  }

export const LOG_FILE = 'main.log'

export interface FileLogOptions {
  /** The log folder: app.getPath('logs') in the app. */
  dir: string
  /** Rotate when the file passes this size. */
  maxBytes?: number
  /** Rotated files kept besides the current one (main.1.log is the newest). */
  keep?: number
}

export interface FileLog {
  sink: LogSink
  dir: string
  /** Current file first, then the rotated ones, newest first (those that exist). */
  files(): string[]
}

let fileLogs = 0

/** A rotating log file through electron-log; what reaches it has been scrubbed already. */
export function fileLog(options: FileLogOptions): FileLog {
  const keep = options.keep ?? 4
  const rotated = (n: number) => join(options.dir, `main.${n}.log`)
  const writer = electronLog.create({ logId: `tilldesk-${(fileLogs += 1)}` })
  writer.transports.console.level = false
  writer.transports.file.level = 'debug'
  writer.transports.file.maxSize = options.maxBytes ?? 1024 * 1024
  writer.transports.file.format = '[{iso}] [{level}] {text}'
  writer.transports.file.resolvePathFn = () => join(options.dir, LOG_FILE)
  writer.transports.file.archiveLogFn = (file) => {
    // main.log → main.1.log → … → main.<keep>.log, the oldest dropped.
    rmSync(rotated(keep), { force: true })
    for (let n = keep - 1; n >= 1; n -= 1) {
      if (existsSync(rotated(n))) renameSync(rotated(n), rotated(n + 1))
    }
    renameSync(file.toString(), rotated(1))
  }
  return {
    dir: options.dir,
    sink: (level, message, data) => {
      const text = data === undefined ? message : `${message} ${JSON.stringify(data)}`
      writer[level](text)
    },
    files: () => {
      const present = new Set(safeList(options.dir))
      return [LOG_FILE, ...Array.from({ length: keep }, (_, i) => `main.${i + 1}.log`)]
        .filter((name) => present.has(name))
        .map((name) => join(options.dir, name))
    },
  }
}

function safeList(dir: string): string[] {
  try {
    return readdirSync(dir)
  } catch {
    return []
  }
}
