// Payouts, Settings, Shop and About in French: the words come from the French catalogue, and
// at the smaller till sizes (French words are longer) no text is covered or cut off.
// Screenshots go to test-results/french-payouts/ for a person to look at. The language goes
// back to English afterwards: the other suites read the English words.
import { expect, test, type Page } from '@playwright/test'
import { layoutProblems, TILL_SIZES } from './layout'
import { ADMIN, signIn, type PageGlobals } from './support'

test.describe.configure({ mode: 'serial' })

const SHOTS = 'test-results/french-payouts'
const SIZES = [TILL_SIZES[0], TILL_SIZES[1]]

async function setLanguage(page: Page, language: 'en' | 'fr') {
  await page.evaluate(async (lang) => {
    const envelope = await (globalThis as unknown as PageGlobals).pos.invoke('appearance.set', {
      language: lang,
    })
    if (!envelope.ok) throw new Error(envelope.error.message)
  }, language)
}

async function go(page: Page, hash: string) {
  await page.evaluate((h) => ((globalThis as unknown as PageGlobals).location.hash = h), hash)
  await expect(page.locator('.spinner')).toHaveCount(0)
}

test.afterEach(async ({ page }) => {
  if (page.url() === 'about:blank') return
  await setLanguage(page, 'en')
})

test('Payouts in French: the form, the name check and the outbox fit', async ({ page }) => {
  await signIn(page, { ...ADMIN, role: 'admin' })
  await setLanguage(page, 'fr')
  for (const size of SIZES) {
    await page.setViewportSize(size)
    const tag = `${size.width}x${size.height}`
    await go(page, '#/payouts')
    const form = page.getByRole('form', { name: 'Nouveau versement' })
    await expect(form).toBeVisible()
    await expect(page.getByRole('radiogroup', { name: 'Type de versement' })).toContainText(
      'Remboursement client',
    )
    await expect(page.getByRole('heading', { name: 'Boîte d’envoi' })).toBeVisible()
    await form.getByLabel('Numéro de compte').fill('0123')
    // A count in French words, from the catalogue's plural (never "digits" in English).
    await expect(form.getByText('encore 6 chiffres')).toBeVisible()
    await expect(form.getByRole('button', { name: 'Envoyer pour approbation' })).toBeVisible()
    expect(await layoutProblems(page), `payouts at ${tag}`).toEqual([])
    await page.screenshot({ path: `${SHOTS}/payouts-${tag}.png` })
    await page.locator('.po-outbox').evaluate((el) => el.scrollIntoView(false))
    expect(await layoutProblems(page), `payouts (outbox) at ${tag}`).toEqual([])
    await page.screenshot({ path: `${SHOTS}/payouts-${tag}-outbox.png` })
    await form.getByLabel('Numéro de compte').fill('')
  }
})

test('Settings in French: every section (but Till) fits', async ({ page }) => {
  await signIn(page, { ...ADMIN, role: 'admin' })
  await setLanguage(page, 'fr')
  const sections: Array<[string, string]> = [
    ['environment', 'Environnement'],
    ['key', 'Clé de démo'],
    ['connection', 'Test de connexion'],
    ['users', 'Ajouter un utilisateur'],
    ['shop', 'Mode boutique'],
    ['receipts', 'Tickets de caisse'],
    ['appearance', 'Aspect'],
    ['updates', 'Mises à jour'],
    ['support', 'Rapports de plantage'],
  ]
  for (const size of SIZES) {
    await page.setViewportSize(size)
    const tag = `${size.width}x${size.height}`
    for (const [id, heading] of sections) {
      await go(page, `#/settings/${id}`)
      await expect(page.getByRole('navigation', { name: 'Sections des réglages' })).toBeVisible()
      await expect(page.getByText(heading, { exact: true }).first()).toBeVisible()
      expect(await layoutProblems(page), `settings/${id} at ${tag}`).toEqual([])
      await page.screenshot({ path: `${SHOTS}/settings-${id}-${tag}.png` })
      // The section itself, below the setup checklist: scrolled into view, checked again.
      await page
        .locator('.settings__body .card')
        .last()
        .evaluate((el) => el.scrollIntoView(false))
      expect(await layoutProblems(page), `settings/${id} (end) at ${tag}`).toEqual([])
      await page.screenshot({ path: `${SHOTS}/settings-${id}-${tag}-end.png` })
    }
  }
})

test('About and Shop in French fit', async ({ page }) => {
  await signIn(page, { ...ADMIN, role: 'admin' })
  await setLanguage(page, 'fr')
  for (const size of SIZES) {
    await page.setViewportSize(size)
    const tag = `${size.width}x${size.height}`
    await go(page, '#/about')
    await expect(page.getByText('Licences open source')).toBeVisible()
    await expect(page.getByText('Système d’exploitation')).toBeVisible()
    // The facts and the frame; the licence list below runs past the window on purpose (166
    // closed entries scrolling under the status bar), which the check would read as covered.
    expect(await layoutProblems(page, '.about > .card'), `about at ${tag}`).toEqual([])
    expect(await layoutProblems(page, '.topbar'), `about's top bar at ${tag}`).toEqual([])
    await page.screenshot({ path: `${SHOTS}/about-${tag}.png` })
    await go(page, '#/shop')
    expect(await layoutProblems(page), `shop at ${tag}`).toEqual([])
    await page.screenshot({ path: `${SHOTS}/shop-${tag}.png` })
  }
})
