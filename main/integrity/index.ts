// Keyed integrity for everything that carries authority or money: staff records, authority
// settings, every journal. The API, for any store that needs it:
//
//   const integrity = await IntegrityService.open({ keychain, log })   // once, at start
//   integrity.till()                 Sealer for till-wide records (staff, settings, policy)
//   integrity.sealer(environment)    Sealer for that environment's journals and approvals
//   await integrity.openJournal(environment, 'z-reports')   → { sealer, anchor }
//   integrity.requireProtected(environment)   throws, in words, for Sandbox/Live without keychain
//   integrity.findings.report(keyedFinding({ area, file, record, problem, consequence }))
//     each part a Said of `integrity.*` (common/words/integrity.ts) beside main's English
//
//   sealer.seal(domain, value) / sealer.check(domain, value, seal)   HMAC-SHA256, canonical JSON
//   new LineChain(journalSeal, domain, head).line(body) → one sealed JSON line; .written() after
//     the fsync records the new head in the keychain
//   readSealedLines(text, { file, domain, seal }) → records; throws JournalIntegrityError on
//     anything but a torn last line, a bad seal, a gap, or a head that doesn't match the keychain
//
// Each store decides what a failed check means for it (never acting on the record), reports
// it here in words, and keeps the file as it is. The admin reads the list over IPC
// (`settings.integrity`). See docs/security.md, "Keyed integrity".
export { ChainAnchor, type ChainHead } from './anchor'
export {
  checkHead,
  GENESIS,
  JournalIntegrityError,
  journalSaid,
  LineChain,
  readSealedLines,
  SealedLineReader,
  type ReadLine,
  type ReadLines,
  type SealedLine,
} from './chain'
export {
  IntegrityFindings,
  keyedFinding,
  type FindingInput,
  type FindingWords,
  type IntegrityFinding,
} from './findings'
export { Sealer } from './seal'
export {
  IntegrityService,
  KNOWN_JOURNALS,
  mayAdopt,
  NOT_ADOPTED,
  type IntegrityOptions,
  type JournalSeal,
  type Protection,
} from './service'
export { SealedFile, SEALED_FILE_FORMAT, type SealedRead } from './sealed-file'
export { sealedDocument, openSealedDocument, type SealedDocument } from './document'
