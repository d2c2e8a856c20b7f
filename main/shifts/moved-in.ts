// Transfers the shop moved to this till's sale (docs/accounting.md, section 3). A till out of
// step with the shop may count, and seal in a Z-report, a transfer the shop's rule later gives
// to another till's sale: that till takes it back as a correction in its next Z-report. The
// till that gains it may never count it itself (its sale closed long before the shop settled
// it, so its own watch no longer looks): it learns of it from the other till's shop event, and
// its next report carries the matching line, counted once under the transfer's own key, so a
// transfer this till counts the ordinary way is never added twice.
// Shifts stand below the shop in main/'s floor plan: the shop module plugs its reader in here
// (linkMovedIn), looked up at each report, so the order modules are made in is free.
import type { Environment } from '../../common/ipc/shared'
import type { CoreServices } from '../compose/core'
import type { MovedInFact } from './activity'
import type { ActivitySource } from './sources'

export type MovedInReader = (environment: Environment) => MovedInFact[]

const readers = new WeakMap<CoreServices, MovedInReader>()

export function linkMovedIn(core: CoreServices, reader: MovedInReader | null): void {
  if (reader) readers.set(core, reader)
  else readers.delete(core)
}

/** The shop's moves to this till; none on a single till or before the shop module links. */
export function movedInOf(core: CoreServices, environment: Environment): MovedInFact[] {
  return readers.get(core)?.(environment) ?? []
}

/** The till's activity with the transfers the shop moved to it. */
export function withMovedIn(source: ActivitySource, moves: MovedInReader): ActivitySource {
  const sealed = source.sealed?.bind(source)
  return {
    read: async (environment) => ({
      ...(await source.read(environment)),
      movedIn: moves(environment),
    }),
    ...(sealed ? { sealed } : {}),
  }
}
