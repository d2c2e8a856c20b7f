// Which tills' keys this till believes: pinned at enrolment and kept in this till's keychain,
// never taken from the database's `tills` table. The table is written by the PostgreSQL owner
// (and the enrolment function), so a key read from it proves nothing on its own: the owner, or
// anyone who can write that table, could otherwise enrol a till of their own, or swap a till's
// key, and speak for it to every till.
//
// How a till comes to be pinned here (docs/shop.md, "Which tills are believed"):
//   - itself, when it enrols;
//   - the tills the code-making till had pinned, carried in the enrolment code's sealed box
//     (with the shop's PIN pepper): trust on first use of the code an admin typed in;
//   - a till that joined with a code made here: its first event, `till.joined`, proves it held
//     the code (an HMAC under a key derived from the code, kept in this keychain while the code
//     may still be proved). This till then pins it and tells the shop with a signed
//     `till.pinned`;
//   - `till.pinned` from a till pinned here.
// A till that joined waits for its `till.pinned` before it pushes anything but `till.joined`,
// so the other tills never meet its events before they believe its key.
import { createHmac, randomBytes, scrypt, timingSafeEqual } from 'node:crypto'
import * as z from 'zod'
import type { Said } from '../../common/ipc/contract'
import type { Keychain } from '../keychain/keychain'
import type { StoredEvent } from './events'

export const SHOP_PINS_ACCOUNT = 'Tilldesk shop pinned tills'
export const SHOP_CODES_ACCOUNT = 'Tilldesk shop codes made here'
export const JOINED_KIND = 'till.joined'
export const PINNED_KIND = 'till.pinned'

/** How long a code made here may still be proved by the till that used it. */
const PROOF_WINDOW_MS = 7 * 24 * 3_600_000
const KDF = { N: 32_768, r: 8, p: 1, maxmem: 128 * 32_768 * 8 * 2 }
const PROOF_DOMAIN = 'tilldesk.till-joined.v1'

export interface PinnedTill {
  publicKey: string
  /** False only for this till until a till of the shop has pinned it (it then pushes). */
  confirmed: boolean
}

const rosterSchema = z.object({
  tills: z.record(z.string(), z.object({ publicKey: z.string(), confirmed: z.boolean() })),
})
const codesSchema = z.array(z.object({ code: z.string(), madeAt: z.number() }))

export const joinedBodySchema = z.object({
  publicKey: z.string().min(1).max(200),
  tillName: z.string().max(80).catch(''),
  salt: z.string().regex(/^[A-Za-z0-9_-]{22}$/),
  proof: z.string().regex(/^[0-9a-f]{64}$/),
})
export const pinnedBodySchema = z.object({
  tillId: z.string().regex(/^[a-z0-9][a-z0-9-]{2,40}$/),
  publicKey: z.string().min(1).max(200),
  tillName: z.string().max(80).catch(''),
})

function proofKey(code: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(code, salt, 32, KDF, (error, key) => (error ? reject(error) : resolve(key)))
  })
}

const proofOf = (key: Buffer, tillId: string, publicKey: string): string =>
  createHmac('sha256', key).update(`${PROOF_DOMAIN}\n${tillId}\n${publicKey}`, 'utf8').digest('hex')

/**
 * What a joining till proves with its code (normalized, enrolment.ts): that it holds the code,
 * for this id and key.
 */
export async function joinProof(
  code: string,
  tillId: string,
  publicKey: string,
): Promise<{ salt: string; proof: string }> {
  const salt = randomBytes(16)
  return {
    salt: salt.toString('base64url'),
    proof: proofOf(await proofKey(code, salt), tillId, publicKey),
  }
}

export class ShopPins {
  readonly #keychain: Keychain
  readonly #account: string
  readonly #codesAccount: string
  #tills = new Map<string, PinnedTill>()
  /**
   * Changes to the codes made here, one at a time: a code made while another is being proved
   * (a slow key derivation) must not be lost when the spent one is taken out, or the till that
   * uses it is never pinned here.
   */
  #codesWrite: Promise<unknown> = Promise.resolve()

  constructor(keychain: Keychain, account: string, codesAccount: string) {
    this.#keychain = keychain
    this.#account = account
    this.#codesAccount = codesAccount
  }

  /** Reads the roster; an unreadable one counts as empty (nothing is believed). */
  async load(): Promise<void> {
    const text = await this.#keychain.get('till', this.#account)
    this.#tills = new Map()
    if (text === null) return
    try {
      const parsed = rosterSchema.safeParse(JSON.parse(text))
      if (parsed.success) this.#tills = new Map(Object.entries(parsed.data.tills))
    } catch {
      // Not ours: nothing is believed, and the admin re-enrols.
    }
  }

  get size(): number {
    return this.#tills.size
  }

  /** The pinned public key of `tillId`, or null. */
  key(tillId: string): string | null {
    return this.#tills.get(tillId)?.publicKey ?? null
  }

  confirmed(tillId: string): boolean {
    return this.#tills.get(tillId)?.confirmed ?? false
  }

  /** Every pinned key, for the box of a code made here. */
  keys(): Record<string, string> {
    return Object.fromEntries([...this.#tills].map(([id, t]) => [id, t.publicKey]))
  }

  /** Pins `tillId`'s key. A till already pinned keeps its key: a pin never replaces one. */
  async pin(tillId: string, publicKey: string, confirmed = true): Promise<boolean> {
    const known = this.#tills.get(tillId)
    if (known && (known.publicKey !== publicKey || known.confirmed || !confirmed)) return false
    this.#tills.set(tillId, { publicKey, confirmed })
    await this.#save()
    return true
  }

  /** A new roster at enrolment: these tills' keys and this till's own. */
  async start(own: { tillId: string; publicKey: string }, carried: Record<string, string>) {
    this.#tills = new Map(
      Object.entries(carried).map(([id, publicKey]) => [id, { publicKey, confirmed: true }]),
    )
    // The first till of a shop has no one to confirm it: it is the shop's first pin.
    this.#tills.set(own.tillId, { publicKey: own.publicKey, confirmed: this.#tills.size === 0 })
    await this.#save()
  }

  async forget(): Promise<void> {
    this.#tills = new Map()
    await this.#keychain.delete('till', this.#account)
  }

  async #save(): Promise<void> {
    await this.#keychain.set(
      'till',
      this.#account,
      JSON.stringify({ tills: Object.fromEntries(this.#tills) }),
    )
  }

  /** Remembers a code made here (normalized), so the till that uses it can prove it did. */
  async codeMade(code: string, now: number): Promise<void> {
    await this.#changeCodes((codes) => [
      ...codes.filter((c) => now - c.madeAt < PROOF_WINDOW_MS),
      { code, madeAt: now },
    ])
  }

  #changeCodes(
    change: (codes: z.infer<typeof codesSchema>) => z.infer<typeof codesSchema>,
  ): Promise<void> {
    const next = this.#codesWrite.then(async () => {
      const codes = change(await this.#codes())
      await this.#keychain.set('till', this.#codesAccount, JSON.stringify(codes))
    })
    this.#codesWrite = next.catch(() => undefined)
    return next
  }

  async #codes(): Promise<z.infer<typeof codesSchema>> {
    const text = await this.#keychain.get('till', this.#codesAccount)
    if (text === null) return []
    try {
      const parsed = codesSchema.safeParse(JSON.parse(text))
      return parsed.success ? parsed.data : []
    } catch {
      return []
    }
  }

  /**
   * True when `proof` shows that `tillId` with `publicKey` held a code made here, still within
   * its window. That code is then spent: it proves no other till.
   */
  async proves(
    tillId: string,
    publicKey: string,
    body: { salt: string; proof: string },
    now: number,
  ): Promise<boolean> {
    const codes = (await this.#codes()).filter((c) => now - c.madeAt < PROOF_WINDOW_MS)
    const salt = Buffer.from(body.salt, 'base64url')
    for (const candidate of codes) {
      const expected = proofOf(await proofKey(candidate.code, salt), tillId, publicKey)
      if (timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(body.proof, 'hex'))) {
        // Read again at the write: codes made meanwhile stay, and a code spent meanwhile (the
        // same proof checked twice at once) proves nothing the second time.
        let unspent = false
        await this.#changeCodes((latest) => {
          unspent = latest.some((c) => c.code === candidate.code)
          return latest.filter((c) => c.code !== candidate.code)
        })
        return unspent
      }
    }
    return false
  }
}

export interface PinsForSyncOptions {
  /** Records an event for the shop (a `till.pinned` for a till this one admits). */
  record: (kind: string, body: Record<string, unknown>) => Promise<void>
  /** Tells the admin, in words. */
  report: (tillId: string, problem: Said, consequence: Said) => void
  now: () => number
}

/** The tills this till believes, as sync uses them (sync.ts). */
export interface SyncPins {
  readonly size: number
  key(tillId: string): string | null
  confirmed(tillId: string): boolean
  /** A till in a shop from before pins: the table's keys are pinned once, as they are. */
  adopt(keys: ReadonlyMap<string, string>): Promise<void>
  /** An unpinned till's `till.joined`, signed with the key the table names for it. */
  joined(event: StoredEvent, tableKey: string): Promise<void>
  /** A `till.pinned` from a pinned till, its signature checked. */
  pinned(event: StoredEvent): Promise<void>
  /** The table names another key than the pinned one for `tillId` (the pinned one is used). */
  keyChanged(tillId: string): void
}

/** The rules above, as sync asks them (SyncPins). */
export function pinsForSync(pins: ShopPins, options: PinsForSyncOptions): SyncPins {
  const reported = new Set<string>()
  return {
    get size() {
      return pins.size
    },
    key: (tillId) => pins.key(tillId),
    confirmed: (tillId) => pins.confirmed(tillId),
    adopt: async (keys) => {
      // A till of a shop from before pins: the keys it has been believing, once.
      for (const [tillId, publicKey] of keys) await pins.pin(tillId, publicKey)
    },
    joined: async (event, tableKey) => {
      const body = joinedBodySchema.safeParse(event.body)
      if (!body.success || body.data.publicKey !== tableKey) return
      if (!(await pins.proves(event.tillId, tableKey, body.data, options.now()))) return
      if (!(await pins.pin(event.tillId, tableKey))) return
      await options.record(PINNED_KIND, {
        tillId: event.tillId,
        publicKey: tableKey,
        tillName: body.data.tillName,
      })
    },
    pinned: async (event) => {
      const body = pinnedBodySchema.safeParse(event.body)
      if (!body.success) return
      if (!(await pins.pin(body.data.tillId, body.data.publicKey))) {
        if (pins.key(body.data.tillId) !== body.data.publicKey)
          options.report(
            body.data.tillId,
            {
              key: 'integrity.shop.otherKey',
              params: { by: event.tillId, till: body.data.tillId },
            },
            { key: 'integrity.shop.otherKeyThen' },
          )
      }
    },
    keyChanged: (tillId) => {
      if (reported.has(tillId)) return
      reported.add(tillId)
      options.report(
        tillId,
        { key: 'integrity.shop.keyChanged' },
        { key: 'integrity.shop.keyChangedThen' },
      )
    },
  }
}
