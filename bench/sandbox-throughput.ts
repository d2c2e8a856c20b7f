// Signed requests per second the sandbox serves on loopback, against a bare unauthenticated
// route of the same server: `npm run bench -- sandbox-throughput`.
//
// The sandbox runs in its own process. The load generator is deliberately cheap so the server,
// not the client, is what gets measured: raw keep-alive TCP connections with pipelined
// requests, a minimal response parser, and HMAC-SHA256 signatures from node:crypto. Sides
// alternate round by round so drift and GC hit them alike.
//   signed: GET /refunds/counts             the whole authentication pipeline (key, timestamp
//           window, constant-time HMAC over the raw bytes, capability), the fault check,
//           then the handler and the zod encode
//   bare:   GET /bench/bare/refunds/counts  the same endpoint and handler with no
//           authentication (the sandbox's benchBareRoutes option), so the ratio is exactly
//           the cost of signing
// For context: GET /health (the lightest unauthenticated route) and a signed
// GET /payments/verify/:reference (zod params and a full record).
// The server's CPU time per request is reported too: on a busy machine it is steadier than
// wall-clock throughput.
import { spawn, type ChildProcess } from 'node:child_process'
import { createHmac } from 'node:crypto'
import { once } from 'node:events'
import { connect, type Socket } from 'node:net'
import { fileURLToPath } from 'node:url'
import { emit, percentile, round } from './emit'

const BENCH = 'sandbox-throughput'
const CONNECTIONS = 8
const PIPELINE = 8
const ROUND_MS = 1000
const ROUNDS = 8
const WARMUP_MS = 1500
const KEY = { key_id: 'bench_key', secret: 'bench_secret_0123456789abcdef0123456789' }
const SERVE_FLAG = '--serve-sandbox'

interface Target {
  port: number
  reference: string
}

/** Child-process side: start the sandbox with one payment to verify, print where it is. */
async function serve(): Promise<void> {
  const { startSandbox } = await import('../sandbox/index')
  const sandbox = await startSandbox({
    keys: [{ ...KEY, capabilities: ['*'] }],
    benchBareRoutes: ['refundCounts'],
  })
  const body = JSON.stringify({
    email: 'bench@example.com',
    amount: '12500.50',
    currency: 'NGN',
    reference: 'BENCH_PAYMENT',
  })
  const ts = String(Math.floor(Date.now() / 1000))
  const res = await fetch(`${sandbox.url}/payments/initialize`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-key-id': KEY.key_id,
      'x-timestamp': ts,
      'x-signature': createHmac('sha256', KEY.secret).update(`${ts}:${body}`).digest('hex'),
    },
    body,
  })
  if (res.status !== 200) throw new Error(`could not create the bench payment: ${res.status}`)
  // The parent asks for our CPU time around each round: server cost per request, whatever
  // else the machine is doing.
  process.on('message', () => process.send?.(process.cpuUsage()))
  process.send?.({ port: sandbox.port, reference: 'BENCH_PAYMENT' })
  process.once('SIGTERM', () => void sandbox.close().then(() => process.exit(0)))
}

async function startServer(): Promise<{ target: Target; child: ChildProcess }> {
  const self = fileURLToPath(import.meta.url)
  const child = spawn(process.execPath, [...process.execArgv, self, SERVE_FLAG], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const [target] = (await once(child, 'message')) as [Target]
  return { target, child }
}

/** The server's CPU time so far, in µs (user + system). */
async function serverCpu(child: ChildProcess): Promise<number> {
  child.send('cpu')
  const [usage] = (await once(child, 'message')) as [NodeJS.CpuUsage]
  return usage.user + usage.system
}

type RequestBuilder = () => Buffer

const bareRequest = (path: string): RequestBuilder => {
  const fixed = Buffer.from(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`)
  return () => fixed
}

/**
 * A signed body-less GET. Its message is "<timestamp>:", so the signature only changes when
 * the second does: the load generator signs once per second (node:crypto) rather than per
 * request, keeping its own CPU out of the measurement. The server still verifies every one.
 */
const signedRequest = (path: string): RequestBuilder => {
  let second = ''
  let request = Buffer.alloc(0)
  return () => {
    const ts = String(Math.floor(Date.now() / 1000))
    if (ts !== second) {
      second = ts
      const signature = createHmac('sha256', KEY.secret).update(`${ts}:`).digest('hex')
      request = Buffer.from(
        `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Key-Id: ${KEY.key_id}\r\n` +
          `X-Timestamp: ${ts}\r\nX-Signature: ${signature}\r\n\r\n`,
      )
    }
    return request
  }
}

/**
 * One keep-alive connection with PIPELINE requests in flight (HTTP/1.1 pipelining: Node's
 * server answers them in order), sending the next as each response completes. Pipelining
 * batches the client's socket writes and reads, which keeps the client far cheaper per
 * request than the server. Responses are read by Content-Length (the sandbox always sends it).
 */
class Connection {
  completed = 0
  failed = 0
  private buffer: Buffer = Buffer.alloc(0)
  private running = false
  private inFlight = 0
  private build: RequestBuilder = bareRequest('/health')
  private drained: (() => void) | null = null

  private constructor(private readonly socket: Socket) {
    socket.setNoDelay(true)
    socket.on('data', (chunk: Buffer) => this.onData(chunk))
  }

  static async open(port: number): Promise<Connection> {
    const socket = connect(port, '127.0.0.1')
    await once(socket, 'connect')
    return new Connection(socket)
  }

  begin(build: RequestBuilder): void {
    this.build = build
    this.running = true
    this.inFlight = PIPELINE
    this.socket.write(Buffer.concat(Array.from({ length: PIPELINE }, () => build())))
  }

  /** Stops sending; resolves when every response in flight has arrived. */
  stop(): Promise<void> {
    this.running = false
    if (this.inFlight === 0) return Promise.resolve()
    return new Promise((resolve) => (this.drained = resolve))
  }

  close(): void {
    this.socket.destroy()
  }

  private onData(chunk: Buffer): void {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk
    let answered = 0
    for (;;) {
      const end = this.buffer.indexOf('\r\n\r\n')
      if (end === -1) break
      const head = this.buffer.subarray(0, end).toString('latin1')
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0)
      const total = end + 4 + length
      if (this.buffer.length < total) break
      if (head.startsWith('HTTP/1.1 200')) this.completed++
      else this.failed++
      this.buffer = this.buffer.subarray(total)
      answered++
    }
    if (answered === 0) return
    if (this.running) {
      // One write for everything that just completed.
      this.socket.write(Buffer.concat(Array.from({ length: answered }, () => this.build())))
      return
    }
    this.inFlight -= answered
    if (this.inFlight === 0) {
      this.drained?.()
      this.drained = null
    }
  }
}

/** Requests per second over `ms` with every connection busy, and server CPU per request. */
async function measure(
  child: ChildProcess,
  connections: Connection[],
  build: RequestBuilder,
  ms: number,
) {
  for (const c of connections) {
    c.completed = 0
    c.failed = 0
  }
  const cpuBefore = await serverCpu(child)
  const started = performance.now()
  for (const c of connections) c.begin(build)
  await new Promise((resolve) => setTimeout(resolve, ms))
  await Promise.all(connections.map((c) => c.stop()))
  const elapsed = (performance.now() - started) / 1000
  const cpu = (await serverCpu(child)) - cpuBefore
  const completed = connections.reduce((s, c) => s + c.completed, 0)
  const failed = connections.reduce((s, c) => s + c.failed, 0)
  return { rps: completed / elapsed, cpuPerRequest: cpu / Math.max(1, completed), failed }
}

export async function run(): Promise<void> {
  const { target, child } = await startServer()
  const connections = await Promise.all(
    Array.from({ length: CONNECTIONS }, () => Connection.open(target.port)),
  )
  try {
    const sides = {
      bare: bareRequest('/bench/bare/refunds/counts'),
      signed: signedRequest('/refunds/counts'),
      health: bareRequest('/health'),
      verify: signedRequest(`/payments/verify/${target.reference}`),
    }
    type Side = keyof typeof sides
    const names = Object.keys(sides) as Side[]
    for (const side of names) await measure(child, connections, sides[side], WARMUP_MS)
    const rps = Object.fromEntries(names.map((n) => [n, [] as number[]])) as Record<Side, number[]>
    const cpu = Object.fromEntries(names.map((n) => [n, [] as number[]])) as Record<Side, number[]>
    let failed = 0
    for (let i = 0; i < ROUNDS; i++) {
      // Rotate the order so no side always runs first.
      for (let k = 0; k < names.length; k++) {
        const side = names[(i + k) % names.length]!
        const result = await measure(child, connections, sides[side], ROUND_MS)
        rps[side].push(result.rps)
        cpu[side].push(result.cpuPerRequest)
        failed += result.failed
      }
    }
    if (failed) throw new Error(`${failed} requests did not answer 200`)
    const p50 = (samples: number[]) => percentile(samples, 50)
    const line = (metric: string, value: number, unit: string, goal: string | null = null) =>
      emit({ bench: BENCH, metric, value, unit, goal })
    line('signed_rps', Math.round(p50(rps.signed)), 'req/s')
    line('bare_rps', Math.round(p50(rps.bare)), 'req/s')
    line('signed_vs_bare_ratio', round(p50(rps.signed) / p50(rps.bare)), 'ratio', '>= 0.8')
    line('health_rps', Math.round(p50(rps.health)), 'req/s')
    line('signed_verify_rps', Math.round(p50(rps.verify)), 'req/s')
    // Server CPU per request: the same comparison, steadier when the machine is busy.
    for (const side of names) line(`server_cpu_${side}`, round(p50(cpu[side]), 1), 'us')
    line('cpu_bare_vs_signed_ratio', round(p50(cpu.bare) / p50(cpu.signed)), 'ratio')
  } finally {
    for (const c of connections) c.close()
    child.kill('SIGTERM')
    await once(child, 'exit')
  }
}

if (process.argv.includes(SERVE_FLAG)) await serve()
