// Reports, Transfers (history) and Refunds in French: a supervisor on a French till filters
// payments, reads the transfers and payouts lists, looks a payment up to refund it and reads the
// refunds history, with French words, French counts and French money, at 1024x768 and 1280x800,
// with no text covered or cut off (French words are longer). Screenshots go to
// test-results/french-reports/ for a person to look at. The language goes back to English
// afterwards: the other suites read the English words.
import { expect, test, type Page } from '@playwright/test'
import { goTo, must, paidPayment, shooter } from './gateway-support'
import { layoutProblems } from './layout'
import { seriousA11yViolations, signIn } from './support'

test.describe.configure({ mode: 'serial' })

const SUPERVISOR = { name: 'Sade Okafor', pin: '135790', role: 'supervisor' as const }
const SIZES = [
  { width: 1024, height: 768 },
  { width: 1280, height: 800 },
] as const
const shot = shooter('french-reports')
const tag = `fr${Date.now().toString(36)}`
let page: Page
let reference = ''

test.beforeAll(async ({ browser }) => {
  // Pages of an explicit context: axe needs one.
  page = await (await browser.newContext()).newPage()
  await signIn(page, SUPERVISOR)
  reference = await paidPayment(page, '20000', `${tag}@example.com`)
  await must(page, 'appearance.set', { language: 'fr' })
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
})
test.afterAll(async () => {
  await must(page, 'appearance.set', { language: 'en' })
  await page.context().close()
})

/** The few DOM shapes the check below reads (this tsconfig has no DOM types). */
interface Box {
  textContent: string | null
  scrollWidth: number
  clientWidth: number
  querySelector(selector: string): Box | null
  querySelectorAll(selector: string): ArrayLike<Box>
}

/** Tiles whose value runs past the tile's edge (the tiles let it show, so the layout check
 * does not see it as cut off). */
function spilledTiles(page: Page): Promise<string[]> {
  return page.getByTestId('refund-balance').evaluate((element) =>
    Array.from((element as unknown as Box).querySelectorAll('.gw-tile'))
      .filter((tile) => {
        const value = tile.querySelector('.gw-tile__value')
        return value !== null && value.scrollWidth > value.clientWidth + 1
      })
      .map((tile) => tile.textContent ?? ''),
  )
}

for (const size of SIZES) {
  const at = `${size.width}x${size.height}`

  test(`Reports in French at ${at}: transfers in, payments, payouts`, async () => {
    await page.setViewportSize(size)
    await goTo(page, '#/reports')
    const screen = page.getByTestId('reports-screen')
    await expect(screen.getByRole('tab', { name: 'Virements reçus' })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    const transfers = page.getByRole('form', { name: 'Filtrer les virements' })
    await expect(transfers.getByLabel('Référence du compte')).toHaveAttribute(
      'placeholder',
      'Tous les comptes',
    )
    await expect(transfers.getByRole('combobox', { name: 'Statut' })).toContainText(
      'Tous les statuts',
    )
    await expect(page.getByTestId('report-count')).toHaveText(/^\d+ virements?$/)
    await expect(screen).toContainText('Libellé')
    expect(await layoutProblems(page), `transfers in at ${at}`).toEqual([])
    await shot(page, `reports-transfers-in-${at}`)

    await screen.getByRole('tab', { name: 'Paiements par carte et en ligne' }).click()
    const payments = page.getByRole('form', { name: 'Filtrer les paiements' })
    await payments.getByLabel('E-mail du client').fill(`${tag}@example.com`)
    await payments.getByRole('combobox', { name: 'Statut' }).selectOption('success')
    await payments.getByRole('button', { name: 'Afficher' }).click()
    // French counts 1 (and 0) as singular.
    await expect(page.getByTestId('report-count')).toHaveText('1 paiement')
    const row = page.getByTestId('report-row')
    await expect(row).toHaveCount(1)
    await expect(row).toContainText('Payé')
    await expect(row).toContainText(/20\s000,00\sNGN/)
    await expect(row).toHaveAccessibleName(new RegExp(`^Paiement ${reference}, .*; l’ouvrir$`))
    await expect(page.getByRole('button', { name: 'Exporter en CSV' })).toBeEnabled()
    expect(await layoutProblems(page), `payments at ${at}`).toEqual([])
    if (size.width === 1280)
      expect(await seriousA11yViolations(page), 'payments report in French').toEqual([])
    await shot(page, `reports-payments-${at}`)

    await screen.getByRole('tab', { name: 'Versements' }).click()
    await expect(page.getByRole('form', { name: 'Filtrer les versements' })).toBeVisible()
    await expect(page.getByTestId('report-count')).toHaveText(/^\d+ versements?$/)
    expect(await layoutProblems(page), `payouts at ${at}`).toEqual([])
    await shot(page, `reports-payouts-${at}`)
  })

  test(`Transfers (history) in French at ${at}`, async () => {
    await page.setViewportSize(size)
    await goTo(page, '#/history')
    await expect(page.getByText('Virements sur les comptes des clients')).toBeVisible()
    await expect(page.getByTestId('history-count')).toHaveText(/^\d+ virements?$/)
    for (const header of ['Heure', 'Compte', 'Montant', 'Statut', 'Cette caisse', 'Référence'])
      await expect(page.getByRole('columnheader', { name: header, exact: true })).toBeVisible()
    // At 1024 px the gateway's narration gives its column to the reference (collections.css).
    const narration = page.getByRole('columnheader', { name: 'Libellé', exact: true })
    if (size.width > 1024) await expect(narration).toBeVisible()
    else await expect(narration).toBeHidden()
    await expect(page.getByRole('button', { name: 'Exporter en CSV' })).toBeVisible()
    expect(await layoutProblems(page), `history at ${at}`).toEqual([])
    await shot(page, `history-${at}`)
  })

  test(`Refunds in French at ${at}: the balance, the form and the review`, async () => {
    await page.setViewportSize(size)
    await goTo(page, `#/refunds/${reference}`)
    await expect(page.getByTestId('refundable')).toContainText(/20\s000,00\sNGN/)
    await expect(page.getByTestId('refund-balance')).toContainText('Remboursable maintenant')
    // French amounts are longer ("20 000,00 NGN"): each stays inside its tile.
    expect(await spilledTiles(page), `balance tiles at ${at}`).toEqual([])
    const form = page.getByRole('form', { name: 'Remboursement' })
    await form.getByLabel('Une partie').check()
    await form.getByLabel('Montant à rembourser').fill('5000')
    await expect(form.getByText(/^Jusqu’à 20\s000,00\sNGN\.$/)).toBeVisible()
    await form.getByLabel('Motif').fill('Marchandise retournée')
    expect(await layoutProblems(page), `refund form at ${at}`).toEqual([])
    await shot(page, `refunds-form-${at}`)

    await form.getByRole('button', { name: 'Vérifier le remboursement' }).click()
    const dialog = page.getByRole('dialog', { name: 'Envoyer ce remboursement ?' })
    await expect(dialog).toContainText('Motif : Marchandise retournée')
    await expect(dialog).toContainText('Un remboursement envoyé ne peut pas être annulé.')
    await expect(dialog.getByRole('button', { name: /^Rembourser 5\s000,00\sNGN$/ })).toBeVisible()
    expect(await layoutProblems(page), `refund review at ${at}`).toEqual([])
    await shot(page, `refunds-review-${at}`)
    await dialog.getByRole('button', { name: 'Revenir' }).click()
    await expect(dialog).toBeHidden()
  })
}

test('a refund sent in French, then the refunds history with its counts', async () => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await goTo(page, `#/refunds/${reference}`)
  const form = page.getByRole('form', { name: 'Remboursement' })
  await form.getByLabel('Une partie').check()
  await form.getByLabel('Montant à rembourser').fill('5000')
  await form.getByLabel('Motif').fill('Marchandise retournée')
  await form.getByRole('button', { name: 'Vérifier le remboursement' }).click()
  const dialog = page.getByRole('dialog', { name: 'Envoyer ce remboursement ?' })
  await dialog.getByRole('button', { name: /^Rembourser 5\s000,00\sNGN$/ }).click()
  const issued = page.getByTestId('refund-issued')
  await expect(issued).toBeVisible()
  await expect(page.getByText('Remboursement envoyé')).toBeVisible()
  await expect(issued).toContainText('Référence du remboursement')
  await expect(issued).toContainText(/Remboursé au client|À la banque/)
  await expect(page.getByTestId('payment-refunds')).toContainText(/5\s000,00\sNGN/)
  expect(await layoutProblems(page), 'refund sent').toEqual([])
  await shot(page, 'refunds-sent-1280x800')

  for (const size of SIZES) {
    const at = `${size.width}x${size.height}`
    await page.setViewportSize(size)
    await page.getByRole('tab', { name: 'Historique' }).click()
    const counts = page.getByTestId('refund-counts')
    await expect(counts).toContainText('Tous les remboursements')
    await expect(counts).toContainText('Demandé')
    const filters = page.getByRole('form', { name: 'Filtrer les remboursements' })
    await filters.getByLabel('Référence du paiement').fill(reference)
    await filters.getByRole('button', { name: 'Afficher' }).click()
    await expect(page.getByTestId('refund-history-count')).toHaveText('1 remboursement')
    await expect(page.getByTestId('report-row')).toContainText(/5\s000,00\sNGN/)
    expect(await layoutProblems(page), `refunds history at ${at}`).toEqual([])
    await shot(page, `refunds-history-${at}`)
    await page.getByRole('tab', { name: 'Rembourser un paiement' }).click()
  }
})
