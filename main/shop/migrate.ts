// A small migration runner for the shop's PostgreSQL: versioned migrations in
// main/shop/migrations/, each applied once, in order, in its own transaction, under an
// advisory lock so two tills starting at once can't both apply one. The text of every applied
// migration is checksummed; a database that ran a different text for a version is refused
// rather than silently drifting. (A general tool such as node-pg-migrate was weighed: it wants
// migration files on disk at run time and a CLI, while the packaged app bundles its code, and
// this is about sixty lines with tests against a real server.)
import { createHash } from 'node:crypto'
import type { ClientBase } from 'pg'
import { migration as m0001 } from './migrations/0001-shop'
import { migration as m0002 } from './migrations/0002-shop-pepper'
import { migration as m0003 } from './migrations/0003-relay-events'
import { migration as m0004 } from './migrations/0004-payout-holds'

export interface Migration {
  version: number
  name: string
  sql: string
}

export const migrations: readonly Migration[] = [m0001, m0002, m0003, m0004]

const LOCK_KEY = 7243100000

const checksum = (sql: string) => createHash('sha256').update(sql, 'utf8').digest('hex')

export class MigrationMismatchError extends Error {
  constructor(version: number) {
    super(
      `The shop database ran a different migration ${version} than this version of Tilldesk ships. ` +
        'Do not connect this till until the versions are reconciled.',
    )
    this.name = 'MigrationMismatchError'
  }
}

/** Applies what is missing; returns the versions applied now. */
export async function migrate(
  client: ClientBase,
  list: readonly Migration[] = migrations,
): Promise<number[]> {
  await client.query('select pg_advisory_lock($1)', [LOCK_KEY])
  try {
    await client.query(`create table if not exists schema_migrations (
      version integer primary key,
      name text not null,
      checksum text not null,
      applied_at timestamptz not null default now())`)
    const done = new Map<number, string>()
    for (const row of (await client.query('select version, checksum from schema_migrations')).rows)
      done.set(Number(row.version), String(row.checksum))
    const applied: number[] = []
    for (const m of [...list].sort((a, b) => a.version - b.version)) {
      const sum = checksum(m.sql)
      const seen = done.get(m.version)
      if (seen !== undefined) {
        if (seen !== sum) throw new MigrationMismatchError(m.version)
        continue
      }
      await client.query('begin')
      try {
        await client.query(m.sql)
        await client.query(
          'insert into schema_migrations (version, name, checksum) values ($1, $2, $3)',
          [m.version, m.name, sum],
        )
        await client.query('commit')
      } catch (error) {
        await client.query('rollback')
        throw error
      }
      applied.push(m.version)
    }
    return applied
  } finally {
    await client.query('select pg_advisory_unlock($1)', [LOCK_KEY])
  }
}
