// How a language's screen words and main's document words make one catalogue (catalogue.ts).
// Apart from the JSON so Node code that reads the JSON itself (the e2e tests) builds the same.
// Main's error words (common/words/errors.ts) join the screens' `errors` group the same way.
import type { DocumentWords } from '../../common/words'
import type { ErrorWords } from '../../common/words/errors'

export const withDocuments = <T extends { shift: object; errors: object }>(
  screens: T,
  documents: DocumentWords,
  errors: ErrorWords,
) => ({
  ...screens,
  shift: { ...screens.shift, lines: documents.lines },
  errors: { ...screens.errors, ...errors },
  doc: documents,
})
