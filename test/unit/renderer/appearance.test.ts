// Appearance in the renderer: which theme "like the computer" means, and how loud the chime is.
import { describe, expect, it } from 'vitest'
import { DEFAULT_APPEARANCE } from '../../../common/ipc/appearance'
import { resolveTheme } from '../../../renderer/app/AppearanceBoot'
import { chimeGain } from '../../../renderer/screens/Instructions/chime'

describe('appearance in the renderer', () => {
  it('"system" follows the OS; light and dark override it', () => {
    expect(resolveTheme('system', true)).toBe('dark')
    expect(resolveTheme('system', false)).toBe('light')
    expect(resolveTheme('light', true)).toBe('light')
    expect(resolveTheme('dark', false)).toBe('dark')
  })

  it('the chime is silent when off or at 0, and louder with the volume', () => {
    expect(chimeGain({ enabled: false, volume: 100 })).toBeNull()
    expect(chimeGain({ enabled: true, volume: 0 })).toBeNull()
    const quiet = chimeGain({ enabled: true, volume: 10 })!
    const usual = chimeGain(DEFAULT_APPEARANCE.sound)!
    const loud = chimeGain({ enabled: true, volume: 100 })!
    expect(quiet).toBeGreaterThan(0)
    expect(quiet).toBeLessThan(usual)
    expect(usual).toBeLessThan(loud)
    // The default keeps the loudness the chime had before it had a volume.
    expect(usual).toBeCloseTo(0.35)
  })
})
