// What the gateway answered at each step of a write whose answer was lost (the evidence the
// exactly-once core journals, main/exactly-once/submit.ts) is kept as English, as written
// then. This names such a sentence by key again (`outcome.step`, its noun and the error's
// kind keyed too), so the outcome's "latest answer" and its list of steps read in the till's
// language; a sentence these words do not make stays as written.
import type { Said } from '../ipc/contract'
import { ERROR_WORDS } from './errors'
import { readBack, sentencesOf } from './read-back'

const words = ERROR_WORDS.en.outcome
const STEPS = sentencesOf(words.step, 'outcome.step')
const NOUNS = sentencesOf(words.noun, 'outcome.noun')
const KINDS = sentencesOf(words.kind, 'outcome.kind')

/** The keyed sentence of one step's English, or undefined for words these do not make. */
export function stepSaid(said: string): Said | undefined {
  return readBack(STEPS, said, (name, found) =>
    name === 'noun' ? readBack(NOUNS, found) : name === 'kind' ? readBack(KINDS, found) : undefined,
  )
}
