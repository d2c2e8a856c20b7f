// Appearance: dark (chosen, or following the OS) and text at 125/150 %, chosen from the user
// menu by a cashier; WCAG 2.2 AA (axe) on every screen each role uses, in both themes; and the
// till sizes at 150 % text: no text covered or cut off, no scroll area inside another.
// Screenshots go to test-results/appearance/ for a person to look at.
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import type { Appearance } from '../../common/ipc/appearance'
import { layoutProblems } from './layout'
import { openApp, signIn, type PageGlobals } from './support'

test.describe.configure({ mode: 'serial' })

const SHOTS = 'test-results/appearance'
const WCAG22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']
const CASHIER = { name: 'Tobi Ade', pin: '2468', role: 'cashier' as const }
const SUPERVISOR = { name: 'Sade Okafor', pin: '135790', role: 'supervisor' as const }
const ADMIN = { name: 'Ada Obi', pin: '123456', role: 'admin' as const }

type Html = { documentElement: { dataset: Record<string, string | undefined> } }
const rootState = (page: Page) =>
  page.evaluate(() => {
    const g = globalThis as unknown as {
      document: Html
      getComputedStyle(el: unknown): { fontSize: string; backgroundColor: string }
    }
    const root = g.document.documentElement
    return {
      theme: root.dataset.theme,
      textSize: root.dataset.textSize,
      fontSize: g.getComputedStyle(root).fontSize,
    }
  })

async function setAppearance(page: Page, input: Partial<Omit<Appearance, 'sound'>>) {
  await page.evaluate(async (change) => {
    const envelope = await (globalThis as unknown as PageGlobals).pos.invoke(
      'appearance.set',
      change,
    )
    if (!envelope.ok) throw new Error(envelope.error.message)
  }, input)
}

/** Opens a screen by its route and waits until it has stopped loading. */
async function open(page: Page, hash: string): Promise<void> {
  await page.evaluate((h) => ((globalThis as unknown as PageGlobals).location.hash = h), hash)
  await expect(page.locator('.topbar h1')).not.toBeEmpty()
  await expect(page.locator('.spinner')).toHaveCount(0)
}

/** The routes of the role's navigation, in order. */
async function navRoutes(page: Page): Promise<string[]> {
  const hrefs = await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => (link as unknown as { hash: string }).hash))
  return hrefs.filter(Boolean)
}

async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG22_AA).analyze()
  return results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes
        .slice(0, 4)
        .map((node) => node.target.join(' '))
        .join(', ')})`,
  )
}

const fileName = (hash: string) => hash.replace(/[#/]+/g, '-').replace(/^-/, '')

test.afterAll(async ({ browser }) => {
  // Appearance is per till: leave the shared preview as the next suite expects it.
  const page = await (await browser.newContext()).newPage()
  await openApp(page)
  await signIn(page, ADMIN)
  await setAppearance(page, { theme: 'system', textSize: 100 })
  await page.context().close()
})

test('a cashier picks dark and 150 % text from the user menu; a reload paints it at once', async ({
  page,
}) => {
  await signIn(page, CASHIER)
  await page.getByRole('button', { name: new RegExp(CASHIER.name) }).click()
  const menu = page.getByRole('group', { name: 'Appearance' })
  await menu.getByRole('radio', { name: 'Dark' }).check()
  await expect.poll(() => rootState(page)).toMatchObject({ theme: 'dark' })
  await menu.getByRole('radio', { name: '150%' }).check()
  await expect
    .poll(() => rootState(page))
    .toEqual({ theme: 'dark', textSize: '150', fontSize: '24px' })
  await page.screenshot({ path: `${SHOTS}/menu-dark-150.png` })
  expect(await layoutProblems(page, '#user-menu')).toEqual([])

  // Before React renders (DOMContentLoaded runs after the module that applies the theme).
  await page.reload({ waitUntil: 'domcontentloaded' })
  expect(await rootState(page)).toMatchObject({ theme: 'dark', textSize: '150' })
  await expect(page.getByTestId('status-user')).toContainText(CASHIER.name)
})

test('"Like the computer" follows the OS between light and dark', async ({ page }) => {
  await signIn(page, CASHIER)
  await setAppearance(page, { theme: 'system', textSize: 100 })
  await page.emulateMedia({ colorScheme: 'dark' })
  await expect.poll(() => rootState(page)).toMatchObject({ theme: 'dark', fontSize: '16px' })
  await page.emulateMedia({ colorScheme: 'light' })
  await expect.poll(() => rootState(page)).toMatchObject({ theme: 'light' })
})

for (const profile of [CASHIER, SUPERVISOR, ADMIN]) {
  test(`axe finds no WCAG 2.2 AA violation on a ${profile.role}'s screens, light and dark`, async ({
    page,
  }) => {
    test.setTimeout(240_000)
    await signIn(page, profile)
    const routes = await navRoutes(page)
    if (profile.role === 'admin') routes.push('#/settings/appearance', '#/settings/users')
    expect(routes.length).toBeGreaterThan(2)
    const problems: string[] = []
    for (const theme of ['light', 'dark'] as const) {
      await setAppearance(page, { theme, textSize: 100 })
      await expect.poll(() => rootState(page)).toMatchObject({ theme })
      for (const route of routes) {
        await open(page, route)
        if (theme === 'dark')
          await page.screenshot({ path: `${SHOTS}/${profile.role}-dark-${fileName(route)}.png` })
        for (const violation of await axeViolations(page))
          problems.push(`${theme} ${route}: ${violation}`)
      }
    }
    expect(problems).toEqual([])
  })
}

for (const size of [
  { width: 1024, height: 768 },
  { width: 1280, height: 800 },
]) {
  test(`every screen fits at ${size.width}×${size.height} with 150 % text`, async ({ page }) => {
    test.setTimeout(180_000)
    await signIn(page, ADMIN)
    await page.setViewportSize(size)
    await setAppearance(page, { theme: 'dark', textSize: 150 })
    await expect.poll(() => rootState(page)).toMatchObject({ fontSize: '24px' })
    const routes = [...(await navRoutes(page)), '#/settings/appearance', '#/settings/users']
    const problems: string[] = []
    for (const route of routes) {
      await open(page, route)
      await page.screenshot({
        path: `${SHOTS}/${size.width}x${size.height}-150-${fileName(route)}.png`,
      })
      for (const problem of await layoutProblems(page)) problems.push(`${route}: ${problem}`)
    }
    expect(problems).toEqual([])
  })
}
