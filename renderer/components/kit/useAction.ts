// One action behind a button (check again, cancel, export, switch): busy while it runs, and
// what went wrong in words afterwards. A new run clears the last problem.
import { useCallback, useState } from 'react'
import { messageOf } from '../../lib/pos'

/** `describe` turns a failure into words (main's message unless told). */
export function useAction(describe: (problem: unknown) => string = messageOf) {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  /** Runs `work`; true when it succeeded, false when its problem is now in `error`. */
  const run = useCallback(
    async (work: () => Promise<unknown>): Promise<boolean> => {
      setBusy(true)
      setError(null)
      try {
        await work()
        return true
      } catch (problem) {
        setError(describe(problem))
        return false
      } finally {
        setBusy(false)
      }
    },
    [describe],
  )
  return { busy, error, setError, run }
}
