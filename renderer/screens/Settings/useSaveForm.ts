// The submit cycle every Settings form shares: busy while saving, the field errors main sends
// back beside their fields, and a success or danger message above the form.
import { useState, type FormEvent } from 'react'
import { fieldsOf, summaryOf } from '../../lib/pos'

export interface FormMessage {
  tone: 'success' | 'danger'
  text: string
}

/**
 * `save` does the work and returns the success message; a failure shows its field errors and
 * summary instead. `always` runs after either, before the form stops being busy.
 */
export function useSaveForm(save: () => Promise<string>, always?: () => void) {
  const [busy, setBusy] = useState(false)
  const [fields, setFields] = useState<Record<string, string>>({})
  const [message, setMessage] = useState<FormMessage | null>(null)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    setFields({})
    setMessage(null)
    try {
      setMessage({ tone: 'success', text: await save() })
    } catch (problem) {
      setFields(fieldsOf(problem))
      setMessage({ tone: 'danger', text: summaryOf(problem) })
    } finally {
      always?.()
      setBusy(false)
    }
  }

  return { busy, setBusy, fields, message, setMessage, submit }
}
