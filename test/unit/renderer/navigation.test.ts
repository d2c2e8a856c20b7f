// The navigation as a cashier scans it: each screen in it has a picture of its own, so two
// entries never look alike at a glance (the Transfers list and the Shift once shared a clock).
import { describe, expect, it } from 'vitest'
import { screens } from '../../../renderer/screens/registry'

describe('navigation', () => {
  it('gives every screen in the navigation its own icon', () => {
    const inNav = screens.filter((screen) => screen.nav)
    const byIcon = new Map<string, string[]>()
    for (const screen of inNav)
      byIcon.set(screen.icon, [...(byIcon.get(screen.icon) ?? []), screen.id])
    const shared = [...byIcon.values()].filter((ids) => ids.length > 1)
    expect(shared).toEqual([])
  })
})
