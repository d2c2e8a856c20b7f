// Why the OS keychain cannot keep API secrets (Settings → API key's banner) came as main's
// English on a French till. The status now carries the same explanation keyed
// (`keychain.<platform>`), said in French with no word of the English catalogue; the details
// the OS gave stay in the English explanation and the log.
import { afterEach, describe, expect, it } from 'vitest'
import { KeytarKeychain } from '../../../main/keychain/keychain'
import { applyLanguage } from '../../../renderer/i18n'
import { saySaid } from '../../../renderer/i18n/errors'
import { englishIn } from '../../support/english-words'

afterEach(() => applyLanguage('en'))

describe('the keychain’s explanation', () => {
  it.each(['linux', 'darwin', 'win32'] as const)(
    'is keyed on %s, and French on a French till',
    async (platform) => {
      const keychain = new KeytarKeychain(() => Promise.reject(new Error('no D-Bus')), platform)
      const status = await keychain.status()
      expect(status.available).toBe(false)
      expect(status.explanation).toContain('no D-Bus')
      expect(status.explanationSay).toBeDefined()
      applyLanguage('fr')
      const shown = saySaid(status.explanationSay, status.explanation!)
      expect(shown).not.toContain('no D-Bus')
      expect(
        englishIn(shown.replace(/GNOME Keyring|KWallet|libsecret|Secret Service/g, '')),
      ).toEqual([])
    },
  )
})
