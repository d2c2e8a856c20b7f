// Sends a write whose merchant reference was fixed beforehand, and settles an unknown outcome
// only by the gateway's answer for that reference (payments, refunds, debits, mandates).
//
// The rules (docs/gateway-client.md, "After an unknown outcome"):
// - A definite refusal of the only request is thrown, so the caller can forget its entry.
// - Once any attempt's outcome was lost, the write stays unknown until a lookup finds the
//   record. A refusal of a resend or a 404 that is not a JSON "no such record" settles nothing.
// - The lookup that may lead to a resend waits `verifyAfterMs` after the lost request, which
//   may still be on its way; a lookup straight after a timeout would read "absent" too early.
// - A 2xx, and a 409 that says the reference is taken, mean a record with our reference
//   exists: look it up, never send again. Any other 409 (a mandate not active) is a refusal.
// - A resend needs the environment to have shown it keeps our reference (trust.ts); after
//   `windowMs` of not knowing, a person decides (`review`), with the evidence.
import * as z from 'zod'
import { lookupFailure, writeFailure } from '../gateway/classify'
import { GatewayError } from '../gateway/errors'
import { keepEvidence } from '../gateway/evidence'
import { english } from '../kernel/errors'

/** Why a write's fate is not known; kept in the caller's journal entry. */
export const Uncertainty = z.object({
  since: z.string(),
  /** When the latest request whose answer was lost went off; null when none is in flight. */
  lastUnknownAt: z.string().nullable(),
  /** The gateway refused a resend: only look up from now on. */
  resendRefused: z.boolean(),
  /** The gateway said (409, or an unreadable 2xx) the record exists: never send again. */
  existsSaid: z.boolean(),
  /** What the till tried meanwhile, and what the gateway said. */
  steps: z.array(z.object({ at: z.string(), call: z.enum(['send', 'lookup']), said: z.string() })),
  /** Set when the window ran out: why a person must decide, in words. */
  review: z.string().nullable(),
})
export type Uncertainty = z.infer<typeof Uncertainty>

export type SubmitOutcome<S, L> =
  | { outcome: 'sent'; value: S }
  /** The write's answer was lost, but the record exists: here it is. */
  | { outcome: 'found'; value: L }
  /** Not known whether the write happened; follow it up with pursueByReference. */
  | { outcome: 'unknown'; error: GatewayError; uncertainty: Uncertainty }

export interface SubmitOptions<S, L> {
  send: () => Promise<S>
  lookup: () => Promise<L>
  /** The record in words, for the evidence: "refund", "payment". */
  noun: string
  now?: () => number
}

/**
 * One send. Definite refusals of it (validation, auth, rate limit, not sent at all, a state
 * conflict whose record the lookup confirms absent) are thrown as the GatewayError.
 */
export async function submitByReference<S, L>(
  options: SubmitOptions<S, L>,
): Promise<SubmitOutcome<S, L>> {
  const { noun, now = Date.now } = options
  try {
    return { outcome: 'sent', value: await options.send() }
  } catch (thrown) {
    const at = now()
    const { error, failure, u } = sendFailed(fresh(at), thrown, noun, at)
    // The request may still be on its way: no lookup now (pursueByReference waits).
    if (failure === 'unknown' && error.kind !== 'bad_response')
      return { outcome: 'unknown', error, uncertainty: u }
    if (failure !== 'unknown' && failure !== 'exists') throw error
    // A 409, or a 2xx we could not read: the record exists; nothing of ours is in flight.
    const exists = { ...u, existsSaid: true, lastUnknownAt: null }
    const looked = await look(options.lookup, noun)
    if (looked.kind === 'found') return { outcome: 'found', value: looked.value }
    const uncertainty = withStep(exists, { at: iso(now()), call: 'lookup', said: looked.said })
    return { outcome: 'unknown', error, uncertainty }
  }
}

export type PursuitStep<S, L> =
  | { kind: 'found'; value: L }
  /** The gateway said it had none, and the resend (same reference) was answered. */
  | { kind: 'sent'; value: S }
  /** Still unknown: keep the new evidence and ask again later. */
  | { kind: 'waiting'; uncertainty: Uncertainty }
  /** The window ran out: a person must decide (uncertainty.review says why). */
  | { kind: 'review'; uncertainty: Uncertainty }

export interface PursuitOptions<S, L> extends Omit<SubmitOptions<S, L>, 'send'> {
  uncertainty: Uncertainty
  /** The same request with the same reference. */
  resend: () => Promise<S>
  now: () => number
  verifyAfterMs: number
  windowMs: number
  /** Look up before `verifyAfterMs` too (a person waits): "absent" that early proves nothing. */
  lookEarly?: boolean
  /**
   * Journals the evidence with the resend in flight just before it leaves (resolving once on
   * disk), so a restart waits for it to land and a decision is fenced off until it can't; false
   * when the entry may no longer be sent (a person decided meanwhile): then nothing leaves.
   */
  beforeResend?: (inFlight: Uncertainty) => boolean | Promise<boolean>
  /** False until the environment has shown it keeps our reference: lookups only, no resend. */
  mayResend?: () => boolean
}

/** One follow-up of an unknown write: look up, resend only on a JSON "no such record". */
export async function pursueByReference<S, L>(
  options: PursuitOptions<S, L>,
): Promise<PursuitStep<S, L>> {
  let u = options.uncertainty
  const at = options.now()
  const early = u.lastUnknownAt !== null && at < Date.parse(u.lastUnknownAt) + options.verifyAfterMs
  const looked = early && !options.lookEarly ? null : await look(options.lookup, options.noun)
  if (looked?.kind === 'found') return { kind: 'found', value: looked.value }
  if (early || !looked) return { kind: 'waiting', uncertainty: u }
  u = withStep(u, { at: iso(at), call: 'lookup', said: looked.said })
  const resendable = looked.kind === 'absent' && !u.resendRefused && !u.existsSaid
  const trusted = options.mayResend?.() ?? true
  // Said once: every step of it is kept like a send's, and one per round would crowd the
  // lookups' answers, what a supervisor decides on, out of the evidence.
  const held = untrusted(options.noun)
  if (resendable && !trusted && !u.steps.some((step) => step.said === held))
    u = withStep(u, { at: iso(options.now()), call: 'send', said: held })
  if (resendable && trusted) {
    const inFlight = { ...u, lastUnknownAt: iso(options.now()) }
    if (options.beforeResend && !(await options.beforeResend(inFlight)))
      return { kind: 'waiting', uncertainty: u }
    try {
      return { kind: 'sent', value: await options.resend() }
    } catch (thrown) {
      // auth, rate limit, not sent: nothing happened; the next round tries again. An answered
      // resend can no longer land, so `u` keeps the earlier lost request's time.
      u = sendFailed(u, thrown, options.noun, options.now(), true).u
    }
  }
  if (at - Date.parse(u.since) >= options.windowMs)
    return { kind: 'review', uncertainty: reviewOf(u, options.noun) }
  return { kind: 'waiting', uncertainty: u }
}

/**
 * The evidence once the window to find out is over: why a supervisor must decide, in words.
 * Also for a follow-up that ends before its last lookup could see the window close.
 */
export function reviewOf(u: Uncertainty, noun: string): Uncertainty {
  if (u.review) return u
  const last = u.steps.at(-1)?.said ?? 'no answer'
  return {
    ...u,
    review: `The till could not find out from the gateway whether this ${noun} went through (last answer: ${last}) It may or may not have happened. Don't do it again: a supervisor checks this reference with the gateway and decides.`,
  }
}

const stopped = english({ key: 'outcome.step.stopped' })

/** An entry written before its request went out and found so after a restart. */
export function uncertaintyAfterRestart(at: string): Uncertainty {
  return {
    ...fresh(Date.parse(at)),
    lastUnknownAt: at,
    steps: [{ at, call: 'send', said: stopped }],
  }
}

/**
 * A first send that failed on something of the till's own (a disk write locked for a moment, a
 * listener) once the gateway was opened: the request may have gone, so it is kept unknown with
 * this evidence. Null for a GatewayError saying the write was not carried out (the only errors
 * submitByReference throws for the gateway's answer): nothing exists there to follow.
 */
export function lostToTheTill(at: number, error: unknown): Uncertainty | null {
  if (error instanceof GatewayError && writeFailure(error) !== 'unknown') return null
  const when = iso(at)
  const what = error instanceof Error ? error.name : typeof error
  const said = english({ key: 'outcome.step.ownProblem', params: { what } })
  return { ...fresh(at), lastUnknownAt: when, steps: [{ at: when, call: 'send', said }] }
}

/** A lookup's record of ours, or what its answer said in words (evidence). */
type Looked<L> = { kind: 'found'; value: L } | { kind: 'absent' | 'failed'; said: string }

/** What the till fills in for an error it concluded itself, with no gateway answer to quote. */
export const concluded = {
  status: null,
  gatewayMessage: null,
  code: null,
  path: '',
  capability: null,
  retryable: false,
  retryPolicy: 'safe',
  outcomeUnknown: false,
} as const

/**
 * A failure that is not the gateway answering (a fetch implementation, a listener or a logger
 * throwing once the request may have gone) says nothing about the record: it is a lost answer.
 */
function asGatewayError(error: unknown): GatewayError {
  if (error instanceof GatewayError) return error
  return new GatewayError({
    ...concluded,
    kind: 'network',
    endpoint: 'unknown',
    method: 'POST',
    retryPolicy: 'by_reference',
    outcomeUnknown: true,
    detail: error instanceof Error ? error.name : typeof error,
    cause: error,
  })
}

/** A lookup answered with another reference's record: an answer that tells nothing of ours. */
export const foreignAnswer = (noun: string): GatewayError =>
  new GatewayError({
    ...concluded,
    kind: 'bad_response',
    status: 200,
    endpoint: 'lookup',
    method: 'GET',
    detail: `it is the record of another ${noun}, with another reference`,
  })

async function look<L>(lookup: () => Promise<L>, noun: string): Promise<Looked<L>> {
  try {
    return { kind: 'found', value: await lookup() }
  } catch (thrown) {
    const error = asGatewayError(thrown)
    if (lookupFailure(error) === 'absent')
      return { kind: 'absent', said: `The gateway says it has no ${noun} with this reference.` }
    return { kind: 'failed', said: saidOfLookup(error, noun) }
  }
}

const iso = (ms: number): string => new Date(ms).toISOString()

const untrusted = (noun: string): string =>
  english({ key: 'outcome.step.notTrusted', params: { noun } })

function fresh(at: number): Uncertainty {
  return {
    since: iso(at),
    lastUnknownAt: null,
    resendRefused: false,
    existsSaid: false,
    steps: [],
    review: null,
  }
}

function withStep(u: Uncertainty, step: Uncertainty['steps'][number]): Uncertainty {
  return { ...u, steps: keepEvidence(u.steps, step) }
}

const quoted = (error: GatewayError): string =>
  error.gatewayMessage ? ` The gateway said: "${error.gatewayMessage}".` : ''

/** A send that threw: the error as the gateway's, what it means, and `u` with what it shows. */
function sendFailed(u: Uncertainty, thrown: unknown, noun: string, at: number, resend = false) {
  const error = asGatewayError(thrown)
  const failure = writeFailure(error)
  u = withStep(u, { at: iso(at), call: 'send', said: saidOfWrite(error, noun, resend) })
  if (failure === 'exists') u = { ...u, existsSaid: true }
  else if (failure === 'refused') u = { ...u, resendRefused: true }
  else if (failure === 'unknown') u = { ...u, lastUnknownAt: iso(at) }
  return { error, failure, u }
}

function saidOfWrite(error: GatewayError, noun: string, resend: boolean): string {
  switch (writeFailure(error)) {
    case 'exists':
      // A 2xx whose body could not be read: the gateway took it (classify.ts, writeFailure).
      if (error.kind === 'bad_response')
        return `The gateway accepted it (HTTP ${error.status ?? '2xx'}) but its answer could not be read${error.detail ? ` (${error.detail})` : ''}; the ${noun} exists.`
      return `The gateway says a ${noun} with this reference already exists (HTTP ${error.status ?? 409}).${quoted(error)}`
    case 'refused':
      return resend
        ? `The gateway refused to take it again (HTTP ${error.status ?? '?'}).${quoted(error)} That does not show the first attempt failed.`
        : `The gateway refused it (HTTP ${error.status ?? '?'}).${quoted(error)}`
    case 'unknown':
      if (error.kind === 'timeout')
        return `The gateway did not answer in time${error.status === 408 ? ' (HTTP 408)' : ''}; it may or may not have taken the ${noun}.`
      return `The gateway's answer was lost (${error.kind}${error.status ? `, HTTP ${error.status}` : ''}); it may or may not have taken the ${noun}.`
    default:
      return `The request was not processed (${error.kind}).${quoted(error)}`
  }
}

function saidOfLookup(error: GatewayError, noun: string): string {
  if (error.kind === 'not_found')
    return `The gateway answered "not found" (HTTP ${error.status ?? 404}) without saying whether it has this ${noun}.`
  if (error.kind === 'bad_response' && error.detail)
    return `The gateway's answer does not tell about this ${noun} (${error.detail}).`
  return `The gateway could not be asked (${error.kind}${error.status ? `, HTTP ${error.status}` : ''}).`
}
