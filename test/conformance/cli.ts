// `npm run conformance -- --base-url https://sandbox.gateway.example --key-id … --secret …`
// runs the conformance suite against an external gateway sandbox, for merchants checking their
// own keys. It refuses a live gateway (safety.ts). Tests that need controls the gateway lacks
// are listed as skipped, each with its reason. When the checks that show the gateway keeps our
// reference pass (and nothing else fails), the run records resend trust for that base URL and
// key in the till's keychain; when one of them fails it withdraws it (trust-record.ts).
import { basename } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { startVitest } from 'vitest/node'
import type { Reporter, TestModule } from 'vitest/node'
import { readTillId } from '../../main/integrity/keys'
import { KeytarKeychain } from '../../main/keychain/keychain'
import { checkTargetSafety } from './safety'
import { ENV } from './target'
import { defaultDataDir, judge, recordTrust, type CheckResult } from './trust-record'

const USAGE = `Usage: npm run conformance -- --base-url URL --key-id ID --secret SECRET [--data-dir DIR]

Runs the gateway conformance suite against a gateway *sandbox*. Live gateways are refused.
A passed run records, in this till's keychain, that the gateway keeps our reference (so lost
answers may be resent there); a failed reference check withdraws it. --data-dir is the till's
data folder (default: the app's own, ${defaultDataDir()}).
Without --base-url, use \`npx vitest run test/conformance\` to judge the in-process sandbox.`

function fail(message: string, code = 2): never {
  console.error(`conformance: ${message}`)
  process.exit(code)
}

const results: CheckResult[] = []

/** Prints every skipped test with its reason, and a one-line summary; keeps each result. */
const skipReport: Reporter = {
  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    const counts = { passed: 0, failed: 0, skipped: 0, pending: 0 }
    const skipped: string[] = []
    for (const module of modules)
      for (const test of module.children.allTests()) {
        const result = test.result()
        counts[result.state] += 1
        results.push({ file: basename(module.moduleId), name: test.name, state: result.state })
        if (result.state === 'skipped')
          skipped.push(`  - ${test.fullName}: ${result.note ?? 'skipped'}`)
      }
    if (skipped.length) console.log(`\nSkipped (with reasons):\n${skipped.join('\n')}`)
    console.log(
      `\nConformance: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped.`,
    )
  },
}

async function main(): Promise<void> {
  let values
  try {
    ;({ values } = parseArgs({
      args: process.argv.slice(2),
      strict: true,
      options: {
        'base-url': { type: 'string' },
        'key-id': { type: 'string' },
        secret: { type: 'string' },
        'data-dir': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }))
  } catch (error) {
    fail(`${(error as Error).message}\n\n${USAGE}`)
  }
  if (values.help) {
    console.log(USAGE)
    return
  }
  const baseUrl = values['base-url']?.replace(/\/+$/, '')
  if (!baseUrl || !values['key-id'] || !values.secret)
    fail(`--base-url, --key-id and --secret are all required.\n\n${USAGE}`)

  let health: unknown
  try {
    const res = await fetch(`${baseUrl}/health`, { signal: AbortSignal.timeout(10_000) })
    health = await res.json().catch(() => undefined)
    if (!res.ok) fail(`${baseUrl}/health answered HTTP ${res.status}; is the base URL right?`, 1)
  } catch (error) {
    fail(`cannot reach ${baseUrl}/health: ${(error as Error).message}`, 1)
  }
  const verdict = checkTargetSafety(baseUrl, health)
  if (!verdict.ok) fail(verdict.reason, 3)
  console.log(`Judging ${baseUrl} (${verdict.why}).`)

  process.env[ENV.baseUrl] = baseUrl
  process.env[ENV.keyId] = values['key-id']
  process.env[ENV.secret] = values.secret
  const root = fileURLToPath(new URL('../..', import.meta.url))
  const vitest = await startVitest('test', ['test/conformance/'], {
    root,
    run: true,
    watch: false,
    // One gateway, one clock: files that move the sandbox clock must not race the others.
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 60_000,
    reporters: ['default', skipReport],
  })
  await vitest.close()
  process.exitCode = vitest.state.getCountOfFailedTests() > 0 ? 1 : (process.exitCode ?? 0)
  const dataDir = values['data-dir'] ?? defaultDataDir()
  const target = {
    baseUrl,
    keyId: values['key-id'],
    secret: values.secret,
    till: readTillId(dataDir),
    now: Date.now(),
  }
  try {
    console.log(await recordTrust(new KeytarKeychain(), target, judge(results)))
  } catch (error) {
    console.log(`Resend trust: nothing recorded (the keychain: ${(error as Error).message}).`)
  }
}

void main()
