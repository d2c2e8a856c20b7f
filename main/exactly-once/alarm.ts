// When the gateway contradicts a person's decision (a refund decided "not refunded" that it
// holds), the gateway wins: the item moves to what it says, the decision stays on record, and
// this alarm, which a supervisor must acknowledge, says what happened in words.
import * as z from 'zod'

export const Alarm = z.object({
  text: z.string(),
  at: z.string(),
  /** Who acknowledged it (their role, where kept), and when; null while it waits. */
  acknowledged: z
    .object({ byId: z.string(), byName: z.string(), byRole: z.string().optional(), at: z.string() })
    .nullable(),
})
export type Alarm = z.infer<typeof Alarm>

/** An entry of any kind keeps the alarm of a decision the gateway overruled as `alarm`. */
export interface Alarmed {
  alarm?: Alarm | null | undefined
}

/** An alarm no supervisor has acknowledged yet: the item stays on the supervisor's list. */
export const awaitsAcknowledgement = (alarm: Alarm | null | undefined): boolean =>
  Boolean(alarm && !alarm.acknowledged)

/** `decidedAs`: "not refunded", "paid"…; `gatewaySays`: the record's status in its words. */
export function overruleAlarm(
  o: Record<'noun' | 'reference' | 'decidedAs' | 'byName' | 'gatewaySays' | 'at', string>,
): Alarm {
  return {
    text: `${o.noun.charAt(0).toUpperCase()}${o.noun.slice(1)} ${o.reference} was marked as ${o.decidedAs} by ${o.byName}, but the gateway now reports it as ${o.gatewaySays}. The till follows the gateway: check with the customer and the gateway before doing anything else, then acknowledge this.`,
    at: o.at,
    acknowledged: null,
  }
}
