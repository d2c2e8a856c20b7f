// `npm run sandbox -- --port 4010 --keys keys.json`: runs the sandbox until Ctrl-C. It is
// ready when GET /health answers 200; the URL (and a generated demo key) are printed.
import { parseCli, USAGE, UsageError } from './cliArgs'
import { startSandbox } from './index'
import { KeysFileError } from './keys'
import { DataFileError } from './persistence'

async function main(): Promise<void> {
  let parsed
  try {
    parsed = parseCli(process.argv.slice(2))
  } catch (error) {
    if (error instanceof UsageError || error instanceof KeysFileError) {
      console.error(`sandbox: ${error.message}\n\n${USAGE}`)
      process.exit(2)
    }
    throw error
  }
  if (parsed.help) {
    console.log(USAGE)
    return
  }
  const { options } = parsed
  let sandbox
  try {
    sandbox = await startSandbox(options)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    const message =
      code === 'EADDRINUSE'
        ? `port ${options.port} is already in use; pick another with --port.`
        : error instanceof DataFileError
          ? error.message
          : (error as Error).message
    console.error(`sandbox: ${message}`)
    process.exit(1)
  }

  console.log(`Tilldesk gateway sandbox listening on ${sandbox.url}`)
  if (sandbox.demoKey) {
    // A throwaway demo key for this run only; printing it is what makes the sandbox usable.
    console.log(`Demo key id:     ${sandbox.demoKey.key_id}`)
    console.log(`Demo key secret: ${sandbox.demoKey.secret}`)
  } else
    console.log(
      `Keys: ${sandbox.keys.map((k) => `${k.key_id}${k.revoked ? ' (revoked)' : ''}`).join(', ')}`,
    )
  if (options.dataFile) console.log(`State file: ${options.dataFile}`)
  if (options.webhookUrl) console.log(`Webhooks to: ${options.webhookUrl}`)
  for (const rule of sandbox.faults())
    console.log(
      `Fault: ${rule.kind} at rate ${rule.rate} ${rule.when} commit${rule.path_prefix ? ` on ${rule.path_prefix}` : ''}`,
    )

  const stop = (signal: string) => {
    console.log(`\n${signal}: closing sandbox`)
    sandbox.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`sandbox: close failed: ${(error as Error).message}`)
        process.exit(1)
      },
    )
  }
  process.once('SIGINT', () => stop('SIGINT'))
  process.once('SIGTERM', () => stop('SIGTERM'))
}

void main()
