// The one error map for input the IPC guard refuses (a malformed call, a field the contract
// refuses): every zod issue becomes a keyed sentence (common/words/errors.ts `input`), so a
// French screen says it in French. A message the contract itself gives (`.max(64, 'References
// are at most 64 characters.')`) is found by its English in `input.contract`; zod's own issues
// are keyed by their code, with the numbers they carry. Main's English comes from the same
// table (`english`), through the map passed to every parse of a call's input.
import type * as z from 'zod'
import type { Said } from '../../common/ipc/contract'
import { ERROR_WORDS } from '../../common/words/errors'
import { english } from '../kernel/errors'

/** The contract's own sentences, by their English: "References are…" → "input.contract.…". */
const CONTRACT = new Map<string, string>(
  Object.entries(ERROR_WORDS.en.input.contract).map(([key, text]) => [
    text,
    `input.contract.${key}`,
  ]),
)

type Issue = z.core.$ZodIssue | z.core.$ZodRawIssue

const count = (n: number | bigint): number => Number(n)

/** The keyed sentence of one issue. */
export function zodSaid(issue: Issue): Said {
  const contract = typeof issue.message === 'string' ? CONTRACT.get(issue.message) : undefined
  if (contract) return { key: contract }
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined
        ? { key: 'input.zod.required' }
        : { key: 'input.zod.invalidType' }
    case 'too_small':
      return issue.origin === 'string' || issue.origin === 'array'
        ? { key: 'input.zod.tooShort', params: { count: count(issue.minimum) } }
        : { key: 'input.zod.tooSmall', params: { minimum: String(issue.minimum) } }
    case 'too_big':
      return issue.origin === 'string' || issue.origin === 'array'
        ? { key: 'input.zod.tooLong', params: { count: count(issue.maximum) } }
        : { key: 'input.zod.tooBig', params: { maximum: String(issue.maximum) } }
    case 'invalid_format':
      return { key: 'input.zod.format' }
    case 'invalid_value':
      return { key: 'input.zod.choice' }
    case 'unrecognized_keys':
      return { key: 'input.zod.unknownKeys' }
    default:
      return { key: 'input.zod.invalid' }
  }
}

/** The map given to a parse: zod's own issues worded from the table (the contract's keep theirs). */
export const zodErrorMap = (issue: z.core.$ZodRawIssue): string => english(zodSaid(issue))
