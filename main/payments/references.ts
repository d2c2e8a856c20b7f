// Merchant references are fixed before a request leaves the till, so a timeout can be settled
// by looking the reference up instead of sending again blindly. Time-ordered (base-36 millis)
// for readability in support calls, with 64 random bits so two tills never collide.
import { randomBytes } from 'node:crypto'

export type ReferencePrefix = 'PAY' | 'RF' | 'MD' | 'DD'

export function newReference(prefix: ReferencePrefix, now: number = Date.now()): string {
  const time = now.toString(36).toUpperCase()
  const random = randomBytes(8).toString('hex').toUpperCase()
  return `${prefix}_${time}_${random}`
}
