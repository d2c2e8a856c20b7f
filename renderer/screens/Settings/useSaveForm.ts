// The submit cycle every Settings form shares: busy while saving, the field errors main sends
// back beside their fields, and a success or danger message above the form. A refusal is said
// once: beside the fields it names (no "check the highlighted fields" above them), or above the
// form when it names none.
import { useState, type FormEvent } from 'react'
import { fieldsOf, messageOf } from '../../lib/pos'

export interface FormMessage {
  tone: 'success' | 'danger'
  text: string
}

/**
 * `save` does the work and returns the success message; a failure shows its field errors
 * instead (or main's message when it names no field, or when the form has no fields to show
 * them: `fieldsShown` false). `always` runs after either, before the form stops being busy.
 */
export function useSaveForm(
  save: () => Promise<string>,
  always?: () => void,
  { fieldsShown = true }: { fieldsShown?: boolean } = {},
) {
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
      const named = fieldsOf(problem)
      setFields(named)
      if (!fieldsShown || Object.keys(named).length === 0)
        setMessage({ tone: 'danger', text: messageOf(problem) })
    } finally {
      always?.()
      setBusy(false)
    }
  }

  return { busy, setBusy, fields, message, setMessage, submit }
}
