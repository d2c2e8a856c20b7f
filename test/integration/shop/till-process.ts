// One till of a shop in a process of its own, so a test can SIGKILL it mid-day as a power cut
// would (shop-watch-kill.test.ts). The real app services on a data folder of their own, with
// the shop's one gateway (a sandbox in the test's process, reached by address and key). The
// parent drives it through the IPC dispatcher over the process channel, as it drives the
// tills in its own process: {id, channel, input} in, {id, ok, value | message} out.
import { dispatcher, startServices } from '../../support/services'
import { sharedGatewayFetch } from '../../support/shared-gateway'
import { MemoryKeychain } from '../../unit/shell/helpers'

interface Job {
  dir: string
  sandboxUrl: string
  keyId: string
  secret: string
}

export interface TillCall {
  id: number
  channel: string
  input?: unknown
}

export type TillAnswer =
  { id: number; ok: true; value: unknown } | { id: number; ok: false; message: string }

const job = JSON.parse(process.env.TILLDESK_TILL_JOB ?? '{}') as Job

async function main(): Promise<void> {
  const app = await startServices(
    job.dir,
    new MemoryKeychain(),
    sharedGatewayFetch(job.sandboxUrl, { keyId: job.keyId, secret: job.secret }),
    job.sandboxUrl,
  )
  const till = dispatcher(() => app)
  process.on('message', (m: TillCall) => {
    void till.call(m.channel, m.input).then(
      (envelope) =>
        process.send?.(
          envelope.ok
            ? { id: m.id, ok: true, value: envelope.value }
            : { id: m.id, ok: false, message: `${envelope.error.code} ${envelope.error.message}` },
        ),
      (error: unknown) => process.send?.({ id: m.id, ok: false, message: String(error) }),
    )
  })
  process.send?.({ id: 0, ok: true, value: 'ready' })
}

main().catch((error: unknown) => {
  process.stderr.write(`till process failed: ${String(error)}\n`)
  process.exit(1)
})
