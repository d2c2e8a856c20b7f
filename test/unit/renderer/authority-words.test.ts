// Settings' "Confirm these settings": why the authority settings are not trusted, and why what
// changed cannot be shown, came as main's English on a French till. Main now words them from
// `settings.trust` and the review carries them keyed, so a French Settings says them in French
// with no word of the English catalogue.
import { afterEach, describe, expect, it } from 'vitest'
import type { Said } from '../../../common/ipc/contract'
import { english } from '../../../main/kernel/errors'
import { trustProblemSaid } from '../../../main/settings/authority'
import { applyLanguage } from '../../../renderer/i18n'
import { saySaid } from '../../../renderer/i18n/errors'
import { englishIn } from '../../support/english-words'

afterEach(() => applyLanguage('en'))

const PROBLEMS: Said[] = [
  { key: 'settings.trust.noSeals' },
  { key: 'settings.trust.changed' },
  { key: 'settings.trust.older', params: { generation: 4, seq: 7 } },
  { key: 'settings.trust.replaced' },
]

describe('why the settings are not trusted', () => {
  it.each(PROBLEMS.map((said) => [said.key, said] as const))(
    'reads %s back by key from main’s English, and says it in French',
    (_, said) => {
      const text = english(said)
      const read = trustProblemSaid(text)
      expect(read?.key).toBe(said.key)
      expect(english(read!)).toBe(text)
      applyLanguage('fr')
      const shown = saySaid(trustProblemSaid(text), text)
      expect(shown).not.toBe(text)
      expect(englishIn(shown)).toEqual([])
    },
  )

  it('says why what changed cannot be shown in French, the file named', () => {
    for (const said of [
      { key: 'settings.trust.noCopy' },
      { key: 'settings.trust.copyDamaged', params: { file: 'authority.sealed.json' } },
    ]) {
      applyLanguage('fr')
      const shown = saySaid(said, english(said))
      expect(englishIn(shown.replace('authority.sealed.json', ' '))).toEqual([])
    }
  })

  it('keeps a sentence its words did not make as written', () => {
    expect(trustProblemSaid('Someone else wrote this.')).toBeUndefined()
  })
})
