// The renderer's own words around a failed call (renderer/lib/pos.ts) come from the catalogue:
// a French till showed "Check the highlighted field." and "Something went wrong" in English.
import { afterEach, describe, expect, it } from 'vitest'
import { applyLanguage } from '../../../renderer/i18n'
import { messageOf, PosError, summaryOf } from '../../../renderer/lib/pos'

const withFields = (fields: Record<string, string>) =>
  new PosError({ code: 'invalid_input', message: 'Enter a name.', fields })

afterEach(() => applyLanguage('en'))

describe('words around a failed call', () => {
  it('point at the fields, in the till’s language, one or many', () => {
    expect(summaryOf(withFields({ name: 'Enter a name.' }))).toBe('Check the highlighted field.')
    expect(summaryOf(withFields({ name: 'x', email: 'y' }))).toBe('Check the highlighted fields.')
    applyLanguage('fr')
    expect(summaryOf(withFields({ name: 'x' }))).toBe('Vérifiez le champ signalé.')
    expect(summaryOf(withFields({ name: 'x', email: 'y' }))).toBe('Vérifiez les champs signalés.')
  })

  it('an error that is not a call’s says so in the till’s language; a call’s keeps its message', () => {
    applyLanguage('fr')
    expect(messageOf(new Error('boom'))).toBe('Un problème est survenu. Réessayez.')
    expect(messageOf(withFields({}))).toBe('Enter a name.')
    expect(summaryOf(withFields({}))).toBe('Enter a name.')
  })
})
