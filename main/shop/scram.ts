// A PostgreSQL SCRAM-SHA-256 verifier made on the till (RFC 5802 and RFC 7677, as PostgreSQL
// stores them: `SCRAM-SHA-256$<iterations>:<salt>$<StoredKey>:<ServerKey>`). `ALTER ROLE …
// PASSWORD` and `CREATE ROLE … PASSWORD` take such a verifier as it is, so the password itself
// never travels as SQL text that a server log (log_statement, pgaudit, a failed statement's
// echo) could keep. node:crypto has every piece; the pg driver's own SCRAM code is the client
// side of a login and exports no verifier.
import { createHash, createHmac, pbkdf2Sync, randomBytes } from 'node:crypto'

/** PostgreSQL's own default (scram_iterations). */
const ITERATIONS = 4096

/**
 * The verifier for `password`. Only for passwords of ASCII letters, digits, `-` and `_` (the
 * codes and till passwords Tilldesk makes), which SASLprep leaves as they are.
 */
export function scramVerifier(password: string, salt: Buffer = randomBytes(16)): string {
  if (!/^[A-Za-z0-9_-]+$/.test(password))
    throw new Error('a SCRAM verifier is only made here for passwords Tilldesk generated')
  const salted = pbkdf2Sync(password, salt, ITERATIONS, 32, 'sha256')
  const clientKey = createHmac('sha256', salted).update('Client Key').digest()
  const storedKey = createHash('sha256').update(clientKey).digest()
  const serverKey = createHmac('sha256', salted).update('Server Key').digest()
  return `SCRAM-SHA-256$${ITERATIONS}:${salt.toString('base64')}$${storedKey.toString('base64')}:${serverKey.toString('base64')}`
}
