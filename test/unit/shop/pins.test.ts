// The till keys one till believes (main/shop/pins.ts), without a server: a pinned key is never
// replaced, a joining till proves its code only to the till that made it and only once, and
// the first till of a shop is its own first pin. The two-till journeys (a till the database
// owner enrols, a key swapped in the tills table) are in test/integration/shop/shop-tamper.test.ts.
import { describe, expect, it } from 'vitest'
import { newEnrolmentCode, normalizeCode } from '../../../main/shop/enrolment'
import { generateTillKey } from '../../../main/shop/events'
import { joinProof, ShopPins } from '../../../main/shop/pins'
import { MemoryKeychain } from '../shell/helpers'

const pinsOn = (keychain = new MemoryKeychain()) =>
  new ShopPins(keychain, 'Tilldesk shop pinned tills t1', 'Tilldesk shop codes made here t1')

describe('the tills a till believes', () => {
  it('the first till is its own first pin; a joiner waits for one', async () => {
    const first = pinsOn()
    await first.start({ tillId: 'front-aaaaaa', publicKey: 'k1' }, {})
    expect(first.confirmed('front-aaaaaa')).toBe(true)
    const joiner = pinsOn()
    await joiner.start({ tillId: 'back-bbbbbb', publicKey: 'k2' }, { 'front-aaaaaa': 'k1' })
    expect(joiner.confirmed('back-bbbbbb')).toBe(false)
    expect(joiner.key('front-aaaaaa')).toBe('k1')
    expect(await joiner.pin('back-bbbbbb', 'k2')).toBe(true)
    expect(joiner.confirmed('back-bbbbbb')).toBe(true)
  })

  it('never replaces a pinned key, and keeps what it pinned across a restart', async () => {
    const keychain = new MemoryKeychain()
    const pins = pinsOn(keychain)
    await pins.start({ tillId: 'front-aaaaaa', publicKey: 'k1' }, { 'back-bbbbbb': 'k2' })
    expect(await pins.pin('back-bbbbbb', 'evil')).toBe(false)
    expect(await pins.pin('front-aaaaaa', 'evil')).toBe(false)
    const again = pinsOn(keychain)
    await again.load()
    expect(again.keys()).toEqual({ 'front-aaaaaa': 'k1', 'back-bbbbbb': 'k2' })
  })

  it('a joining till proves a code made here, for its own id and key, once', async () => {
    const pins = pinsOn()
    const code = normalizeCode(newEnrolmentCode())
    const now = Date.now()
    await pins.codeMade(code, now)
    const key = generateTillKey().publicKey
    const proof = await joinProof(code, 'back-bbbbbb', key)
    // Another id or key with the same proof, or another code, proves nothing.
    expect(await pins.proves('evil-cccccc', key, proof, now)).toBe(false)
    expect(await pins.proves('back-bbbbbb', 'other', proof, now)).toBe(false)
    const stranger = await joinProof(normalizeCode(newEnrolmentCode()), 'back-bbbbbb', key)
    expect(await pins.proves('back-bbbbbb', key, stranger, now)).toBe(false)
    expect(await pins.proves('back-bbbbbb', key, proof, now)).toBe(true)
    // Spent: a second till can't use the same code's proof.
    expect(await pins.proves('back-bbbbbb', key, proof, now)).toBe(false)
  })

  it('a code made while another is being proved is kept (codes are written one at a time)', async () => {
    // The admin makes the next till's code while the first till's proof is checked (a slow
    // key derivation): the spent code goes, the new one stays, and proves its own till.
    const pins = pinsOn()
    const now = Date.now()
    const first = normalizeCode(newEnrolmentCode())
    await pins.codeMade(first, now)
    const key = generateTillKey().publicKey
    const proving = pins.proves('back-bbbbbb', key, await joinProof(first, 'back-bbbbbb', key), now)
    const second = normalizeCode(newEnrolmentCode())
    await pins.codeMade(second, now)
    expect(await proving).toBe(true)
    const proof = await joinProof(second, 'side-cccccc', key)
    expect(await pins.proves('side-cccccc', key, proof, now)).toBe(true)
  })

  it('a code made here stops proving after its window', async () => {
    const pins = pinsOn()
    const code = normalizeCode(newEnrolmentCode())
    await pins.codeMade(code, 0)
    const proof = await joinProof(code, 'back-bbbbbb', 'k2')
    expect(await pins.proves('back-bbbbbb', 'k2', proof, 8 * 24 * 3_600_000)).toBe(false)
  })
})
