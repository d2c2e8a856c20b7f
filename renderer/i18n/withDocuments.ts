// How a language's screen words and main's document words make one catalogue (catalogue.ts).
// Apart from the JSON so Node code that reads the JSON itself (the e2e tests) builds the same.
import type { DocumentWords } from '../../common/words'

export const withDocuments = <T extends { shift: object }>(
  screens: T,
  documents: DocumentWords,
) => ({
  ...screens,
  shift: { ...screens.shift, lines: documents.lines },
  doc: documents,
})
