// Settings' integrity findings on a French till: a Z-report edited on disk after its shift
// closed (as a cashier with the files could) is found when the Z-reports are read, and the
// admin's Settings says what failed and what Tilldesk does about it in French, with no word of
// the English catalogue. French only: the English words are main's own, checked in the
// integration tests. Screenshot at 1024x768: test-results/screens/fr-settings-findings.png.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { catalogueOf } from '../support/english-words'
import { dataOnScreen, firstRunIn, lookAt, PEOPLE } from './french-words'
import { goTo, must } from './gateway-support'
import { onOwnTill } from './support'

test('a Z-report changed on disk: Settings says so in French', async ({ browser }) => {
  test.setTimeout(180_000)
  const w = catalogueOf('fr')
  await onOwnTill(browser, async (page, own) => {
    await firstRunIn(page, 'fr', PEOPLE.till, PEOPLE.admin)
    const shift = await must(page, 'shifts.open', {})
    await must(page, 'shifts.close', { shiftId: shift.id })

    // The closed shift's Z-report, its till's name changed by hand.
    const file = join(own.dataDir, 'shifts', 'demo', 'z', 'z-000001.json')
    const stored = JSON.parse(readFileSync(file, 'utf8')) as {
      report: { shift: { till: string } }
    }
    stored.report.shift.till = 'Caisse pirate'
    writeFileSync(file, JSON.stringify(stored))
    // Read again (the Shift screen's list of Z-reports does so), the chain fails its check.
    const list = await must(page, 'shifts.zReports', {})
    expect(list.chain.status).toBe('altered')

    // Settings reads the findings as it opens (the admin's first screen is Settings' checklist).
    await goTo(page, '#/overview')
    await expect(page.getByTestId('overview')).toBeVisible()
    await goTo(page, '#/settings')
    const findings = page.getByTestId('integrity-findings')
    await expect(findings).toBeVisible()
    // French sets a space before the colon after the area's name.
    await expect(findings).toContainText(`${w.settings.integrity.areas['z-reports']} :`)
    await expect(findings).toContainText('Les rapports Z (Démo) ne passent pas leur contrôle.')
    await expect(findings).toContainText(
      'Tilldesk garde les rapports Z tels quels et les marque « Vérifiez ce rapport »',
    )
    await lookAt(
      page,
      'fr',
      'settings: a Z-report changed on disk',
      dataOnScreen('shifts/demo/z'),
      'settings-findings',
    )
  })
})
