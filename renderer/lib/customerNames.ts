// Customers by name, not by a reference like TD-MWT…: looks a reference up once among the
// customers main knows (customer.search, answered from the till's own records) and remembers
// the name for every list that shows the same account.
import { useEffect, useState } from 'react'
import { call } from './pos'

const names = new Map<string, string | null>()
const asked = new Map<string, Promise<string | null>>()

function lookUp(reference: string): Promise<string | null> {
  let pending = asked.get(reference)
  if (!pending) {
    pending = call('customer.search', { query: reference, limit: 5 }).then(
      (found) => {
        const name = found.find((c) => c.accountReference === reference)?.name ?? null
        names.set(reference, name)
        return name
      },
      // Not known, or the search failed: the reference is shown as it is.
      () => null,
    )
    asked.set(reference, pending)
  }
  return pending
}

/** The customer's name for an account reference, or null while unknown. */
export function useCustomerName(reference: string): string | null {
  const [name, setName] = useState<string | null>(() => names.get(reference) ?? null)
  useEffect(() => {
    if (names.has(reference)) return
    let live = true
    void lookUp(reference).then((found) => live && found !== null && setName(found))
    return () => {
      live = false
    }
  }, [reference])
  return names.get(reference) ?? name
}
