// What the French suites share: the words a person meets on a page (visible text, and the
// names, hints and titles read aloud), less the data that is nobody's language, and a check
// that fails on any word of the English catalogue among them, line by line.
import { expect, type Page } from '@playwright/test'
import { BANKS, VIRTUAL_ACCOUNT_BANKS } from '../../sandbox/data/banks'
import { catalogueOf, englishIn } from '../support/english-words'
import { seriousA11yViolations, type PageGlobals } from './support'
import { layoutProblems } from './layout'

/** The people and the till the French suites meet (their names are data, not words). */
export const PEOPLE = {
  admin: { name: 'Aminata Sow', pin: '246810' },
  supervisor: { name: 'Moussa Traoré', pin: '739164', role: 'supervisor' as const },
  cashier: { name: 'Awa Diallo', pin: '4826', role: 'cashier' as const },
  customer: 'Fatou Ndiaye',
  till: 'Comptoir',
}

/** Data on screen that is nobody's language: the people, `more` names, and every bank's. */
export const dataOnScreen = (...more: string[]): string[] => [
  PEOPLE.admin.name,
  PEOPLE.supervisor.name,
  PEOPLE.cashier.name,
  PEOPLE.customer,
  PEOPLE.till,
  ...more,
  ...Object.values(BANKS).flatMap((banks) => banks.map((bank) => bank.name)),
  ...VIRTUAL_ACCOUNT_BANKS.map((bank) => bank.name),
]

/** The visible text and the accessible words of the page, less `data` (names, banks…). */
export async function wordsOnScreen(page: Page, data: readonly string[]): Promise<string> {
  const text = await page.evaluate(() => {
    interface Named {
      getAttribute(name: string): string | null
    }
    const doc = (
      globalThis as unknown as {
        document: { body: { innerText: string }; querySelectorAll(query: string): Named[] }
      }
    ).document
    const parts = [doc.body.innerText]
    for (const el of doc.querySelectorAll('[aria-label],[placeholder],[title],img[alt]'))
      for (const name of ['aria-label', 'placeholder', 'title', 'alt'])
        parts.push(el.getAttribute(name) ?? '')
    return parts.join('\n')
  })
  let words = text
  for (const item of [...data].sort((a, b) => b.length - a.length))
    words = words.split(item).join(' ')
  // Addresses, e-mails, identifiers (TD-…, R-2026…, VAT_…, demo_7620e6…) and initials (AS)
  // are data too.
  return words
    .replace(/\bhttps?:\/\/\S+/g, ' ')
    .replace(/\S+@\S+/g, ' ')
    .replace(/\S*[\d_]\S*/g, ' ')
    .replace(/\b[A-Z]{1,4}-[\w-]+/g, ' ')
    .replace(/\b[A-Z]{2}\b/g, ' ')
}

/** Each line of the page with English in it, with its words (soft: every screen is told). */
export async function expectNoEnglish(
  page: Page,
  where: string,
  data: readonly string[],
): Promise<void> {
  const lines = (await wordsOnScreen(page, data)).split('\n')
  const english = lines
    .map((line) => ({ line: line.trim(), words: englishIn(line) }))
    .filter((found) => found.words.length > 0)
  expect.soft(english, where).toEqual([])
}

/** Signs `who` in from the switch-user button (or the lock screen), in the till's words. */
export async function switchTo(
  page: Page,
  language: 'en' | 'fr',
  who: { name: string; pin: string },
) {
  const w = catalogueOf(language)
  const lock = page.getByTestId('lock-screen')
  const from = (await lock.isVisible()) ? lock : page.locator('.app-frame')
  await from.getByRole('button', { name: new RegExp(w.app.switchUser) }).click()
  const tile = page.getByRole('button', { name: new RegExp(`^${who.name}`) })
  const pin = page.getByLabel(w.components.pinFor.replace('{{name}}', who.name))
  // The people's tiles, or straight to the PIN: waited for, since the sign-in screen takes a
  // moment to show after the switch (asked at once, the tile was not there yet and never
  // clicked).
  await expect(tile.or(pin).first()).toBeVisible()
  if (await tile.isVisible()) await tile.click()
  await pin.fill(who.pin)
  await page.getByRole('button', { name: w.signIn.submit, exact: true }).click()
  await expect(page.getByTestId('status-user')).toContainText(who.name)
}

/** A new till's first run in `language`, chosen on its first screen, with its admin. */
export async function firstRunIn(
  page: Page,
  language: 'en' | 'fr',
  tillName: string,
  admin: { name: string; pin: string },
) {
  const w = catalogueOf(language)
  await page.getByRole('radio', { name: language === 'fr' ? 'Français' : 'English' }).check()
  await page.getByLabel(w.firstRun.tillName).fill(tillName)
  await page.getByRole('button', { name: w.common.continue }).click()
  await page.getByLabel(w.firstRun.yourName).fill(admin.name)
  await page.getByLabel(w.components.pin, { exact: true }).fill(admin.pin)
  await page.getByLabel(w.firstRun.pinAgain).fill(admin.pin)
  await page.getByRole('button', { name: w.firstRun.submit }).click()
  await expect(page.getByTestId('status-user')).toContainText(admin.name)
}

/** The screen as it is: its words (French), axe in dark and light, and its screenshot. */
export async function lookAt(
  page: Page,
  language: 'en' | 'fr',
  where: string,
  data: readonly string[],
  shot?: string,
) {
  await expect(page.locator('.spinner')).toHaveCount(0)
  if (language === 'fr') await expectNoEnglish(page, where, data)
  expect.soft(await layoutProblems(page), `${where}: layout`).toEqual([])
  for (const theme of ['dark', 'light'] as const) {
    await page.evaluate(async (choice) => {
      const pos = (globalThis as unknown as PageGlobals).pos
      const envelope = await pos.invoke('appearance.set', { theme: choice })
      if (!envelope.ok) throw new Error(envelope.error.message)
    }, theme)
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
    // Buttons ease their colours into the new theme (0.12 s): axe reads them once settled, or
    // on a busy machine it measures a colour half-way between the two themes.
    await page.evaluate(() =>
      Promise.all(
        (
          globalThis as unknown as {
            document: { getAnimations(): Array<{ finished: Promise<unknown> }> }
          }
        ).document
          .getAnimations()
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
    )
    expect.soft(await seriousA11yViolations(page), `${where} (${theme})`).toEqual([])
  }
  if (shot) await page.screenshot({ path: `test-results/screens/${language}-${shot}.png` })
}
