// `npm run bench` runs every bench in bench/; `npm run bench -- <name> [...]` runs the named
// ones. A bench is bench/<name>.ts exporting `run(): Promise<void>` that prints lines with
// bench/emit.ts. Each bench runs in its own process so one bench's heap and JIT state
// can't skew the next.
import { spawnSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const dir = fileURLToPath(new URL('.', import.meta.url))
const NOT_BENCHES = new Set(['run', 'emit'])

const available = readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && !f.startsWith('_') && !f.endsWith('.d.ts'))
  .map((f) => f.slice(0, -3))
  .filter((name) => !NOT_BENCHES.has(name))
  .sort()

async function runOne(name: string): Promise<void> {
  const mod = (await import(new URL(`./${name}.ts`, import.meta.url).href)) as {
    run?: () => Promise<void>
  }
  if (typeof mod.run !== 'function') throw new Error(`bench/${name}.ts does not export run()`)
  await mod.run()
}

async function main(): Promise<void> {
  const args = process.argv.slice(2)
  const child = args[0] === '--child'
  if (child) return runOne(args[1]!)

  const unknown = args.filter((a) => !available.includes(a))
  if (unknown.length) {
    console.error(`Unknown bench: ${unknown.join(', ')}. Available: ${available.join(', ')}`)
    process.exit(2)
  }
  let failed = 0
  for (const name of args.length ? args : available) {
    // Same node, same loader flags (tsx), fresh process.
    const result = spawnSync(
      process.execPath,
      [...process.execArgv, '--expose-gc', fileURLToPath(import.meta.url), '--child', name],
      { stdio: 'inherit' },
    )
    if (result.status !== 0) {
      failed++
      console.error(`bench ${name} failed (exit ${result.status ?? result.signal})`)
    }
  }
  if (failed) process.exit(1)
}

await main()
