// API keys the sandbox accepts: from a keys file, from code, or a generated demo key.
import { createSecretKey, randomBytes, type KeyObject } from 'node:crypto'
import { readFileSync } from 'node:fs'
import * as z from 'zod'
import { CAPABILITIES, type Capability } from '../common/api/endpoints'

const CapabilityOrAll = z.enum([...CAPABILITIES, '*'], {
  message: `Unknown capability; use one of ${[...CAPABILITIES, '*'].join(', ')}.`,
})

export const KeyConfigSchema = z.object({
  key_id: z
    .string()
    .min(1, 'key_id is required.')
    .max(128)
    .regex(/^[\x21-\x7e]+$/, 'key_id must be printable ASCII without spaces.'),
  secret: z.string().min(1, 'secret is required.').max(512),
  capabilities: z.array(CapabilityOrAll).default(['*']),
  revoked: z.boolean().default(false),
})
export type KeyConfig = z.output<typeof KeyConfigSchema>
export type KeyConfigInput = z.input<typeof KeyConfigSchema>

export const KeysFileSchema = z
  .object({ keys: z.array(KeyConfigSchema).min(1, 'The file must list at least one key.') })
  .refine((f) => new Set(f.keys.map((k) => k.key_id)).size === f.keys.length, {
    message: 'Each key_id must appear once.',
    path: ['keys'],
  })

export class KeysFileError extends Error {
  override readonly name = 'KeysFileError'
}

/** Parses a keys file's text; errors name the file and the offending field. */
export function parseKeysFile(text: string, file: string): KeyConfig[] {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    throw new KeysFileError(`Keys file ${file} is not valid JSON: ${(error as Error).message}`)
  }
  const parsed = KeysFileSchema.safeParse(json)
  if (!parsed.success) {
    const details = parsed.error.issues
      .map((i) => `${i.path.length ? i.path.join('.') : '(file)'}: ${i.message}`)
      .join('; ')
    throw new KeysFileError(`Keys file ${file} is invalid: ${details}`)
  }
  return parsed.data.keys
}

export function loadKeysFile(file: string): KeyConfig[] {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    throw new KeysFileError(`Cannot read keys file ${file}: ${(error as Error).message}`)
  }
  return parseKeysFile(text, file)
}

/** A fresh demo key with every capability; printing it is the point. */
export function generateDemoKey(): KeyConfig {
  return {
    key_id: `demo_${randomBytes(6).toString('hex')}`,
    secret: randomBytes(32).toString('hex'),
    capabilities: ['*'],
    revoked: false,
  }
}

export interface ActiveKey {
  readonly keyId: string
  readonly secret: Buffer
  /** The secret imported once: HMAC with a KeyObject skips re-importing it per request. */
  readonly hmacKey: KeyObject
  readonly all: boolean
  readonly capabilities: ReadonlySet<Capability>
}

export class KeyRing {
  private readonly active = new Map<string, ActiveKey>()

  constructor(keys: readonly KeyConfig[]) {
    for (const key of keys) {
      if (key.revoked) continue
      this.active.set(key.key_id, {
        keyId: key.key_id,
        secret: Buffer.from(key.secret, 'utf8'),
        hmacKey: createSecretKey(Buffer.from(key.secret, 'utf8')),
        all: key.capabilities.includes('*'),
        capabilities: new Set(key.capabilities.filter((c): c is Capability => c !== '*')),
      })
    }
  }

  get(keyId: string): ActiveKey | undefined {
    return this.active.get(keyId)
  }

  first(): ActiveKey | undefined {
    return this.active.values().next().value
  }
}
