// The process the chaos test SIGKILLs: it opens the payout outbox, drafts and approves
// payouts until there are CHAOS_TOTAL of them, and runs the real sender against the sandbox.
// Each acknowledged step is printed ("ACK created <ref>") only after it is durable, so the
// parent knows exactly what was promised before each kill. Prints DONE when every payout is
// final. Run with: node --import tsx test/chaos/payoutWorker.ts
import { createGatewayClient } from '../../main/gateway'
import { bindingHash } from '../../main/payouts/binding'
import type { PayoutsGateway } from '../../main/payouts/gatewayPort'
import { isUncertain, type PayoutItem } from '../../main/payouts/model'
import { Outbox } from '../../main/payouts/outbox'
import { PayoutSender } from '../../main/payouts/sender'
import { accountName } from '../../sandbox/data/accounts'
import { makerAndChecker, nameEnquiry, rigCommands } from '../support/payout-rig'

const env = (name: string): string => {
  const value = process.env[name]
  if (!value) throw new Error(`${name} is not set`)
  return value
}

const dir = env('CHAOS_DIR')
const total = Number(env('CHAOS_TOTAL'))
const timeoutMs = Number(process.env.CHAOS_TIMEOUT_MS ?? 400)
const client = createGatewayClient({
  baseUrl: env('CHAOS_URL'),
  keyId: env('CHAOS_KEY_ID'),
  secret: env('CHAOS_SECRET'),
  timeoutMs,
})
const gateway: PayoutsGateway = client
const { maker, checker } = makerAndChecker(
  { maker: 'u_chaosmaker1', checker: 'u_chaoscheck1' },
  'Chaos',
)

const say = (line: string) => process.stdout.write(`${line}\n`)

/** Deterministic per index, so a restarted worker drafts the same kind of payouts. */
function accountFor(index: number): string {
  const n = (7_919 * (index + 1) * 104_729) % 9_000_000_000
  return String(1_000_000_000 + n)
}

async function main(): Promise<void> {
  const outbox = await Outbox.open({ dir, checkpointEvery: 400 })
  for (const repair of outbox.repairs) say(`REPAIR ${repair}`)
  // What the last kill interrupted: `sending` items have an unknown outcome and must be verified.
  const count = (state: string) => [...outbox.items()].filter((item) => item.state === state).length
  say(
    `RESUME sending=${count('sending')} submitted=${count('submitted')} approved=${count('approved')}`,
  )
  const names = nameEnquiry(gateway, timeoutMs)
  const commands = rigCommands(
    outbox,
    (bank, account) => names.resolve(bank, account),
    (code) => (code === '058' ? 'Guaranty Trust Bank' : undefined),
  )
  const sender = new PayoutSender({
    outbox,
    gateway: async () => gateway,
    resolveName: (bank, account) => names.resolve(bank, account),
    concurrency: 8,
    pollMs: 40,
    maxPollMs: 300,
    retryBaseMs: 40,
    retryMaxMs: 400,
    idleMs: 50,
    reversalWatchMs: 0,
    requestTimeoutMs: timeoutMs,
    // Past the request's deadline before verify-then-resend; a window long enough that the
    // gateway's lag never hands a payout to a person here.
    verifyAfterMs: timeoutMs + 200,
    unknownWindowMs: 120_000,
    onError: (error) => say(`ERROR ${(error as Error).message}`),
  })
  sender.start()
  const keepAlive = setInterval(() => undefined, 1_000)

  // Move what a kill interrupted onwards, then draft more until there are `total`.
  const advance = async (item: PayoutItem): Promise<void> => {
    if (item.state === 'draft') {
      const sent = await commands.submit(maker, item.reference)
      say(`ACK submitted ${sent.reference}`)
      return advance(sent)
    }
    // A name hold, not an unknown outcome (that one is a supervisor's to decide).
    if (item.state === 'needs_review' && !isUncertain(item) && item.nameCheck?.bankName) {
      return advance(await commands.acceptBankName(maker, item.reference))
    }
    if (item.state === 'awaiting_approval') {
      const approved = await commands.approve(checker, item.reference, '0000', bindingHash(item))
      say(`ACK approved ${approved.reference}`)
    }
  }
  for (const item of [...outbox.items()])
    await advance(item).catch((e: unknown) => say(`ERROR ${(e as Error).message}`))
  while (outbox.size < total) {
    const index = outbox.size
    const account = accountFor(index)
    // Every 25th amount ends in .13: the sandbox fails those, so the failed path is exercised.
    const amount = index % 25 === 0 ? `${100 + index}.13` : `${100 + index}.00`
    try {
      const item = await commands.draft(maker, {
        purpose: 'supplier',
        bankCode: '058',
        accountNumber: account,
        accountName: accountName(account),
        nameConfirmed: false,
        amount,
        narration: `Chaos ${index}`,
        recipientEmail: null,
        submit: false,
      })
      say(`ACK created ${item.reference}`)
      await advance(item)
    } catch (error) {
      say(`ERROR ${(error as Error).message}`)
    }
  }
  for (;;) {
    for (const item of [...outbox.items()]) {
      if (['draft', 'awaiting_approval', 'needs_review'].includes(item.state))
        await advance(item).catch(() => undefined)
    }
    // Settled by the gateway, or handed to a supervisor with its evidence (the test counts).
    const open = [...outbox.items()].filter(
      (item) =>
        !['success', 'failed', 'reversed'].includes(item.state) &&
        !(item.state === 'needs_review' && isUncertain(item)),
    )
    if (open.length === 0) break
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  await sender.stop()
  await outbox.close()
  clearInterval(keepAlive)
  say('DONE')
}

main().catch((error: unknown) => {
  say(`FATAL ${(error as Error).stack ?? String(error)}`)
  process.exit(1)
})
