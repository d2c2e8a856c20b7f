// The books balance (issue: every naira in exactly one Z-report, and reconciled with the
// gateway): `npm run bench -- books`. Each part of it is a function of its own file.
import { reconcileBooks } from './books-reconcile'

export async function run(): Promise<void> {
  await reconcileBooks()
}
