// Errors a cashier can act on. `code` lets the screen branch; `message` is shown as is;
// `fields` puts a message beside the form field it concerns. An AppError, so the IPC guard
// sends it across as {code, message, fields} and never a stack or a secret.
import type { Said } from '../../common/ipc/contract'
import { AppError, english } from '../kernel/errors'

export type CollectionsErrorCode =
  | 'validation'
  | 'duplicate_reference'
  | 'customer_not_found'
  | 'charge_not_found'
  | 'charge_already_open'
  | 'charge_not_open'
  | 'not_overpaid'
  | 'late_not_found'
  | 'gateway_unavailable'
  | 'gateway_rejected'
  | 'demo_only'
  | 'not_available'
  | 'cannot_check'
  | 'print_failed'
  | 'already_printed'

export class CollectionsError extends AppError {
  constructor(
    override readonly code: CollectionsErrorCode,
    message: string,
    fields?: Record<string, string>,
    say?: Said,
  ) {
    super(code, message, { ...(fields ? { fields } : {}), ...(say ? { say } : {}) })
  }
}

/** A refusal worded from the catalogue (common/words/errors.ts): its English is the table's. */
export const collectionsRefusal = (
  code: CollectionsErrorCode,
  say: Said,
  fields?: Record<string, string>,
): CollectionsError => new CollectionsError(code, english(say), fields, say)
