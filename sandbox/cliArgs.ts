// Command-line flags of `npm run sandbox`, turned into SandboxOptions. Pure (no I/O beyond
// reading the keys file) so it can be tested.
import { parseArgs } from 'node:util'
import { parseFaultSpec } from './faults'
import type { SandboxOptions } from './index'
import { loadKeysFile } from './keys'
import { parseVariantList } from './variants'

export const USAGE = `Usage: npm run sandbox -- [options]

  --port N              Port on 127.0.0.1 (default 4010; 0 picks a free one)
  --keys FILE           Keys file {"keys":[{"key_id","secret","capabilities":["*"],"revoked":false}]}
                        (without it a demo key is generated and printed)
  --data FILE           Keep state in FILE across restarts (default: in memory)
  --webhook-url URL     Deliver every event to URL
  --webhook-secret S    Secret for webhook signatures (default: the first key's secret)
  --settle-ms N         Delay before debits, refunds, transfers reach a final status (default 2000)
  --webhook-delay-ms N  Base of the webhook retry backoff (default 1000)
  --fault SPEC          KIND:RATE[:before|after[:PATH_PREFIX[:METHOD]]], repeatable;
                        KIND is 500, 502, timeout, reset or 429. e.g. --fault 500:0.1:before
  --variant LIST        Spec variations, comma-separated, repeatable: message-only-errors,
                        extra-fields, missing-fields, unknown-statuses, va-status-boolean,
                        va-processing-first, foreign-currency-transfers, commit-lag=SECONDS,
                        late-response=MS[@RATE]  (see docs/sandbox.md)
  --fault-hold-ms N     How long a timeout fault holds the connection (default 60000)
  --seed N              Seed for faults and account numbers (default 1)
  --log                 Log every request
  -h, --help            This help
`

export class UsageError extends Error {
  override readonly name = 'UsageError'
}

function integer(flag: string, text: string | undefined, min = 0): number | undefined {
  if (text === undefined) return undefined
  if (!/^\d+$/.test(text) || Number(text) < min || !Number.isSafeInteger(Number(text)))
    throw new UsageError(
      `--${flag} must be a whole number${min ? ` >= ${min}` : ''}, got "${text}".`,
    )
  return Number(text)
}

function url(flag: string, text: string | undefined): string | undefined {
  if (text === undefined) return undefined
  try {
    const parsed = new URL(text)
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error('protocol')
    return text
  } catch {
    throw new UsageError(`--${flag} must be an http(s) URL, got "${text}".`)
  }
}

export type CliResult = { help: true } | { help: false; options: SandboxOptions }

export function parseCli(argv: readonly string[]): CliResult {
  let values
  try {
    ;({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: 'string' },
        keys: { type: 'string' },
        data: { type: 'string' },
        'webhook-url': { type: 'string' },
        'webhook-secret': { type: 'string' },
        'settle-ms': { type: 'string' },
        'webhook-delay-ms': { type: 'string' },
        fault: { type: 'string', multiple: true },
        variant: { type: 'string', multiple: true },
        'fault-hold-ms': { type: 'string' },
        seed: { type: 'string' },
        log: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }))
  } catch (error) {
    throw new UsageError((error as Error).message)
  }
  if (values.help) return { help: true }
  const port = integer('port', values.port) ?? 4010
  if (port > 65535) throw new UsageError(`--port must be at most 65535, got ${port}.`)
  let faults
  try {
    faults = (values.fault ?? []).map(parseFaultSpec)
  } catch (error) {
    throw new UsageError((error as Error).message)
  }
  let variants
  try {
    variants = parseVariantList(values.variant ?? [])
  } catch (error) {
    throw new UsageError((error as Error).message)
  }
  const options: SandboxOptions = {
    port,
    host: '127.0.0.1',
    faults,
    logger: values.log ?? false,
  }
  if (values.variant) options.variants = variants
  if (values.keys) options.keys = loadKeysFile(values.keys)
  if (values.data) options.dataFile = values.data
  const webhookUrl = url('webhook-url', values['webhook-url'])
  if (webhookUrl) options.webhookUrl = webhookUrl
  if (values['webhook-secret']) options.webhookSecret = values['webhook-secret']
  const settle = integer('settle-ms', values['settle-ms'])
  if (settle !== undefined) options.settleDelayMs = settle
  const webhookDelay = integer('webhook-delay-ms', values['webhook-delay-ms'])
  if (webhookDelay !== undefined) options.webhookBaseDelayMs = webhookDelay
  const hold = integer('fault-hold-ms', values['fault-hold-ms'])
  if (hold !== undefined) options.faultHoldMs = hold
  const seed = integer('seed', values.seed)
  if (seed !== undefined) options.seed = seed
  return { help: false, options }
}
