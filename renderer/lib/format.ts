// Display formats every screen shares, so a number reads the same on the till, the approval
// screen and the customer display.

/** NUBAN account numbers read best as 3-3-4 ("901 234 5678"); others in fours. */
export function groupDigits(digits: string): string {
  if (/^\d{10}$/.test(digits))
    return `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ')
}
