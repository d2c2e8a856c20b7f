// HTTP dates (Date, Retry-After). IMF-fixdate, RFC 850 and asctime all start with a day name
// and carry hh:mm:ss; that is checked first because Date.parse alone is lenient ("-5" and
// "1.5" parse as dates).
const HTTP_DATE = /^[A-Za-z]{3,9},? .*\b\d{1,2}:\d{2}:\d{2}\b/

let last: { text: string; ms: number | null } = { text: '', ms: null }

/** Milliseconds since the epoch, or null when the text is not an HTTP date. */
export function parseHttpDate(value: string | null | undefined): number | null {
  if (!value) return null
  // Every response carries a Date with one-second resolution, so consecutive answers mostly
  // repeat the same text: remember the last one instead of parsing it again.
  if (value === last.text) return last.ms
  const ms = HTTP_DATE.test(value.trim()) ? Date.parse(value) : Number.NaN
  last = { text: value, ms: Number.isNaN(ms) ? null : ms }
  return last.ms
}
