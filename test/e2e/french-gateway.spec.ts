// Payments and Mandates in French: the new-payment form, a payment waiting for the customer
// and then paid, the mandate list, the new-mandate form and an active mandate's month, at the
// till sizes where French words are most likely to overflow (1024x768, 1280x800), with no text
// covered or cut off. Screenshots go to test-results/french-gateway/ for a person to look at.
// The language goes back to English afterwards: the other suites read the English words.
import { expect, test, type Page } from '@playwright/test'
import { goTo, must } from './gateway-support'
import { layoutProblems } from './layout'
import { seriousA11yViolations, signIn, type PageGlobals } from './support'

test.describe.configure({ mode: 'serial' })

const SHOTS = 'test-results/french-gateway'
// A supervisor also sees the panels of unconfirmed payments and debits, when there are any.
const SUPERVISOR = { name: 'Aminata Koné', pin: '135790', role: 'supervisor' as const }
const SIZES = [
  { width: 1024, height: 768 },
  { width: 1280, height: 800 },
] as const

async function setLanguage(page: Page, language: 'en' | 'fr') {
  await page.evaluate(async (lang) => {
    const envelope = await (globalThis as unknown as PageGlobals).pos.invoke('appearance.set', {
      language: lang,
    })
    if (!envelope.ok) throw new Error(envelope.error.message)
  }, language)
}

/** A calendar day from today, YYYY-MM-DD, as main takes it. */
const isoDay = (offsetDays: number): string => {
  const d = new Date()
  d.setDate(d.getDate() + offsetDays)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`
}

/**
 * Layout problems of what the cashier sees first: the screen scrolled to its top (a click may
 * have scrolled it, leaving a line half under the status bar, which is not a French problem).
 */
async function problemsAtTop(page: Page): Promise<string[]> {
  await page.evaluate(() => {
    // No DOM types in this tsconfig (see PageGlobals in support.ts).
    type Scrollable = { scrollTo(x: number, y: number): void }
    const g = globalThis as unknown as Scrollable & {
      document: { getElementById(id: string): Scrollable | null }
    }
    g.document.getElementById('main-content')?.scrollTo(0, 0)
    g.scrollTo(0, 0)
  })
  return layoutProblems(page)
}

test.afterEach(async ({ page }) => {
  if (page.url() === 'about:blank') return
  await setLanguage(page, 'en')
})

test('Payments in French: the form, a waiting payment and a paid one fit the till', async ({
  page,
}) => {
  await signIn(page, SUPERVISOR)
  await setLanguage(page, 'fr')
  for (const size of SIZES) {
    const tag = `${size.width}x${size.height}`
    await page.setViewportSize(size)
    await goTo(page, '#/payments')
    await expect(page.getByTestId('payments-screen')).toBeVisible()
    const form = page.getByRole('form', { name: 'Nouveau paiement' })
    await expect(page.getByText('Nouveau paiement par carte ou en ligne')).toBeVisible()
    await expect(page.getByRole('complementary', { name: 'Paiements récents' })).toBeVisible()
    expect(await problemsAtTop(page), `new payment at ${tag}`).toEqual([])
    await page.screenshot({ path: `${SHOTS}/payments-new-${tag}.png`, fullPage: true })

    await form.getByLabel('Montant').fill('15000.50')
    await form.getByLabel('E-mail du client').fill('awa@example.com')
    await form.getByLabel('Nom du client (facultatif)').fill('Awa Diallo')
    await form.getByLabel('Objet (facultatif)').fill('Devis 1042')
    await form.getByRole('button', { name: 'Créer le paiement' }).click()
    const panel = page.getByTestId('payment-panel')
    await expect(panel).toHaveAttribute('data-status', 'pending')
    await expect(
      page.getByRole('heading', { name: 'En attente du paiement du client' }),
    ).toBeVisible()
    await expect(page.getByTestId('payment-amount')).toHaveText(/15\s000,50\sNGN/)
    await expect(page.getByRole('img', { name: /Code QR de la page de paiement/ })).toBeVisible()
    await expect(page.getByTestId('recent-payments')).toContainText('En attente du client')
    expect(await problemsAtTop(page), `waiting payment at ${tag}`).toEqual([])
    await page.screenshot({ path: `${SHOTS}/payments-waiting-${tag}.png`, fullPage: true })

    await page.getByRole('button', { name: 'Le client paie' }).click()
    await expect(panel).toHaveAttribute('data-status', 'success')
    await expect(page.getByRole('heading', { name: 'Payé', exact: true })).toBeVisible()
    await expect(panel.getByRole('status')).toContainText(/Payé : 15\s000,50\sNGN/)
    expect(await problemsAtTop(page), `paid payment at ${tag}`).toEqual([])
    await page.screenshot({ path: `${SHOTS}/payments-paid-${tag}.png`, fullPage: true })
    expect(await seriousA11yViolations(page), `paid payment in French at ${tag}`).toEqual([])
    await page.getByRole('button', { name: 'Nouveau paiement', exact: true }).click()
  }
})

test('Mandates in French: the list, the new-mandate form and an active month fit the till', async ({
  page,
}) => {
  await signIn(page, SUPERVISOR)
  await setLanguage(page, 'fr')
  const banks = await must(page, 'mandates.banks', undefined)
  const created = await must(page, 'mandates.create', {
    customerName: 'Awa Diallo',
    customerEmail: 'awa@example.com',
    bankCode: banks[0]!.code,
    accountNumber: '0123456789',
    startDate: isoDay(0),
    endDate: isoDay(365),
    maxMonthlyAmount: '20000',
    maxMonthlyDebitCount: '2',
    currency: 'NGN',
  })
  for (const size of SIZES) {
    const tag = `${size.width}x${size.height}`
    await page.setViewportSize(size)
    await goTo(page, '#/mandates')
    await expect(page.getByTestId('mandates-screen')).toBeVisible()
    await page.getByRole('button', { name: 'Nouveau', exact: true }).click()
    const form = page.getByRole('form', { name: 'Nouveau mandat' })
    await expect(form.getByLabel('Nom complet du titulaire du compte')).toBeVisible()
    await expect(form.getByText('Au moins 30 jours après le premier jour.')).toBeVisible()
    expect(await problemsAtTop(page), `new mandate at ${tag}`).toEqual([])
    await page.screenshot({ path: `${SHOTS}/mandates-new-${tag}.png`, fullPage: true })
    await page.getByRole('button', { name: 'Annuler', exact: true }).click()

    // Opened by its reference: the look-up card, in French too.
    await page.getByLabel('Référence du mandat').fill(created.mandateReference)
    await page.getByRole('button', { name: 'Ouvrir', exact: true }).click()
    const detail = page.getByTestId('mandate-detail')
    await expect(detail).toContainText(created.mandateReference)
    if ((await detail.getAttribute('data-status')) === 'pending_activation') {
      await expect(detail.locator('[data-status="pending_activation"]').first()).toContainText(
        'À activer',
      )
      await expect(page.getByText('Activer avec le client')).toBeVisible()
      expect(await problemsAtTop(page), `mandate to activate at ${tag}`).toEqual([])
      await page.screenshot({ path: `${SHOTS}/mandates-activate-${tag}.png`, fullPage: true })
      await must(page, 'mandates.initiateActivation', {
        mandateReference: created.mandateReference,
      })
      await must(page, 'mandates.validateActivation', {
        mandateReference: created.mandateReference,
        otp: '482913',
        pin: '4321',
      })
    }
    await expect(detail).toHaveAttribute('data-status', 'active')
    await expect(page.getByTestId('mandate-usage')).toContainText(/Ce mois-ci \(\p{L}+ \d{4}\)/u)
    await expect(page.getByTestId('remaining-count')).toHaveText('2 sur 2')
    await expect(detail).toContainText('20 000,00 NGN en 2 prélèvements au plus')
    await expect(page.getByRole('form', { name: 'Encaisser un paiement' })).toBeVisible()
    expect(await problemsAtTop(page), `active mandate at ${tag}`).toEqual([])
    await page.screenshot({ path: `${SHOTS}/mandates-active-${tag}.png`, fullPage: true })
    expect(await seriousA11yViolations(page), `active mandate in French at ${tag}`).toEqual([])
  }
})
