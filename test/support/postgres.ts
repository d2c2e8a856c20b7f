// A real, throwaway PostgreSQL for the shop-mode tests and the shop-sync bench: initdb in a
// temporary folder, TLS on with a self-signed certificate made for the run, listening on
// 127.0.0.1 at a free port. PostgreSQL refuses to run as root, so when the tests run as root
// (CI) the server runs as the unprivileged `postgres` user that Debian's package creates.
// Nothing here mocks the database: the tills' code talks to this server over TLS.
import { execFileSync, spawnSync } from 'node:child_process'
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export interface ThrowawayPostgres {
  host: string
  port: number
  /** The superuser's name (the cluster's owner). */
  superuser: string
  superPassword: string
  /** PEM of the server's self-signed certificate: the CA the tills pin. */
  ca: string
  /** Stops the server (fast shutdown). Start it again with `restart`. */
  stop(): void
  /** Starts a stopped server on the same port and data. */
  restart(): void
  /** Stops the server and deletes every file. */
  destroy(): void
}

/** The folder of PostgreSQL's server programs, or null with the reason. */
export function findPostgresBin(): { bin: string } | { reason: string } {
  const fromEnv = process.env.TILLDESK_PG_BIN
  if (fromEnv && existsSync(join(fromEnv, 'initdb'))) return { bin: fromEnv }
  const root = '/usr/lib/postgresql'
  if (existsSync(root)) {
    const versions = readdirSync(root)
      .filter((name) => /^\d+$/.test(name))
      .sort((a, b) => Number(b) - Number(a))
    for (const version of versions) {
      const bin = join(root, version, 'bin')
      if (existsSync(join(bin, 'initdb')) && existsSync(join(bin, 'pg_ctl'))) return { bin }
    }
  }
  return {
    reason:
      'PostgreSQL server programs are not installed (Debian: apt-get install postgresql); .ci/run installs them',
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0

/** Runs a PostgreSQL program as the unprivileged user when we are root. */
function runAs(program: string, args: string[]): void {
  const [command, argv] = isRoot
    ? ['runuser', ['-u', 'postgres', '--', program, ...args]]
    : [program, args]
  const result = spawnSync(command, argv, { encoding: 'utf8' })
  if (result.status !== 0) {
    throw new Error(
      `${program} ${args[0] ?? ''} failed (${result.status}): ${(result.stderr || result.stdout).slice(-800)}`,
    )
  }
}

/**
 * Why the PostgreSQL tests skip here, or null when they run. CI installs PostgreSQL
 * (.ci/run), so there a missing server is a failure, not a skip.
 */
export function postgresSkipReason(): string | null {
  const found = findPostgresBin()
  return 'bin' in found || process.env.CI ? null : found.reason
}

export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const found = findPostgresBin()
  if (!('bin' in found)) throw new Error(found.reason)
  const { bin } = found
  const dir = mkdtempSync(join(tmpdir(), 'tilldesk-pg-'))
  const data = join(dir, 'data')
  const superuser = 'shop_owner'
  const superPassword = `pw-${process.pid}-${Date.now().toString(36)}`
  const pwFile = join(dir, 'pw')
  writeFileSync(pwFile, superPassword, { mode: 0o600 })
  if (isRoot) {
    execFileSync('chown', ['-R', 'postgres:postgres', dir])
    chmodSync(dir, 0o700)
  }
  runAs(join(bin, 'initdb'), [
    '-D',
    data,
    '-U',
    superuser,
    `--pwfile=${pwFile}`,
    '--auth-local=scram-sha-256',
    '--auth-host=scram-sha-256',
    '-E',
    'UTF8',
    '--no-sync',
  ])
  // A certificate for 127.0.0.1 made for this run; the tills pin it as their CA.
  const key = join(data, 'server.key')
  const crt = join(data, 'server.crt')
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
      '-keyout',
      key,
      '-out',
      crt,
    ],
    { stdio: 'ignore' },
  )
  if (isRoot) execFileSync('chown', ['postgres:postgres', key, crt])
  chmodSync(key, 0o600)
  const ca = execFileSync('cat', [crt], { encoding: 'utf8' })
  // Only TLS connections from loopback are accepted, with passwords (SCRAM).
  writeFileSync(
    join(data, 'pg_hba.conf'),
    'hostssl all all 127.0.0.1/32 scram-sha-256\nhostnossl all all 0.0.0.0/0 reject\n',
  )
  if (isRoot) execFileSync('chown', ['postgres:postgres', join(data, 'pg_hba.conf')])
  const port = await freePort()
  const options = [
    `-p ${port}`,
    '-c listen_addresses=127.0.0.1',
    `-c unix_socket_directories=${dir}`,
    '-c ssl=on',
    '-c fsync=off',
    '-c max_connections=120',
  ].join(' ')
  const start = () =>
    runAs(join(bin, 'pg_ctl'), [
      '-D',
      data,
      '-o',
      options,
      '-l',
      join(dir, 'server.log'),
      '-w',
      'start',
    ])
  const stop = () => runAs(join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop'])
  start()
  let running = true
  return {
    host: '127.0.0.1',
    port,
    superuser,
    superPassword,
    ca,
    stop() {
      if (running) stop()
      running = false
    },
    restart() {
      if (!running) start()
      running = true
    },
    destroy() {
      try {
        if (running) stop()
      } finally {
        running = false
        rmSync(dir, { recursive: true, force: true })
      }
    },
  }
}
