// The receipt printer settings are additive: a settings file written before they existed
// still loads, with receipts off auto-print and no printer chosen.
import { describe, expect, it } from 'vitest'
import { ReceiptSettingsSchema } from '../../../common/ipc/collections'
import type { RawSettings } from '../../../main/settings/migrations'
import {
  DEFAULT_RECEIPT_SETTINGS,
  defaultSettings,
  type Settings,
} from '../../../main/settings/schema'
import { SettingsStore, type SettingsBackend } from '../../../main/settings/store'

function backend(initial: RawSettings): SettingsBackend & { written: Settings[] } {
  let stored = initial
  const written: Settings[] = []
  return {
    path: '/tmp/settings.json',
    read: () => structuredClone(stored),
    write: (value) => {
      written.push(value)
      stored = structuredClone(value) as unknown as RawSettings
    },
    written,
  }
}

describe('receipt settings', () => {
  it('a file from before them loads with the defaults', () => {
    const old = { ...defaultSettings() } as Partial<Settings>
    delete old.receipts
    const store = new SettingsStore(backend(old as RawSettings))
    expect(store.get().receipts).toEqual(DEFAULT_RECEIPT_SETTINGS)
    expect(DEFAULT_RECEIPT_SETTINGS).toEqual({
      printer: null,
      paper: '80mm',
      autoPrintOnPaid: false,
    })
  })

  it('saves the chosen printer and auto-print, and refuses a paper we cannot lay out', () => {
    const b = backend(defaultSettings() as unknown as RawSettings)
    const store = new SettingsStore(b)
    store.update(
      (d) => void (d.receipts = { printer: 'XP-58', paper: '58mm', autoPrintOnPaid: true }),
    )
    expect(new SettingsStore(b).get().receipts).toEqual({
      printer: 'XP-58',
      paper: '58mm',
      autoPrintOnPaid: true,
    })
    expect(
      ReceiptSettingsSchema.safeParse({ printer: null, paper: 'a5', autoPrintOnPaid: true })
        .success,
    ).toBe(false)
  })
})
