// Approvals in French: a supervisor on a French till reads the payouts waiting for a decision,
// the details the approval binds, the audit log and the limits, then rejects the payout with a
// reason, all in French words with French counts, at 1024x768 and 1280x800, with no text
// covered or cut off (French words are longer). Screenshots go to test-results/french-approvals/
// for a person to look at. The language goes back to English afterwards: the other suites read
// the English words.
import { expect, test, type Page } from '@playwright/test'
import { accountName } from '../../sandbox/data/accounts'
import { goTo, must, shooter } from './gateway-support'
import { layoutProblems } from './layout'
import { seriousA11yViolations, signIn } from './support'

test.describe.configure({ mode: 'serial' })

const CASHIER = { name: 'Awa Diallo', pin: '4826', role: 'cashier' as const }
const SUPERVISOR = { name: 'Moussa Traoré', pin: '739164', role: 'supervisor' as const }
// An account of its own: the English payout suites pick their queue items by holder name.
const ACCOUNT = '3045678912'
const SIZES = [
  { width: 1024, height: 768 },
  { width: 1280, height: 800 },
] as const
const shot = shooter('french-approvals')
const narration = `Facture fr${Date.now().toString(36)}`
let page: Page

test.beforeAll(async ({ browser }) => {
  // Pages of an explicit context: axe needs one.
  page = await (await browser.newContext()).newPage()
  await signIn(page, CASHIER)
  await must(page, 'payouts.draft', {
    purpose: 'supplier',
    bankCode: '058',
    accountNumber: ACCOUNT,
    accountName: accountName(ACCOUNT),
    nameConfirmed: true,
    amount: '3500',
    narration,
    recipientEmail: null,
    submit: true,
  })
  await signIn(page, SUPERVISOR)
  await must(page, 'appearance.set', { language: 'fr' })
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
})
test.afterAll(async () => {
  await must(page, 'appearance.set', { language: 'en' })
  await page.context().close()
})

for (const size of SIZES) {
  const at = `${size.width}x${size.height}`

  test(`Approvals in French at ${at}: the queue and the decision`, async () => {
    await page.setViewportSize(size)
    await goTo(page, '#/approvals')
    // The screen keeps its tab while it stays open: the previous test left it on the limits.
    await page.getByRole('tab', { name: 'En attente de décision' }).click()
    await expect(page.getByRole('tab', { name: 'En attente de décision' })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    const list = page.getByRole('list', { name: 'Versements en attente de décision' })
    await list
      .getByTestId('queue-item')
      .filter({ hasText: accountName(ACCOUNT) })
      .first()
      .click()
    await expect(page.getByText('Vérifiez chaque détail, puis approuvez')).toBeVisible()
    await expect(page.getByTestId('bound-details')).toContainText(narration)
    await expect(page.getByLabel('Votre code PIN, pour signer cette décision')).toBeVisible()
    await expect(page.getByRole('button', { name: /^Approuver / })).toBeDisabled()
    await expect(page.getByRole('button', { name: 'Refuser…' })).toBeDisabled()
    // French counts 1 as singular, like 0.
    await expect(page.getByText(/^\d+ versements?$/)).toBeVisible()
    // Everything the supervisor approves, the PIN and Approve in sight without scrolling (issue
    // 23, item 9): at 1024x768 the account number, purpose, reference, maker and approval code
    // were below the window, and Approve too. The queue item was clicked further down the
    // page: the decision comes back into view by itself.
    const seen = [
      ...(await page.getByTestId('bound-details').locator('dt, dd').all()),
      page.getByLabel('Votre code PIN, pour signer cette décision'),
      page.getByRole('button', { name: /^Approuver / }),
    ]
    for (const part of seen) await expect(part, `at ${at}`).toBeInViewport({ ratio: 1 })
    expect(await layoutProblems(page), `queue at ${at}`).toEqual([])
    if (size.width === 1280)
      expect(await seriousA11yViolations(page), 'approvals in French').toEqual([])
    await shot(page, `queue-${at}`)
  })

  test(`Approvals in French at ${at}: the audit log and the limits`, async () => {
    await page.setViewportSize(size)
    await goTo(page, '#/approvals')
    await page.getByRole('tab', { name: 'Journal d’audit' }).click()
    await expect(
      page.getByText(/^Les \d+ plus récents sur \d+ enregistrements? sont/),
    ).toBeVisible()
    await expect(page.getByRole('button', { name: 'Exporter' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Actualiser' })).toBeVisible()
    expect(await layoutProblems(page), `audit log at ${at}`).toEqual([])
    await shot(page, `audit-${at}`)

    await page.getByRole('tab', { name: 'Plafonds' }).click()
    const form = page.getByRole('form', { name: 'Plafonds des versements' })
    await expect(
      form.getByRole('group', { name: /^Caissier/ }).getByLabel('Par versement'),
    ).toBeDisabled()
    await expect(form.getByLabel('Une approbation expire après (minutes)')).toBeDisabled()
    await expect(form.getByText('Seul un administrateur peut les modifier.')).toBeVisible()
    expect(await layoutProblems(page), `limits at ${at}`).toEqual([])
    await shot(page, `limits-${at}`)
  })
}

test('a supervisor rejects the payout in French, with a reason', async () => {
  await page.setViewportSize(SIZES[0])
  await goTo(page, '#/approvals')
  await page.getByRole('tab', { name: 'En attente de décision' }).click()
  await page
    .getByTestId('queue-item')
    .filter({ hasText: accountName(ACCOUNT) })
    .first()
    .click()
  await expect(page.getByTestId('bound-details')).toContainText(narration)
  await page.getByLabel('Votre code PIN, pour signer cette décision').fill(SUPERVISOR.pin)
  await page.getByRole('button', { name: 'Refuser…' }).click()
  const dialog = page.getByRole('dialog', { name: /^Refuser le versement de .* \?$/ })
  await expect(dialog).toContainText('Le caissier voit votre motif. Rien n’est payé.')
  await dialog.getByLabel('Motif (obligatoire)').fill('Mauvais fournisseur')
  expect(await layoutProblems(page), 'reject dialog at 1024x768').toEqual([])
  await shot(page, 'reject-1024x768')
  await dialog.getByRole('button', { name: 'Refuser le versement' }).click()
  await expect(page.getByText(/ : refusé$/)).toBeVisible()
  expect(await layoutProblems(page), 'rejected at 1024x768').toEqual([])
  await shot(page, 'rejected-1024x768')
})
