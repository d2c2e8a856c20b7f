// Writes a signed shop event straight into the server's events table, the way a till with a
// database login (and maybe a forged key) would, bypassing ShopSync: for tests of what the
// other tills do with holes, forgeries and unknown events.
import type pg from 'pg'
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
