// What a field says under it, the same way on every form: after the first try at submitting, the
// field's own rule checked against what is in it now, so the error goes the moment the value
// fits (not at the next press of the button); and main's refusal for the field only while the
// field still holds the value main refused. The form itself then adds no banner for it: a
// refusal is said once, beside the field the person is looking at.
import type { FieldHint, FieldProblem } from '../../common/rules'
import { sayRule } from '../i18n/rules'
import { fieldsOf } from './pos'

/** Main's word on one field, with the value it was given. */
export interface Refusal {
  value: string
  text: string
}

export function fieldError(
  value: string,
  tried: boolean,
  problem: FieldProblem | null,
  refusal?: Refusal | undefined,
): string | undefined {
  if (tried && problem) return sayRule(problem)
  if (refusal && refusal.value === value) return refusal.text
  return undefined
}

/** Main's field errors, each kept with the value that field had when it was sent. */
export function refusalsOf(
  error: unknown,
  values: Readonly<Record<string, string>>,
): Record<string, Refusal> {
  return Object.fromEntries(
    Object.entries(fieldsOf(error)).map(([field, text]) => [
      field,
      { value: values[field] ?? '', text },
    ]),
  )
}

/** A hint from a rule, with the place's own words after it ("6 to 8 digits. You type it…"). */
export const hintOf = (hint: FieldHint, more?: string): string =>
  more ? `${sayRule(hint)} ${more}` : sayRule(hint)
