// Writes a signed shop event straight into the server's events table, the way a till with a
// database login (and maybe a forged key) would, bypassing ShopSync: for tests of what the
// other tills do with holes, forgeries and unknown events; and a till's shop secrets, read the
// way a test with its keychain in hand would.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type pg from 'pg'
import { tillAccount } from '../../main/integrity/keys'
import type { Keychain } from '../../main/keychain/keychain'
import type { SHOP_KEY_ACCOUNT, SHOP_LOGIN_ACCOUNT } from '../../main/shop/service'
import type { ShopEvent } from '../../main/shop/events'

export function insertEvent(db: pg.ClientBase | pg.Pool, event: ShopEvent) {
  return db.query(
    `insert into events (event_id, till_id, till_seq, kind, body, created_at, signature)
     values ($1, $2, $3, $4, $5::jsonb, $6, $7)`,
    [
      event.eventId,
      event.tillId,
      event.tillSeq,
      event.kind,
      JSON.stringify(event.body),
      event.createdAt,
      event.signature,
    ],
  )
}

/** A till's shop secret as its keychain holds it: bound to the till id of its data folder. */
export function tillSecret(
  keychain: Keychain,
  dataDir: string,
  name: typeof SHOP_LOGIN_ACCOUNT | typeof SHOP_KEY_ACCOUNT,
): Promise<string | null> {
  const till = readFileSync(join(dataDir, 'till-id'), 'utf8').trim()
  return keychain.get('till', tillAccount(name, till))
}
