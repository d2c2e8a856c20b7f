// What the gateway client adds to a request: the full signed call (encode + sign + send +
// zod decode, via client.banks.list()) against a bare request of the same loopback endpoint.
// The server runs in its own process and answers a valid bank list without checking
// signatures, so every side pays the same network and server cost. Sides are interleaved in
// rotating order after a warm-up so drift and GC hit them alike.
//
// In plain Node the client speaks node:http with a keep-alive agent (main/gateway/node-http.ts),
// so the bare sides do too: "raw" is a bare keep-alive GET and JSON.parse, and the "floor"
// adds what any signed, time-limited request must carry (three static auth headers and a
// deadline timer). Comparing with the same transport keeps the ratios about what the client
// adds, not about which HTTP stack it uses; the fetch sides (the floor as it was measured
// before, over undici's fetch) stay as context. The client's own CPU per call is also measured
// without a network.
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { Agent, get } from 'node:http'
import { createGatewayClient } from '../main/gateway/client'
import { emit, percentile, round } from './emit'

const BENCH = 'client-overhead'
const WARMUP = 400
const ITERATIONS = 2000
const CPU_ITERATIONS = 20_000

const BANKS = JSON.stringify({
  status: true,
  data: [
    { name: 'Access Bank', code: '044' },
    { name: 'First Bank', code: '011' },
    { name: 'GTBank', code: '058' },
    { name: 'UBA', code: '033' },
    { name: 'Zenith Bank', code: '057' },
  ],
})

// Plain JS so the child needs no loader. node:http sets Date on every response.
const SERVER = `
const http = require('node:http')
const body = ${JSON.stringify(BANKS)}
const server = http.createServer((req, res) => {
  req.resume()
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) })
    res.end(body)
  })
})
server.keepAliveTimeout = 60000
server.listen(0, '127.0.0.1', () => process.stdout.write(String(server.address().port) + '\\n'))
`

async function startServer(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['-e', SERVER], { stdio: ['ignore', 'pipe', 'inherit'] })
  const [chunk] = (await once(child.stdout!, 'data')) as [Buffer]
  return { url: `http://127.0.0.1:${chunk.toString().trim()}`, child }
}

/** A bare keep-alive GET over node:http, the body read whole (optionally with a deadline). */
function nodeGet(
  url: string,
  agent: Agent,
  headers: Record<string, string> = {},
  timeoutMs?: number,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = get(url, { agent, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => {
        clearTimeout(timer)
        resolve(Buffer.concat(chunks).toString('utf8'))
      })
    })
    const timer =
      timeoutMs === undefined ? undefined : setTimeout(() => request.destroy(), timeoutMs)
    request.on('error', reject)
  })
}

const check = (n: number): void => {
  if (n !== 5) throw new Error('unexpected answer')
}

async function timed(fn: () => Promise<void>): Promise<number> {
  const t = performance.now()
  await fn()
  return performance.now() - t
}

/** Each side's times over ITERATIONS rounds after a warm-up, in rotating order. */
async function interleaved<K extends string>(
  sides: Record<K, () => Promise<void>>,
): Promise<Record<K, number[]>> {
  const names = Object.keys(sides) as K[]
  const samples = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<
    K,
    number[]
  >
  for (let i = 0; i < WARMUP; i++) for (const name of names) await sides[name]()
  for (let i = 0; i < ITERATIONS; i++) {
    // Rotate the order so no side always runs first.
    for (let k = 0; k < names.length; k++) {
      const name = names[(i + k) % names.length]!
      samples[name].push(await timed(sides[name]))
    }
  }
  return samples
}

/** The client's own work per call (encode, sign, map, decode), with fetch taken out. */
async function clientCpuMicros(): Promise<number> {
  const fakeFetch = async (): Promise<Response> =>
    new Response(BANKS, { status: 200, headers: { 'content-type': 'application/json' } })
  const client = createGatewayClient({
    baseUrl: 'http://127.0.0.1:1',
    keyId: 'bench_key',
    secret: 'bench_secret_0123456789abcdef',
    fetch: fakeFetch,
  })
  const bare = async (): Promise<void> => {
    const res = await fakeFetch()
    check((JSON.parse(await res.text()) as { data: unknown[] }).data.length)
  }
  const viaClient = async (): Promise<void> => check((await client.banks.list()).data.length)
  for (let i = 0; i < WARMUP * 5; i++) await Promise.all([bare(), viaClient()])
  let bareMs = 0
  let clientMs = 0
  for (let i = 0; i < CPU_ITERATIONS; i++) {
    bareMs += await timed(bare)
    clientMs += await timed(viaClient)
  }
  return ((clientMs - bareMs) / CPU_ITERATIONS) * 1000
}

export async function run(): Promise<void> {
  const { url, child } = await startServer()
  try {
    const client = createGatewayClient({
      baseUrl: url,
      keyId: 'bench_key',
      secret: 'bench_secret_0123456789abcdef',
    })
    // The same URL the client builds (its query schema defaults country_code to NG).
    const rawUrl = `${url}/banks?country_code=NG`
    const floorHeaders = {
      'X-Key-Id': 'bench_key',
      'X-Timestamp': '1700000000',
      'X-Signature': '0'.repeat(64),
    }
    const agent = new Agent({ keepAlive: true })
    const count = (text: string): void =>
      check((JSON.parse(text) as { data: unknown[] }).data.length)
    const signed = async (): Promise<void> => check((await client.banks.list()).data.length)
    // Node's fetch leaves work behind (stream and socket clean-up, garbage) that lands on
    // whichever request runs next, so the fetch sides run in a phase of their own.
    const samples = {
      ...(await interleaved({
        signed,
        raw: async () => count(await nodeGet(rawUrl, agent)),
        floor: async () => count(await nodeGet(rawUrl, agent, floorHeaders, 15_000)),
      })),
      ...(await interleaved({
        signedAmongFetch: signed,
        fetchRaw: async () => {
          const res = await fetch(rawUrl)
          count(await res.text())
        },
        fetchFloor: async () => {
          const controller = new AbortController()
          const timer = setTimeout(() => controller.abort(), 15_000)
          try {
            const res = await fetch(rawUrl, { headers: floorHeaders, signal: controller.signal })
            count(await res.text())
          } finally {
            clearTimeout(timer)
          }
        },
      })),
    }
    const p50 = (name: keyof typeof samples): number => percentile(samples[name], 50)
    const us = (ms: number): number => round(ms * 1000, 1)
    emit({
      bench: BENCH,
      metric: 'signed_vs_raw_ratio',
      value: round(p50('signed') / p50('raw')),
      unit: 'ratio',
      goal: '<= 1.05',
    })
    emit({ bench: BENCH, metric: 'p50_signed', value: us(p50('signed')), unit: 'us', goal: null })
    emit({ bench: BENCH, metric: 'p50_raw', value: us(p50('raw')), unit: 'us', goal: null })
    emit({
      bench: BENCH,
      metric: 'p50_overhead',
      value: us(p50('signed') - p50('raw')),
      unit: 'us',
      goal: null,
    })
    emit({
      bench: BENCH,
      metric: 'signed_vs_floor_ratio',
      value: round(p50('signed') / p50('floor')),
      unit: 'ratio',
      goal: '<= 1.2',
    })
    emit({ bench: BENCH, metric: 'p50_floor', value: us(p50('floor')), unit: 'us', goal: null })
    // The same bare and floor requests over Node's fetch (the client's transport before).
    emit({
      bench: BENCH,
      metric: 'signed_vs_fetch_floor_ratio',
      value: round(p50('signedAmongFetch') / p50('fetchFloor')),
      unit: 'ratio',
      goal: null,
    })
    emit({
      bench: BENCH,
      metric: 'p50_fetch_raw',
      value: us(p50('fetchRaw')),
      unit: 'us',
      goal: null,
    })
    emit({
      bench: BENCH,
      metric: 'p50_fetch_floor',
      value: us(p50('fetchFloor')),
      unit: 'us',
      goal: null,
    })
    emit({
      bench: BENCH,
      metric: 'p95_signed',
      value: us(percentile(samples.signed, 95)),
      unit: 'us',
      goal: null,
    })
    emit({
      bench: BENCH,
      metric: 'p95_raw',
      value: us(percentile(samples.raw, 95)),
      unit: 'us',
      goal: null,
    })
    emit({
      bench: BENCH,
      metric: 'samples_per_side',
      value: ITERATIONS,
      unit: 'requests',
      goal: null,
    })
    emit({
      bench: BENCH,
      metric: 'client_cpu_per_call',
      value: round(await clientCpuMicros(), 1),
      unit: 'us',
      goal: null,
    })
  } finally {
    child.kill()
  }
}
