// Gateway-generated identifiers. Random (not seeded) so references never collide with ones a
// previous run persisted; uppercase hex keeps them inside the shared Reference rule.
import { randomBytes } from 'node:crypto'

export const newId = (prefix: string): string =>
  `${prefix}_${randomBytes(10).toString('hex').toUpperCase()}`
