// `tsx scripts/side-by-side.ts <script> '<script> -- <args>' …`: runs package.json scripts at the
// same time and fails if any of them fails. `npm test` uses it where a stage uses one core of the
// machine's two, or mostly waits (on a browser, D-Bus, the disk), so the other core is not
// left idle. The first script's output streams as it comes (a long run shows its progress);
// the others' is held and printed whole, under each script's name and time, once all have
// ended, so no two runs interleave their lines.
import { spawn } from 'node:child_process'

const scripts = process.argv.slice(2)
if (scripts.length === 0) {
  console.error('Name the package.json scripts to run side by side.')
  process.exit(2)
}

interface Ended {
  script: string
  ok: boolean
  seconds: string
  held: Buffer[]
}

function run(script: string, stream: boolean): Promise<Ended> {
  const started = Date.now()
  const child = spawn('npm', ['run', ...script.split(/\s+/)], {
    stdio: ['ignore', stream ? 'inherit' : 'pipe', stream ? 'inherit' : 'pipe'],
  })
  const held: Buffer[] = []
  child.stdout?.on('data', (chunk: Buffer) => held.push(chunk))
  child.stderr?.on('data', (chunk: Buffer) => held.push(chunk))
  return new Promise((resolve) => {
    let ended = false
    const end = (ok: boolean, error?: Error) => {
      if (ended) return
      ended = true
      if (error) held.push(Buffer.from(`${error.message}\n`))
      resolve({ script, ok, seconds: ((Date.now() - started) / 1000).toFixed(1), held })
    }
    child.once('error', (error) => end(false, error))
    child.once('close', (code) => end(code === 0))
  })
}

const ended = await Promise.all(scripts.map((script, i) => run(script, i === 0)))
for (const { script, ok, seconds, held } of ended) {
  process.stdout.write(`\n── npm run ${script}: ${ok ? 'passed' : 'FAILED'} in ${seconds} s ──\n`)
  process.stdout.write(Buffer.concat(held))
}
const failed = ended.filter((e) => !e.ok).map((e) => `npm run ${e.script}`)
if (failed.length > 0) {
  console.error(`\nFailed: ${failed.join(', ')}`)
  process.exit(1)
}
