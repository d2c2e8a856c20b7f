// Trades each preview's one-time token for its session cookie, once, before any test, and
// saves it as the storage state every browser context of that preview's project starts from
// (playwright.config.ts). The token can't be used twice, so tests that open the token URL
// again go on with this session; a context without it (a stranger) gets nothing.
import { chromium, type FullConfig } from '@playwright/test'

export default async function globalSetup(config: FullConfig): Promise<void> {
  const previews = config.projects.filter((project) => project.name.startsWith('preview'))
  if (previews.length === 0) throw new Error('playwright.config.ts has no preview project.')
  for (const { use } of previews) {
    const state = use.storageState
    if (!use.baseURL || typeof state !== 'string')
      throw new Error('playwright.config.ts sets each preview its baseURL and state file.')
    const browser = await chromium.launch(use.launchOptions)
    try {
      const context = await browser.newContext()
      const page = await context.newPage()
      const response = await page.goto(
        `${use.baseURL}/?token=${process.env.TILLDESK_PREVIEW_TOKEN}`,
      )
      if (!response?.ok()) {
        throw new Error(`The preview refused its own token (HTTP ${response?.status() ?? 'none'}).`)
      }
      await context.storageState({ path: state })
    } finally {
      await browser.close()
    }
  }
}
