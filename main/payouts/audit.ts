// The audit log is the journal itself: every change to every payout, who made it, when and
// why, each record hash-chained to the one before and sealed with the till's device key
// (journal.ts). Viewing and exporting read the whole chain and verify hashes, seals and the
// head kept in the keychain on the way, so what a supervisor sees has been checked; a failure
// is shown in words instead of a partial log passing as whole.
import type {
  AuditEntryView,
  AuditExport,
  AuditVerification,
  AuditView,
} from '../../common/ipc/payouts'
import type { Said } from '../../common/ipc/contract'
import { DOCUMENT_WORDS } from '../../common/words'
import { readBack, sentencesOf } from '../../common/words/read-back'
import { stepSaid } from '../../common/words/steps'
import { problemSaid, STATE_LABEL } from './explain'
import type { ChainedRecord, ChainReport } from './journal'
import type { Outbox } from './outbox'
import type { OutboxRecord } from './records'
import { ACTIONS, NOTES, type NoteKind } from './stateMachine'

const withSaid = (whatSay: Said | undefined) => (whatSay ? { whatSay } : {})

const ATTEMPTS = sentencesOf(DOCUMENT_WORDS.en.payout.attempt, 'doc.payout.attempt')

/** A note's text keyed again from its English: a gateway call, a payout's problem, a step. */
function textSaid(text: string): Said | undefined {
  return (
    readBack(ATTEMPTS, text, (name, found) =>
      name === 'attempt' ? undefined : problemSaid(found),
    ) ??
    problemSaid(text) ??
    stepSaid(text)
  )
}

/**
 * A note's line for the screen's language: the kind of note keyed, its text keyed where these
 * words made it; a text they do not make (an older till's, another till's decision, the
 * gateway's own words) stays as written inside the line. A gateway call is its text alone.
 */
export function noteSaid(note: NoteKind, text: string): Said | undefined {
  const said = textSaid(text)
  if (note === 'attempt') return said
  return {
    key: 'doc.payout.note',
    params: { note: { key: `doc.payout.notes.${note}` }, text: said ?? text },
  }
}

function describe(record: ChainedRecord<OutboxRecord>): AuditEntryView {
  const body = record.body
  const base = {
    seq: record.seq,
    at: record.at,
    who: body.by.name,
    role: body.by.role,
    hash: record.hash,
  }
  switch (body.type) {
    case 'created':
      return {
        ...base,
        reference: body.item.reference,
        what: `Created: ${body.item.accountName}, account ${body.item.accountNumber} (${body.item.bankName})`,
        from: null,
        to: STATE_LABEL.draft,
        why: null,
        toState: 'draft',
        created: {
          name: body.item.accountName,
          account: body.item.accountNumber,
          bank: body.item.bankName,
        },
      }
    case 'action':
      return {
        ...base,
        reference: body.ref,
        what: ACTIONS[body.action].label,
        from: STATE_LABEL[body.from],
        to: STATE_LABEL[body.to],
        why: body.reason,
        action: body.action,
        fromState: body.from,
        toState: body.to,
      }
    case 'note':
      return {
        ...base,
        reference: body.ref,
        what: body.note === 'attempt' ? body.text : `${NOTES[body.note]}: ${body.text}`,
        ...withSaid(noteSaid(body.note, body.text)),
        from: null,
        to: null,
        why: null,
      }
  }
}

function verification(report: ChainReport): AuditVerification {
  return {
    ok: report.ok,
    records: report.records,
    head: report.head.hash,
    problem: report.problem?.message ?? null,
  }
}

/** The log (optionally of one payout), newest first, after checking the whole chain. */
export async function readAudit(
  outbox: Outbox,
  reference?: string,
  limit = 2_000,
): Promise<AuditView> {
  const entries: AuditEntryView[] = []
  const report = await outbox.history((record) => {
    const ref = record.body.type === 'created' ? record.body.item.reference : record.body.ref
    if (reference === undefined || ref === reference) entries.push(describe(record))
  })
  return { entries: entries.reverse().slice(0, limit), verification: verification(report) }
}

/**
 * Every record exactly as journaled: anyone can re-check the hash chain with sha256; the
 * `mac` seals need the device key, so only this till can check those.
 */
export async function exportAudit(outbox: Outbox, now: number): Promise<AuditExport> {
  const lines: string[] = []
  const report = await outbox.history((record) => {
    lines.push(JSON.stringify(record))
  })
  const stamp = new Date(now).toISOString().replace(/[:.]/g, '-')
  return {
    filename: `tilldesk-payouts-audit-${stamp}.jsonl`,
    content: lines.length > 0 ? `${lines.join('\n')}\n` : '',
    mediaType: 'application/x-ndjson',
    verification: verification(report),
  }
}
