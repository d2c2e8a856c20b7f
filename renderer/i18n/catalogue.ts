// The renderer's whole catalogue per language: the screens' words (en.json, fr.json) and main's
// words for documents and its error words (common/words), which the screens show too (a report's lines, what is
// carried over). main and the renderer read those from the one source; here they join the
// screens' words so `t('shift.lines.…')` and `t('doc.…')` work like any other key.
import { DOCUMENT_WORDS } from '../../common/words'
import { ERROR_WORDS } from '../../common/words/errors'
import en from './en.json'
import fr from './fr.json'
import { withDocuments } from './withDocuments'

export const catalogue = {
  en: withDocuments(en, DOCUMENT_WORDS.en, ERROR_WORDS.en),
  fr: withDocuments(fr, DOCUMENT_WORDS.fr, ERROR_WORDS.fr),
}
