import { describe, expect, it } from 'vitest'
import type { Environment } from '../../../common/ipc/shared'
import { journalDir, perEnvironment } from '../../../main/payments/per-environment'

function fakeCore(start: Environment) {
  let current = start
  const listeners = new Set<() => void>()
  return {
    dataDir: '/data',
    environment: {
      get current() {
        return current
      },
      onChange(listener: () => void) {
        listeners.add(listener)
        return () => listeners.delete(listener)
      },
    },
    switchTo(next: Environment) {
      current = next
      for (const listener of listeners) listener()
    },
    get listeners() {
      return listeners.size
    },
  }
}

describe('perEnvironment', () => {
  it('gives each environment its own runtime and journal folder, stopping the old one on a switch', () => {
    const core = fakeCore('demo')
    const log: string[] = []
    const runtimes = perEnvironment(core as never, (environment, dir) => {
      log.push(`build ${environment} ${dir}`)
      return {
        environment,
        resume: () => log.push(`resume ${environment}`),
        stop: () => log.push(`stop ${environment}`),
      }
    })
    runtimes.start()
    expect(runtimes.current().environment).toBe('demo')
    core.switchTo('sandbox')
    expect(runtimes.current().environment).toBe('sandbox')
    // A key change that keeps the environment keeps the runtime.
    core.switchTo('sandbox')
    runtimes.stop()
    expect(core.listeners).toBe(0)
    expect(log).toEqual([
      `build demo ${journalDir(core as never, 'demo')}`,
      'resume demo',
      'stop demo',
      `build sandbox ${journalDir(core as never, 'sandbox')}`,
      'resume sandbox',
      'stop sandbox',
    ])
    expect(journalDir(core as never, 'live')).toBe('/data/gateway/live')
  })
})
