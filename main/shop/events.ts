// A shop event: one fact a till tells the others (a staff change, a payout waiting for
// approval, a decision on it, a closed shift). Every event is signed by its till's Ed25519
// key over a canonical form of all its fields, so the tills that read it can tell it came from
// that till and was not changed on the server, whoever holds the database.
import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign,
  verify,
  type KeyObject,
} from 'node:crypto'
import * as z from 'zod'
import { canonicalJson } from '../kernel/canonicalJson'

export interface ShopEvent {
  eventId: string
  tillId: string
  /** 1, 2, 3… per till, with no gaps: a reader can tell when one is missing. */
  tillSeq: number
  kind: string
  body: Record<string, unknown>
  /** `Date#toISOString()` form (UTC, milliseconds), the till's clock: shown only; ordering
   * uses the server's sequence. One form, so the signed text survives the database's
   * timestamp type unchanged. */
  createdAt: string
  signature: string
}

/** An event as read back from the server, with the server's total order. */
export interface StoredEvent extends ShopEvent {
  serverSeq: number
  /** When the server stored it (its clock, ISO): the one clock every till shares, for windows
   * such as the shop-wide lockout. Absent in events pulled before it was kept. */
  receivedAt?: string
}

export const shopEventSchema = z.object({
  eventId: z.uuid(),
  tillId: z.string().regex(/^[a-z0-9][a-z0-9-]{2,40}$/),
  tillSeq: z.number().int().positive(),
  kind: z.string().min(1).max(64),
  body: z.record(z.string(), z.unknown()),
  createdAt: z.iso.datetime({ precision: 3 }),
  signature: z.string().regex(/^[A-Za-z0-9_-]{86}$/),
})

export interface TillKeyPair {
  /** SPKI DER, base64url: what the server stores and the other tills verify with. */
  publicKey: string
  /** PKCS#8 DER, base64url: kept only in the OS keychain. */
  privateKey: string
}

export function generateTillKey(): TillKeyPair {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519')
  return {
    publicKey: publicKey.export({ format: 'der', type: 'spki' }).toString('base64url'),
    privateKey: privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64url'),
  }
}

/** The exact bytes a till signs: every field but the signature, keys sorted. */
export function signedBytes(event: Omit<ShopEvent, 'signature'>): Buffer {
  return Buffer.from(
    canonicalJson({
      body: event.body,
      createdAt: event.createdAt,
      eventId: event.eventId,
      kind: event.kind,
      tillId: event.tillId,
      tillSeq: event.tillSeq,
    }),
    'utf8',
  )
}

// Parsing a DER key costs more than the signature itself; a reading till verifies every other
// till's events, so each key is parsed once.
const keyObjects = new Map<string, KeyObject>()

function keyObject(der: string, type: 'pkcs8' | 'spki'): KeyObject {
  let key = keyObjects.get(der)
  if (!key) {
    const bytes = Buffer.from(der, 'base64url')
    key =
      type === 'pkcs8'
        ? createPrivateKey({ key: bytes, format: 'der', type })
        : createPublicKey({ key: bytes, format: 'der', type })
    keyObjects.set(der, key)
  }
  return key
}

/** The public key (SPKI DER, base64url) of a till's private key. */
export function publicKeyOf(privateKey: string): string {
  return createPublicKey(keyObject(privateKey, 'pkcs8'))
    .export({ format: 'der', type: 'spki' })
    .toString('base64url')
}

export function signEvent(event: Omit<ShopEvent, 'signature'>, privateKey: string): ShopEvent {
  const signature = sign(null, signedBytes(event), keyObject(privateKey, 'pkcs8')).toString(
    'base64url',
  )
  return { ...event, signature }
}

export function verifyEvent(event: ShopEvent, publicKey: string): boolean {
  try {
    const key = keyObject(publicKey, 'spki')
    return verify(null, signedBytes(event), key, Buffer.from(event.signature, 'base64url'))
  } catch {
    return false
  }
}
