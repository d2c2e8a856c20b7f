// One runtime per gateway environment. A demo payment doesn't exist on Live, so each
// environment keeps its own journals (<dataDir>/gateway/<environment>/) and followers; switching
// environment stops the old runtime's polling and resumes the new one's open records.
import { join } from 'node:path'
import type { Environment } from '../../common/ipc/shared'
import type { CoreServices } from '../compose/core'
import type { TrimmedJournal } from '../kernel/drop-keeper'
import { Journal, fileStorage, type JournalOptions } from './journal'

export interface Runtime {
  /** Resumes following what was open. */
  resume(): void
  /** Stops every timer; journals are already on disk. */
  stop(): void
}

export interface PerEnvironment<R extends Runtime> {
  current(): R
  start(): void
  stop(): void
}

export function journalDir(core: Pick<CoreServices, 'dataDir'>, environment: Environment): string {
  return join(core.dataDir, 'gateway', environment)
}

export function perEnvironment<R extends Runtime>(
  core: Pick<CoreServices, 'environment' | 'dataDir'>,
  build: (environment: Environment, dir: string) => R,
): PerEnvironment<R> {
  let active: { environment: Environment; runtime: R } | null = null
  let started = false
  let unsubscribe: (() => void) | null = null

  const current = (): R => {
    const environment = core.environment.current
    if (active?.environment !== environment) {
      active?.runtime.stop()
      active = { environment, runtime: build(environment, journalDir(core, environment)) }
      if (started) active.runtime.resume()
    }
    return active.runtime
  }

  return {
    current,
    start() {
      const runtime = current()
      started = true
      runtime.resume()
      unsubscribe = core.environment.onChange(() => void current())
    },
    stop() {
      started = false
      unsubscribe?.()
      unsubscribe = null
      active?.runtime.stop()
    },
  }
}

/**
 * A money feature's journal in this environment's folder, sealed with its key, newest first.
 * What a trimmed journal drops goes to the books first; the mandates are not in the books.
 */
export function featureJournal<T extends { createdAt: string }>(
  core: Pick<CoreServices, 'integrity' | 'dropKeepers' | 'log'>,
  environment: Environment,
  dir: string,
  options: Pick<JournalOptions<T>, 'schema' | 'keyOf' | 'limit' | 'keep'> & {
    name: TrimmedJournal | 'mandates'
  },
): Journal<T> {
  const { name } = options
  return new Journal({
    ...options,
    storage: fileStorage(dir, name),
    seal: core.integrity.journal(environment, name),
    timeOf: (e) => e.createdAt,
    ...(name === 'mandates'
      ? {}
      : { dropping: (records: readonly T[]) => core.dropKeepers.keep(environment, name, records) }),
    log: core.log,
  })
}
