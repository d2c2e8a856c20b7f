// The till in French: a cashier switches the language from the user menu, and Collect (amount,
// customer, new customer) speaks French with French formats, at every till size, with no text
// covered or cut off (French words are longer). Screenshots go to test-results/french/ for a
// person to look at. The language goes back to English afterwards: the other suites read the
// English words.
import { expect, test, type Page } from '@playwright/test'
import { layoutProblems, TILL_SIZES } from './layout'
import {
  seriousA11yViolations,
  signIn,
  startOwnPreview,
  uniqueBvn,
  type PageGlobals,
} from './support'

test.describe.configure({ mode: 'serial' })

const SHOTS = 'test-results/french'
const CASHIER = { name: 'Tobi Ade', pin: '2468', role: 'cashier' as const }

async function setLanguage(page: Page, language: 'en' | 'fr') {
  await page.evaluate(async (lang) => {
    const envelope = await (globalThis as unknown as PageGlobals).pos.invoke('appearance.set', {
      language: lang,
    })
    if (!envelope.ok) throw new Error(envelope.error.message)
  }, language)
}

test.afterEach(async ({ page }) => {
  // A test on a till of its own never opened the shared one in this page.
  if (page.url() === 'about:blank') return
  await setLanguage(page, 'en')
})

test('a cashier picks Français in the user menu; the frame and Collect follow', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await signIn(page, CASHIER)
  await page.getByRole('button', { name: new RegExp(CASHIER.name) }).click()
  await page.getByRole('radio', { name: 'Français' }).check()
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
  await page.keyboard.press('Escape')
  await expect(page.getByRole('navigation', { name: 'Principal' })).toContainText('Encaisser')
  await expect(page.getByTestId('status-user')).toContainText('Caissier')
  await page.evaluate(() => ((globalThis as unknown as PageGlobals).location.hash = '#/collect'))
  await expect(page.getByRole('heading', { name: 'Montant dû' })).toBeVisible()
  await page.getByLabel('Montant dû').fill('12500.5')
  await expect(page.locator('.money-input__preview')).toHaveText(/12\s500,50\sNGN/)
})

test('Collect in French fits every till size: nothing covered or cut off', async ({ page }) => {
  await signIn(page, CASHIER)
  await setLanguage(page, 'fr')
  for (const size of TILL_SIZES) {
    await page.setViewportSize(size)
    const tag = `${size.width}x${size.height}`
    await page.evaluate(() => ((globalThis as unknown as PageGlobals).location.hash = '#/collect'))
    await page.keyboard.press('Escape')
    await expect(page.getByRole('button', { name: /Suivant : client/ })).toBeVisible()
    expect(await layoutProblems(page), `amount step at ${tag}`).toEqual([])
    await page.screenshot({ path: `${SHOTS}/collect-amount-${tag}.png` })

    await page.getByLabel('Montant dû').fill('7500')
    await page.keyboard.press('Enter')
    await expect(page.getByRole('heading', { name: 'Client', exact: true })).toBeVisible()
    expect(await layoutProblems(page), `customer step at ${tag}`).toEqual([])
    await page.screenshot({ path: `${SHOTS}/collect-customer-${tag}.png` })

    await page.getByRole('button', { name: 'Nouveau client' }).click()
    await expect(page.getByLabel('BVN (11 chiffres)')).toBeVisible()
    expect(await layoutProblems(page), `new customer at ${tag}`).toEqual([])
    await page.screenshot({ path: `${SHOTS}/collect-new-${tag}.png`, fullPage: true })
  }
})

test('a charge in French: the BVN rule, the instructions and the customer display', async ({
  browser,
}) => {
  // Pages of an explicit context: axe needs one.
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.setViewportSize({ width: 1280, height: 800 })
  await signIn(page, CASHIER)
  await setLanguage(page, 'fr')
  await page.evaluate(() => ((globalThis as unknown as PageGlobals).location.hash = '#/collect'))
  await page.keyboard.press('Escape')
  expect(await seriousA11yViolations(page), 'amount step in French').toEqual([])
  await page.getByLabel('Montant dû').fill('4200')
  await page.keyboard.press('Enter')
  await page.getByRole('button', { name: 'Nouveau client' }).click()
  const form = page.getByRole('form', { name: 'Nouveau client' })
  await form.getByLabel('Nom complet').fill('Awa Diallo')
  await form.getByLabel('E-mail').fill(`awa${Date.now()}@example.com`)
  await form.getByLabel(/BVN/).fill('2221234567')
  await form.getByRole('button', { name: 'Créer et afficher les instructions' }).click()
  await expect(form.getByText('Un BVN a 11 chiffres ; celui-ci en a 10.')).toBeVisible()
  await form.getByLabel(/BVN/).fill(uniqueBvn())
  await form.getByRole('button', { name: 'Créer et afficher les instructions' }).click()
  await expect(page.getByTestId('instructions')).toContainText('Virez exactement')
  await expect(page.getByTestId('amount-to-send')).toHaveText(/4\s200,00\sNGN/)
  await expect(page.locator('.topbar h1')).toHaveText('Instructions')
  await expect(page.locator('.spinner')).toHaveCount(0)
  expect(await layoutProblems(page), 'instructions at 1280x800').toEqual([])
  expect(await seriousA11yViolations(page), 'instructions in French').toEqual([])
  await page.screenshot({ path: `${SHOTS}/instructions-1280x800.png`, fullPage: true })

  const display = await context.newPage()
  await display.setViewportSize({ width: 800, height: 480 })
  await display.goto(page.url().replace(/#.*$/, '#/customer-display'))
  await expect(display.getByTestId('customer-display')).toContainText('Veuillez virer')
  expect(await layoutProblems(display), 'customer display at 800x480').toEqual([])
  // The whole of it on the customer's small screen: nobody scrolls a customer display.
  const fits = await display.evaluate(() => {
    const g = globalThis as unknown as {
      document: { documentElement: { scrollHeight: number } }
      innerHeight: number
    }
    return g.document.documentElement.scrollHeight <= g.innerHeight
  })
  expect(fits, 'the customer display fits 800x480 without scrolling').toBe(true)
  expect(await seriousA11yViolations(display), 'customer display in French').toEqual([])
  await display.screenshot({ path: `${SHOTS}/customer-display-800x480.png` })

  // The customer pays (the demo bank sends the transfer): Paid, in French, on both screens.
  await page.getByRole('button', { name: 'Simuler un virement', exact: true }).click()
  await expect(page.getByTestId('paid-panel')).toContainText('PAYÉ')
  await expect(page.getByTestId('paid-panel')).toContainText('4 200,00 NGN reçu')
  await expect(page.locator('.topbar h1')).toHaveText('Payé')
  await expect(page.getByTestId('transfer-row')).toContainText('Reçu')
  // "Reçu" is the status Received; the receipt is the ticket de caisse (glossary).
  await expect(page.getByRole('button', { name: 'Ticket de caisse' })).toBeVisible()
  expect(await layoutProblems(page), 'paid at 1280x800').toEqual([])
  await page.screenshot({ path: `${SHOTS}/paid-1280x800.png`, fullPage: true })
  await expect(display.getByRole('heading', { name: 'Paiement reçu' })).toBeVisible()
  expect(await layoutProblems(display), 'paid on the customer display').toEqual([])
  await display.screenshot({ path: `${SHOTS}/customer-display-paid-800x480.png` })
  await display.close()
  await setLanguage(page, 'en')
  await context.close()
})

/** Navigation entries whose content runs past their own box (a shortcut pushed out of view). */
const navOverflow = (page: Page) =>
  page.locator('.nav__item').evaluateAll((items) =>
    items
      .filter((item) => {
        const el = item as unknown as {
          scrollWidth: number
          clientWidth: number
          textContent: string | null
        }
        return el.scrollWidth > el.clientWidth + 1
      })
      .map((item) => (item as unknown as { textContent: string | null }).textContent ?? ''),
  )

test('each role’s navigation and first screen fit in French (longest screen names)', async ({
  page,
}) => {
  const people = [
    { profile: CASHIER, screen: '#/shift' },
    {
      profile: { name: 'Sade Okafor', pin: '135790', role: 'supervisor' as const },
      screen: '#/shift',
    },
    { profile: { name: 'Ada Obi', pin: '123456', role: 'admin' as const }, screen: '#/overview' },
  ]
  for (const person of people) {
    await signIn(page, person.profile)
    await setLanguage(page, 'fr')
    for (const size of [TILL_SIZES[0], TILL_SIZES[1]]) {
      await page.setViewportSize(size)
      const tag = `${person.profile.role}-${size.width}x${size.height}`
      await page.evaluate(
        (h) => ((globalThis as unknown as PageGlobals).location.hash = h),
        person.screen,
      )
      await expect(page.locator('.spinner')).toHaveCount(0)
      await expect(page.locator('.topbar h1')).not.toHaveText(/Shift|Overview/)
      expect(await navOverflow(page), `navigation at ${tag}`).toEqual([])
      expect(await layoutProblems(page), `${person.screen} at ${tag}`).toEqual([])
      await page.screenshot({ path: `${SHOTS}/${person.screen.slice(2)}-${tag}.png` })
    }
    await setLanguage(page, 'en')
  }
})

test('a new till is set up in French from the first screen, and stays French', async ({
  browser,
}) => {
  // A brand-new till of its own: the shared one was set up long ago.
  const own = await startOwnPreview()
  const context = await browser.newContext({ baseURL: own.origin })
  try {
    const page = await context.newPage()
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto(own.url)
    await page.getByRole('radio', { name: 'Français' }).check()
    await expect(page.getByRole('heading', { name: 'Bienvenue dans Tilldesk' })).toBeVisible()
    await page.getByLabel('Nom de la caisse').fill('Comptoir')
    await page.getByRole('button', { name: 'Continuer' }).click()
    await page.getByLabel('Votre nom').fill('Aminata Sow')
    await page.getByLabel('Code PIN', { exact: true }).fill('246810')
    await page.getByLabel('Confirmer le code PIN').fill('246810')
    expect(await layoutProblems(page), 'first run in French').toEqual([])
    await page.getByRole('button', { name: 'Créer l’administrateur et commencer' }).click()
    await expect(page.getByTestId('status-user')).toContainText('Aminata Sow · Administrateur')
    // Kept by the till, not only this page: a reload reads it back from main.
    await page.reload()
    await expect(page.getByTestId('status-user')).toContainText('Administrateur')
    const stored = await page.evaluate(async () => {
      const envelope = await (globalThis as unknown as PageGlobals).pos.invoke(
        'appearance.get',
        undefined,
      )
      return envelope.ok ? envelope.value.language : null
    })
    expect(stored).toBe('fr')
  } finally {
    await context.close()
    await own.close()
  }
})
