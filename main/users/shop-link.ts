// What shop mode lends a till's staff list, and the staff changes tills tell each other. The
// shop module wires it (main/shop/staff.ts), so main/users never imports main/shop.
import type { StoredUser } from '../settings/schema'

/** A staff change this till tells the other tills of its shop (main/shop/staff.ts). */
export type StaffChangeOut =
  | {
      kind: 'upserted'
      user: Pick<StoredUser, 'id' | 'name' | 'role' | 'pinHash' | 'createdAt' | 'disabled'>
    }
  | { kind: 'disabled' | 'enabled' | 'removed'; userId: string }

/**
 * A staff change another till made, after sync checked its signature. Applied here through the
 * settings store, so the record is sealed again with this till's own key.
 */
export type StaffChangeIn = StaffChangeOut

/**
 * What shop mode lends the staff list (wired by the shop module, so this folder never imports
 * main/shop). Without it, or while `sharing()` answers null, the till is exactly a single till.
 */
export interface ShopStaffLink {
  /** The shop's PIN pepper while this till shares its staff with a shop, else null. */
  sharing(): Promise<Buffer | null>
  /**
   * The shop PIN peppers the keychain holds, the current one first (kept after leaving, so old
   * hashes still check; and the one before, for hashes from a shop this till left).
   */
  shopPeppers(): Promise<Buffer[]>
  /** Tells the other tills that `actorId` made `change` (recorded in order; never throws). */
  publish(change: StaffChangeOut, actorId: string): void
  /** A wrong PIN for `userId` here, for the shop-wide lockout count. */
  failed(userId: string): void
  /** A good PIN for `userId` here after wrong ones: the other tills start their count again. */
  succeeded(userId: string): void
  /** Wrong PINs for `userId` on the other tills after `since` (ms), within the window. */
  failuresElsewhere(userId: string, since: number): number
}
