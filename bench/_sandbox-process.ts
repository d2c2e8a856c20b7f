// The Demo gateway in a process of its own, for benches that measure the till's memory: the
// embedded sandbox keeps every transfer, charge and payout of the day in the till's process,
// so its growth would be read as the till's. `startDemoProcess` is a StartDemoGateway: the
// till hands it the key it generated, as it hands it to the embedded one. Each gateway's clock
// moves with the till's (`advanceDemoClocks`, bench/_day-clock.ts), so records, its Date header
// and its signature window stay on the till's calendar.
// First: the gateway's modules must load on the moved clock.
import { advanceDayClock } from './_day-clock'
import { spawn } from 'node:child_process'
import { ServerResponse } from 'node:http'
import { createInterface, type Interface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import type { StartDemoGateway } from '../main/environment/demo'
import { startSandbox } from '../sandbox'

const SELF = fileURLToPath(import.meta.url)
const CHILD_FLAG = '--sandbox-child'

/** Starts the sandbox in a child process (same node, same loader) and returns its address. */
export const startDemoProcess: StartDemoGateway = async ({ key }) => {
  const child = spawn(process.execPath, [...process.execArgv, SELF, CHILD_FLAG], {
    // The secret goes through the environment of our own child, never argv (visible in ps).
    env: { ...process.env, BENCH_SANDBOX_KEY: JSON.stringify(key) },
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  const lines = createInterface({ input: child.stdout! })
  const url = await new Promise<string>((resolve, reject) => {
    lines.once('line', (line) => resolve(line.trim()))
    child.once('exit', (code) => reject(new Error(`The bench sandbox exited (${code}).`)))
  })
  const running = { stdin: child.stdin!, lines }
  children.add(running)
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        children.delete(running)
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        // Closing its stdin is the child's signal to stop.
        child.stdin!.end()
      }),
  }
}

const children = new Set<{ stdin: NodeJS.WritableStream; lines: Interface }>()

/** Moves every running Demo gateway's clock forward by `ms`; resolves when each has. */
export async function advanceDemoClocks(ms: number): Promise<void> {
  await Promise.all(
    [...children].map(
      ({ stdin, lines }) =>
        new Promise<void>((resolve) => {
          lines.once('line', () => resolve())
          stdin.write(`advance ${ms}\n`)
        }),
    ),
  )
}

async function childMain(): Promise<void> {
  const key = JSON.parse(process.env.BENCH_SANDBOX_KEY ?? 'null') as {
    keyId: string
    secret: string
  } | null
  if (!key) throw new Error('BENCH_SANDBOX_KEY is missing.')
  // Node writes the Date header from its own clock, which the bench's calendar does not move:
  // written here from the moved one, so the till reads the gateway's time on its calendar.
  const writeHead = ServerResponse.prototype.writeHead as (...args: unknown[]) => ServerResponse
  ServerResponse.prototype.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    if (!this.hasHeader('date')) this.setHeader('date', new Date().toUTCString())
    return writeHead.apply(this, args)
  } as typeof ServerResponse.prototype.writeHead
  // In memory: a data file would be rewritten whole on every change, the bank's cost, not the till's.
  const sandbox = await startSandbox({
    port: 0,
    host: '127.0.0.1',
    keys: [{ key_id: key.keyId, secret: key.secret, capabilities: ['*'] }],
  })
  process.stdout.write(`${sandbox.url}\n`)
  // One command a line: `advance <ms>`, answered once done.
  const commands = createInterface({ input: process.stdin })
  commands.on('line', (line) => {
    const [word, ms] = line.trim().split(' ')
    if (word === 'advance') advanceDayClock(Number(ms))
    process.stdout.write('ok\n')
  })
  process.stdin.once('end', () => {
    void sandbox.close().then(() => process.exit(0))
  })
}

if (process.argv.includes(CHILD_FLAG)) await childMain()
