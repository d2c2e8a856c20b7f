// Settings' integrity finding for another till's event this till refused came as main's English
// on a French till ("shop server", "event … from …", "The event could not be read.", "It was not
// applied on this till."). Each part now comes keyed beside the same English and says it in
// French with no word of the English catalogue; an engineer's detail stays in the English only.
import { describe, expect, it } from 'vitest'
import type { Said } from '../../../common/ipc/contract'
import { ERROR_WORDS } from '../../../common/words/errors'
import { sayIn } from '../../../common/words/said'
import { english } from '../../../main/kernel/errors'
import { refusedFinding, type RefusedEvent } from '../../../main/shop/sync'
import { englishIn } from '../../support/english-words'

const WHY: RefusedEvent['why'][] = [
  'bad_signature',
  'gap',
  'unknown_till',
  'unpinned',
  'malformed',
  'not_admin',
]
const EVENT = '00000000-0000-4000-8000-000000000007'
const TILL = 'till-b'

function expectFrench(said: Said | undefined) {
  expect(said).toBeDefined()
  const french = sayIn(ERROR_WORDS.fr, said!, 'fr-CI')!
  expect(french).toBeDefined()
  expect(englishIn(french.split(EVENT).join(' ').split(TILL).join(' ')), french).toEqual([])
}

describe('a refused event’s integrity finding', () => {
  it.each(WHY)('is keyed for %s, its English as before, in French with no English word', (why) => {
    const finding = refusedFinding({ serverSeq: 7, tillId: TILL, eventId: EVENT, why })
    expect(finding.file).toBe('shop server')
    expect(finding.record).toBe(`event ${EVENT} from ${TILL}`)
    expect(finding.consequence).toBe('It was not applied on this till.')
    for (const [text, say] of [
      [finding.file, finding.fileSay],
      [finding.record, finding.recordSay],
      [finding.problem, finding.problemSay],
      [finding.consequence, finding.consequenceSay],
    ] as const) {
      expect(english(say!)).toBe(text)
      expectFrench(say)
    }
  })

  it('keeps an engineer’s detail in the English only', () => {
    const finding = refusedFinding(
      { serverSeq: 7, tillId: TILL, eventId: EVENT, why: 'not_admin' },
      'signed by a cashier',
    )
    expect(finding.problem).toMatch(/ Here: signed by a cashier\.$/)
    expect(finding.problemSay).toEqual({ key: 'shop.finding.problem.not_admin' })
  })
})
