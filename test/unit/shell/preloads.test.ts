// The two preloads. A sandboxed preload can require only Electron's own modules, so each must
// bundle into one file: the two share no module of ours (a shared one would become a chunk
// loaded with require('./chunk'), which the sandbox refuses). The customer display's preload
// reaches nothing of the cashier's contract.
import { describe, expect, it } from 'vitest'
import { resolve } from 'node:path'
import { importGraph } from './import-graph'

const cashier = importGraph('preload/index.ts')
const display = importGraph('preload/customer-display.ts')

describe('preloads', () => {
  it('share no module, so each bundles into a single file', () => {
    const shared = [...display.files].filter((file) => cashier.files.has(file))
    expect(shared).toEqual([])
  })

  it('need no package but electron (zod is bundled into the cashier one)', () => {
    expect([...display.packages]).toEqual(['electron'])
    expect([...cashier.packages].sort()).toEqual(['electron', 'zod'])
  })

  it('keeps the channel tables out of the customer display', () => {
    expect([...display.files].map((file) => file.replace(resolve('.') + '/', '')).sort()).toEqual([
      'common/ipc/windows.ts',
      'preload/customer-display.ts',
    ])
  })
})
