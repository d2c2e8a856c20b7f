// What the shop journeys share (shop-two-tills.spec.ts, shop-claims.spec.ts): a till's own
// preview opened at 1280 × 800, its first run with its own admin, a screen by its hash, and
// main called through the page's bridge as the screens call it.
import { expect, type Browser, type Page } from '@playwright/test'
import type { OwnPreview, PageGlobals } from './support'

export async function openTill(browser: Browser, till: OwnPreview): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  const page = await context.newPage()
  await page.goto(till.url)
  await expect(page.locator('.boot')).toHaveCount(0)
  return page
}

export async function firstRun(
  page: Page,
  tillName: string,
  admin: { name: string; pin: string },
): Promise<void> {
  await page.getByLabel('Till name').fill(tillName)
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.getByLabel('Your name').fill(admin.name)
  await page.getByLabel('PIN', { exact: true }).fill(admin.pin)
  await page.getByLabel('PIN again').fill(admin.pin)
  await page.getByRole('button', { name: 'Create admin and start' }).click()
  await expect(page.getByTestId('status-user')).toContainText(admin.name)
}

export async function go(page: Page, hash: string): Promise<void> {
  await page.evaluate((h) => ((globalThis as unknown as PageGlobals).location.hash = h), hash)
}

/** Calls main through the page's bridge, as the screens do; throws its words on refusal. */
export async function invoke<T>(page: Page, channel: string, input?: unknown): Promise<T> {
  return page.evaluate(
    async ({ channel, input }) => {
      const pos = (globalThis as unknown as PageGlobals).pos as unknown as {
        invoke(
          c: string,
          i: unknown,
        ): Promise<{ ok: boolean; value?: unknown; error?: { message: string } }>
      }
      const envelope = await pos.invoke(channel, input)
      if (!envelope.ok) throw new Error(envelope.error?.message)
      return envelope.value
    },
    { channel, input },
  ) as Promise<T>
}
