// The Demo gateway in a process of its own, for benches that measure the till's memory: the
// embedded sandbox keeps every transfer, charge and payout of the day in the till's process,
// so its growth would be read as the till's. `startDemoProcess` is a StartDemoGateway: the
// till hands it the key it generated, as it hands it to the embedded one.
import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
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
  const url = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! })
    lines.once('line', (line) => resolve(line.trim()))
    child.once('exit', (code) => reject(new Error(`The bench sandbox exited (${code}).`)))
  })
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        // Closing its stdin is the child's signal to stop.
        child.stdin!.end()
      }),
  }
}

async function childMain(): Promise<void> {
  const key = JSON.parse(process.env.BENCH_SANDBOX_KEY ?? 'null') as {
    keyId: string
    secret: string
  } | null
  if (!key) throw new Error('BENCH_SANDBOX_KEY is missing.')
  // In memory: a data file would be rewritten whole on every change, the bank's cost, not the till's.
  const sandbox = await startSandbox({
    port: 0,
    host: '127.0.0.1',
    keys: [{ key_id: key.keyId, secret: key.secret, capabilities: ['*'] }],
  })
  process.stdout.write(`${sandbox.url}\n`)
  process.stdin.resume()
  process.stdin.once('end', () => {
    void sandbox.close().then(() => process.exit(0))
  })
}

if (process.argv.includes(CHILD_FLAG)) await childMain()
