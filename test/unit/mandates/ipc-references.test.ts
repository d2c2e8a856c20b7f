// The mandates IPC contract refuses references that are dot segments or do not start with a
// letter or digit, before main ever builds a gateway path from them.
import { describe, expect, it } from 'vitest'
import { mandatesChannels } from '../../../common/ipc/mandates'

describe('mandates IPC references', () => {
  it('refuses `.`, `..` and a leading symbol; accepts ordinary references', () => {
    const get = mandatesChannels['mandates.get'].input
    const status = mandatesChannels['mandates.debitStatus'].input
    for (const bad of ['.', '..', '.x', '-x', '_x']) {
      expect(get.safeParse({ mandateReference: bad }).success, bad).toBe(false)
      expect(status.safeParse({ paymentReference: bad }).success, bad).toBe(false)
    }
    expect(get.safeParse({ mandateReference: 'MD_1.a' }).success).toBe(true)
    expect(status.safeParse({ paymentReference: 'DD_1' }).success).toBe(true)
  })
})
