// Appearance: dark (chosen, or following the OS) and text at 125/150 %, chosen from the user
// menu by a cashier; WCAG 2.2 AA (axe) on every screen each role uses, in both themes; and the
// till sizes at 150 % text: no text covered or cut off, no scroll area inside another.
// Screenshots go to test-results/appearance/ for a person to look at.
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import type { Appearance } from '../../common/ipc/appearance'
import { layoutProblems } from './layout'
import { openApp, signIn, uniqueBvn, type PageGlobals } from './support'

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

/**
 * The screen itself scrolling sideways: text that runs past the window's right edge, which the
 * layout check cannot see (nothing covers or cuts it; the screen just gets wider).
 */
const offScreen = (page: Page) =>
  page.evaluate(() => {
    type El = { scrollWidth: number; clientWidth: number }
    const g = globalThis as unknown as {
      document: { getElementById(id: string): El | null; documentElement: El }
    }
    const problems: string[] = []
    const main = g.document.getElementById('main-content')
    if (main && main.scrollWidth > main.clientWidth + 1)
      problems.push(`screen scrolls sideways: ${main.scrollWidth} px in ${main.clientWidth} px`)
    const root = g.document.documentElement
    if (root.scrollWidth > root.clientWidth + 1)
      problems.push(`window scrolls sideways: ${root.scrollWidth} px in ${root.clientWidth} px`)
    return problems
  })

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

/** Records the chime's peak gains instead of sounding them (headless Chromium has no speaker). */
const RECORD_CHIME = () => {
  const g = globalThis as unknown as { AudioContext: unknown; chimePeaks: number[] }
  g.chimePeaks = []
  const param = () => ({
    setValueAtTime: () => undefined,
    exponentialRampToValueAtTime: (value: number) => {
      if (value > 0.001) g.chimePeaks.push(value)
    },
  })
  const node = () => ({ connect: (next: unknown) => next ?? node() })
  g.AudioContext = class {
    state = 'running'
    currentTime = 0
    destination = {}
    resume = () => Promise.resolve()
    createGain = () => ({ ...node(), gain: param() })
    createOscillator = () => ({
      ...node(),
      type: 'sine',
      frequency: { value: 0 },
      start: () => undefined,
      stop: () => undefined,
    })
  }
}
const chimePeaks = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { chimePeaks: number[] }).chimePeaks)

/** Collect as a cashier: the amount, a new customer, then the demo bank pays it in full. */
async function collectAndPay(page: Page, amount: string, email: string): Promise<void> {
  await open(page, '#/collect')
  const due = page.getByRole('textbox', { name: 'Amount due' })
  await due.fill(amount)
  await due.press('Enter')
  await page.getByRole('button', { name: 'New customer' }).click()
  const form = page.getByRole('form', { name: 'New customer' })
  await form.getByLabel('Full name').fill('Chidi Okeke')
  await form.getByLabel('E-mail').fill(email)
  await form.getByLabel(/BVN/).fill(uniqueBvn())
  await form.getByRole('button', { name: 'Create and show instructions' }).click()
  await expect(page.getByTestId('charge-screen')).toBeVisible()
  const sim = page.getByTestId('demo-simulator')
  await sim.getByLabel('Amount the customer sends').fill(amount)
  await sim.getByRole('button', { name: 'Simulate transfer' }).click()
  await expect(page.locator('[data-testid="charge-screen"][data-phase="paid"]')).toBeVisible()
}

test('the cashier hears the chime when a charge is paid, at the volume set, and not when off', async ({
  page,
}) => {
  await page.addInitScript(RECORD_CHIME)
  // The paid panel fades in; axe should read its colours, not a frame of the animation.
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await signIn(page, CASHIER)
  await page.evaluate(async () => {
    const pos = (globalThis as unknown as PageGlobals).pos
    await pos.invoke('appearance.set', { theme: 'dark', sound: { enabled: true, volume: 40 } })
  })
  const stamp = Date.now().toString(36)
  await collectAndPay(page, '2,500.00', `chidi.${stamp}@example.com`)
  // Two notes, each peaking at 40 % of the loudest gain (0.5).
  await expect.poll(() => chimePeaks(page)).toEqual([0.2, 0.2])
  await page.screenshot({ path: `${SHOTS}/cashier-dark-paid.png` })
  expect(await axeViolations(page)).toEqual([])
  // The customer display follows the till's theme, and passes too.
  const display = await page.context().newPage()
  await display.goto('/#/customer-display')
  await expect(display.getByRole('heading', { level: 1 })).toBeVisible()
  await expect.poll(() => rootState(display)).toMatchObject({ theme: 'dark' })
  await display.screenshot({ path: `${SHOTS}/customer-display-dark.png` })
  expect(await axeViolations(display)).toEqual([])
  await display.close()

  // From the user menu: the chime off. The next paid charge is silent.
  await page.getByRole('button', { name: new RegExp(CASHIER.name) }).click()
  await page
    .getByRole('group', { name: 'Appearance' })
    .getByRole('checkbox', { name: 'Chime when a charge is paid' })
    .uncheck()
  await page.keyboard.press('Escape')
  await collectAndPay(page, '1,000.00', `chidi.${stamp}.2@example.com`)
  expect(await chimePeaks(page)).toEqual([0.2, 0.2])
  await page.evaluate(async () => {
    await (globalThis as unknown as PageGlobals).pos.invoke('appearance.set', {
      sound: { enabled: true, volume: 70 },
    })
  })
})

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
      for (const problem of [...(await layoutProblems(page)), ...(await offScreen(page))])
        problems.push(`${route}: ${problem}`)
    }
    expect(problems).toEqual([])
  })
}
