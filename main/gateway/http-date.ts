// HTTP dates (Date, Retry-After). IMF-fixdate, RFC 850 and asctime all start with a day name
// and carry hh:mm:ss; that is checked first because Date.parse alone is lenient ("-5" and
// "1.5" parse as dates).
const HTTP_DATE = /^[A-Za-z]{3,9},? .*\b\d{1,2}:\d{2}:\d{2}\b/

/** Milliseconds since the epoch, or null when the text is not an HTTP date. */
export function parseHttpDate(value: string | null | undefined): number | null {
  if (!value || !HTTP_DATE.test(value.trim())) return null
  const ms = Date.parse(value)
  return Number.isNaN(ms) ? null : ms
}
