// A till of its own in shop mode, against a throwaway PostgreSQL, for the suites that look at
// the Shop screen: its own preview (a fresh data folder), the first run done, a shop created,
// calls through the page's bridge as the signed-in admin, and a charge paid by transfer.
import { expect, type Browser, type Page } from '@playwright/test'
import { startThrowawayPostgres, type ThrowawayPostgres } from '../support/postgres'
import { completeFirstRun, startOwnPreview, type OwnPreview, type PageGlobals } from './support'

export interface ShopTill {
  server: ThrowawayPostgres
  own: OwnPreview
  page: Page
  /** A channel call from the page; throws main's message when it fails. */
  invoke<T>(channel: string, input?: unknown): Promise<T>
  close(): Promise<void>
}

export async function startShopTill(
  browser: Browser,
  tillName = 'Front counter',
): Promise<ShopTill> {
  const server = await startThrowawayPostgres()
  const own = await startOwnPreview()
  const page = await (await browser.newContext({ baseURL: own.origin })).newPage()
  const invoke = <T>(channel: string, input?: unknown): Promise<T> =>
    page.evaluate(
      async ([c, i]) => {
        const envelope = await (globalThis as unknown as PageGlobals).pos.invoke(
          c as never,
          i as never,
        )
        if (!envelope.ok) throw new Error(envelope.error.message)
        return envelope.value as unknown
      },
      [channel, input] as const,
    ) as Promise<T>
  await page.goto(own.url)
  await completeFirstRun(page, tillName)
  await invoke('shop.create', {
    server: { host: server.host, port: server.port, database: 'postgres', ca: server.ca },
    ownerUser: server.superuser,
    ownerPassword: server.superPassword,
    shopName: 'Corner Shop',
  })
  return {
    server,
    own,
    page,
    invoke,
    close: async () => {
      await page.context().close()
      await own.close()
      server.destroy()
    },
  }
}

/** A charge of `amount` for a new customer, paid in full by a demo transfer, and closed. */
export async function paidCharge(till: ShopTill, amount: string, tag: string): Promise<void> {
  const account = await till.invoke<{ accountReference: string }>('customer.create', {
    name: 'Adaeze Okafor-Nwankwo',
    email: `${tag}.${Date.now()}@example.com`,
    bvn: `2${String(Date.now() % 1e10).padStart(10, '0')}`,
  })
  const charge = await till.invoke<{ id: string }>('charge.open', {
    accountReference: account.accountReference,
    amount,
  })
  await till.invoke('charge.watch', { chargeId: charge.id, waiting: true })
  await till.invoke('demo.simulateTransfer', { accountReference: account.accountReference, amount })
  await expect
    .poll(
      async () =>
        (await till.invoke<{ state: string }>('charge.get', { chargeId: charge.id })).state,
    )
    .not.toBe('open')
}
