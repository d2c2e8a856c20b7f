// Pagination rules shared by every list: page defaults to 1, page_size to 10 with a maximum of
// 100 (more is a 400), the {status, data, pagination} envelope, newest first, date bounds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPayment, expectError, expectStatus } from './fixtures'
import { openTarget, type Target } from './target'

let t: Target
beforeAll(async () => {
  t = await openTarget()
})
afterAll(() => t?.close())

const LISTS = [
  '/merchants/transactions',
  '/merchants/virtual-accounts/transactions',
  '/merchants/disbursements',
  '/refunds',
]

type Page = {
  status: boolean
  data: { reference: string; created_at: string }[]
  pagination: { page: number; page_size: number; total_items: number; total_pages: number }
}

describe.each(LISTS)('%s', (path) => {
  it('has the list envelope with page 1 and page_size 10 by default', async () => {
    const res = await t.client.get<Page>(path)
    expectStatus(res, 200)
    expect(res.body.status).toBe(true)
    expect(Array.isArray(res.body.data)).toBe(true)
    expect(res.body.pagination).toMatchObject({ page: 1, page_size: 10 })
    const { total_items, total_pages } = res.body.pagination
    expect(total_pages).toBe(Math.ceil(total_items / 10))
  })

  it('accepts page_size 100', async () => {
    expectStatus(await t.client.get(`${path}?page_size=100`), 200)
  })

  it.each(['page_size=101', 'page_size=0', 'page=0', 'page=abc', 'page_size=2.5'])(
    'rejects %s with a 400',
    async (query) => {
      expectError(await t.client.get(`${path}?${query}`), 400)
    },
  )

  it('rejects a malformed date and an end before the start', async () => {
    expectError(await t.client.get(`${path}?start_date=yesterday`), 400)
    expectError(await t.client.get(`${path}?start_date=2026-02-02&end_date=2026-02-01`), 400)
  })
})

describe('ordering and paging', () => {
  it('lists newest first and pages without overlap', async () => {
    const email = `${t.ref('pager').toLowerCase()}@example.com`
    const made: string[] = []
    for (let i = 0; i < 5; i++) {
      made.push(String((await createPayment(t, { email })).reference))
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
    const query = `customer_email=${encodeURIComponent(email)}&page_size=2`
    const pages = await Promise.all(
      [1, 2, 3].map((page) => t.client.get<Page>(`/merchants/transactions?${query}&page=${page}`)),
    )
    const seen = pages.flatMap((p) => p.body.data.map((d) => d.reference))
    expect(seen).toEqual([...made].reverse())
    expect(pages[0]?.body.pagination).toEqual({
      page: 1,
      page_size: 2,
      total_items: 5,
      total_pages: 3,
    })
    const beyond = await t.client.get<Page>(`/merchants/transactions?${query}&page=9`)
    expectStatus(beyond, 200)
    expect(beyond.body.data).toEqual([])
  })

  it('date bounds are inclusive; a bare date is the whole UTC day', async () => {
    const email = `${t.ref('dates').toLowerCase()}@example.com`
    await createPayment(t, { email })
    const today = t.today()
    const q = `customer_email=${encodeURIComponent(email)}`
    const sameDay = await t.client.get<Page>(
      `/merchants/transactions?${q}&start_date=${today}&end_date=${today}`,
    )
    expect(sameDay.body.pagination.total_items).toBe(1)
    const before = await t.client.get<Page>(`/merchants/transactions?${q}&end_date=2000-01-01`)
    expect(before.body.pagination.total_items).toBe(0)
    const instant = await t.client.get<Page>(
      `/merchants/transactions?${q}&start_date=${encodeURIComponent('2000-01-01T00:00:00+01:00')}`,
    )
    expect(instant.body.pagination.total_items).toBe(1)
  })
})
