// The update policy against a local HTTP feed serving electron-builder's channel files
// (latest-linux.yml, beta-linux.yml) and installers whose SHA-512 the files state. The feed
// client is the real one (main/updates/feed.ts, electron-updater's parser); only time is
// stepped by hand and the installer run is recorded.
import { createHash } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { UpdatePreferencesInput, type UpdateStatus } from '../../../common/ipc/updates'
import { sayIn } from '../../../common/words/said'
import { createLogger } from '../../../main/kernel/log'
import { channelFile, type UpdateEngine } from '../../../main/updates/engine'
import { feedEngine } from '../../../main/updates/feed'
import { busyReasons, createUpdates } from '../../../main/updates/module'
import { CHECK_EVERY_MS, FIRST_CHECK_AFTER_MS, type Schedule } from '../../../main/updates/policy'
import { catalogueOf, englishIn } from '../../support/english-words'

const log = createLogger(() => undefined)

interface Release {
  version: string
  file: string
  bytes: Buffer
  /** Serve other bytes than the checksum covers (a tampered or broken download). */
  serve?: Buffer
}

const sha512 = (bytes: Buffer) => createHash('sha512').update(bytes).digest('base64')

/** A channel file exactly as electron-builder writes it. */
const channelYaml = (release: Release) => `version: ${release.version}
files:
  - url: ${release.file}
    sha512: ${sha512(release.bytes)}
    size: ${release.bytes.length}
    blockMapSize: 1234
path: ${release.file}
sha512: ${sha512(release.bytes)}
releaseDate: '2026-11-20T10:00:00.000Z'
`

const release = (version: string): Release => ({
  version,
  file: `Tilldesk-${version}.AppImage`,
  bytes: Buffer.from(`AppImage of Tilldesk ${version} `.repeat(2000)),
})

class Feed {
  readonly files = new Map<string, Buffer | string>()
  readonly requests: string[] = []
  #server: Server | null = null
  url = ''

  publish(channel: 'stable' | 'beta', item: Release): void {
    this.files.set(channelFile(channel, 'linux', 'x64'), channelYaml(item))
    this.files.set(item.file, item.serve ?? item.bytes)
  }

  async start(): Promise<void> {
    this.#server = createServer((request, response) => {
      const name = decodeURIComponent((request.url ?? '/').split('?')[0]!.slice(1))
      this.requests.push(name)
      const body = name.startsWith('feed/') ? this.files.get(name.slice(5)) : undefined
      if (body === undefined) {
        response.writeHead(404).end('Not found')
        return
      }
      response.writeHead(200, { 'content-length': Buffer.byteLength(body) }).end(body)
    })
    await new Promise<void>((done) => this.#server!.listen(0, '127.0.0.1', done))
    this.url = `http://127.0.0.1:${(this.#server!.address() as AddressInfo).port}/feed`
  }

  async stop(): Promise<void> {
    await new Promise<void>((done) => this.#server?.close(() => done()))
  }
}

/** Time stepped by hand: tasks run only when the test fires them. */
function manualClock() {
  let now = Date.parse('2026-11-24T09:00:00.000Z')
  const tasks: Array<{ at: number; task: () => void; cancelled: boolean }> = []
  const schedule: Schedule = (task, ms) => {
    const entry = { at: now + ms, task, cancelled: false }
    tasks.push(entry)
    return () => {
      entry.cancelled = true
    }
  }
  return {
    schedule,
    now: () => now,
    pending: () => tasks.filter((t) => !t.cancelled).map((t) => t.at - now),
    /** Moves time to the next planned task and runs it. */
    next() {
      const due = tasks.filter((t) => !t.cancelled).sort((a, b) => a.at - b.at)[0]
      if (!due) throw new Error('nothing planned')
      due.cancelled = true
      now = due.at
      due.task()
    },
  }
}

let feed: Feed
let dataDir: string

beforeEach(async () => {
  feed = new Feed()
  await feed.start()
  dataDir = mkdtempSync(join(tmpdir(), 'tilldesk-updates-'))
})

afterEach(async () => {
  await feed.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

function rig(
  options: {
    busy?: string[]
    engine?: (base: UpdateEngine) => UpdateEngine
    version?: string
    allowedFeeds?: string[]
  } = {},
) {
  const reported: string[] = []
  const clock = manualClock()
  const installs: Array<{ file: string; restart: boolean }> = []
  const statuses: UpdateStatus[] = []
  const listeners = new Set<(name: string, payload: unknown) => void>()
  const busy = { reasons: options.busy ?? [] }
  const base = feedEngine({
    currentVersion: options.version ?? '0.1.0',
    cacheDir: join(dataDir, 'updates'),
    platform: 'linux',
    arch: 'x64',
    runInstaller: async (file, { restart }) => {
      installs.push({ file, restart })
    },
  })
  const updates = createUpdates({
    engine: options.engine ? options.engine(base) : base,
    dataDir,
    log,
    emit: (status) => statuses.push(status),
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    busy: () => busy.reasons,
    now: clock.now,
    schedule: clock.schedule,
    // The test feed stands in for one the build allows (main/updates/allowed-feeds.ts).
    allowedFeeds: options.allowedFeeds ?? [feed.url],
    report: ({ problem }) => reported.push(problem),
  })
  const configure = (input: unknown) =>
    updates.handlers['updates.configure'](UpdatePreferencesInput.parse(input), {
      user: null,
      sender: { transport: 'test', url: 'test://' },
    })
  const send = (name: string, payload: unknown) => {
    for (const listener of listeners) listener(name, payload)
  }
  return { updates, clock, installs, statuses, busy, configure, send, reported }
}

/** Points the till at the test feed (the default source is GitHub Releases). */
async function onTestFeed(r: ReturnType<typeof rig>, channel: 'stable' | 'beta' = 'stable') {
  await r.configure({ source: { kind: 'generic', url: feed.url }, channel })
}

describe('update policy', () => {
  it('checks after start, downloads in the background, verifies the SHA-512 and waits for quit', async () => {
    feed.publish('stable', release('0.2.0'))
    const r = rig()
    await r.configure({ source: { kind: 'generic', url: feed.url }, paused: true })
    r.updates.start()
    expect(r.clock.pending()).toEqual([FIRST_CHECK_AFTER_MS])
    await r.configure({ paused: false })
    const status = r.updates.policy.status()
    expect(status).toMatchObject({
      phase: 'ready',
      currentVersion: '0.1.0',
      availableVersion: '0.2.0',
    })
    expect(status.message).toContain('installs when Tilldesk quits or at shift close')
    expect(r.statuses.map((s) => s.phase)).toEqual(
      expect.arrayContaining(['checking', 'downloading', 'ready']),
    )
    expect(feed.requests).toEqual(['feed/latest-linux.yml', 'feed/Tilldesk-0.2.0.AppImage'])
    const downloaded = join(dataDir, 'updates', 'Tilldesk-0.2.0.AppImage')
    expect(readFileSync(downloaded)).toEqual(release('0.2.0').bytes)
    expect(r.installs).toEqual([])

    await r.updates.stop()
    expect(r.installs).toEqual([{ file: downloaded, restart: false }])
  })

  it('checks again every few hours', async () => {
    feed.publish('stable', release('0.1.0'))
    const r = rig()
    await onTestFeed(r)
    r.updates.start()
    r.clock.next()
    await expect.poll(() => r.updates.policy.status().phase).toBe('up_to_date')
    expect(r.clock.pending()).toEqual([CHECK_EVERY_MS])
    expect(CHECK_EVERY_MS).toBeLessThanOrEqual(6 * 60 * 60_000)

    feed.publish('stable', release('0.2.1'))
    r.clock.next()
    await expect.poll(() => r.updates.policy.status().phase).toBe('ready')
    expect(r.updates.policy.status().availableVersion).toBe('0.2.1')
  })

  it('never installs while a charge is open or payouts are sending; installs at shift close once free', async () => {
    feed.publish('stable', release('0.2.0'))
    const r = rig({ busy: ['A charge is open.', 'Payouts are sending.'] })
    r.updates.start()
    await onTestFeed(r)
    expect(r.updates.policy.status()).toMatchObject({
      phase: 'waiting',
      heldBy: ['A charge is open.', 'Payouts are sending.'],
    })

    expect(await r.updates.policy.onQuit()).toBe(false)
    r.send('shifts.changed', { current: { id: 'shift_1', state: 'open' } })
    r.send('shifts.changed', { current: { id: 'shift_1', state: 'closed' } })
    expect(await r.updates.policy.onShiftClosed()).toBe(false)
    expect(r.installs).toEqual([])

    r.busy.reasons = []
    expect((await r.updates.handlers['updates.status'](undefined, ctx())).phase).toBe('ready')
    r.send('shifts.changed', { current: { id: 'shift_2', state: 'open' } })
    r.send('shifts.changed', { current: null })
    await expect.poll(() => r.installs.length).toBe(1)
    expect(r.installs[0]!.restart).toBe(true)
  })

  it('asks about busy at the moment of installing, not when the download finished', async () => {
    feed.publish('stable', release('0.2.0'))
    const r = rig()
    r.updates.start()
    await onTestFeed(r)
    expect(r.updates.policy.status().phase).toBe('ready')
    r.busy.reasons = ['A charge is open.']
    expect(await r.updates.policy.onQuit()).toBe(false)
    expect(r.installs).toEqual([])
  })

  it('a busy predicate that fails holds the update back', async () => {
    feed.publish('stable', release('0.2.0'))
    const clock = manualClock()
    const installs: string[] = []
    const updates = createUpdates({
      engine: feedEngine({
        currentVersion: '0.1.0',
        cacheDir: join(dataDir, 'updates'),
        platform: 'linux',
        arch: 'x64',
        runInstaller: async (file) => void installs.push(file),
      }),
      dataDir,
      log,
      emit: () => undefined,
      subscribe: () => () => undefined,
      busy: () =>
        busyReasons([
          { busy: () => null },
          {
            busy: () => Promise.reject(new Error('journal locked')),
          },
        ]),
      now: clock.now,
      schedule: clock.schedule,
      allowedFeeds: [feed.url],
    })
    await updates.handlers['updates.configure'](
      UpdatePreferencesInput.parse({ source: { kind: 'generic', url: feed.url } }),
      ctx(),
    )
    expect(await updates.policy.onQuit()).toBe(false)
    expect(updates.policy.status().phase).toBe('waiting')
    expect(installs).toEqual([])
  })

  it('stable never takes a beta; the beta channel reads beta-linux.yml', async () => {
    feed.publish('stable', release('0.3.0-beta.1'))
    feed.publish('beta', release('0.3.0-beta.1'))
    const r = rig()
    await onTestFeed(r, 'stable')
    expect(r.updates.policy.status()).toMatchObject({ phase: 'up_to_date', availableVersion: null })

    await r.configure({ channel: 'beta' })
    expect(feed.requests).toContain('feed/beta-linux.yml')
    expect(r.updates.policy.status()).toMatchObject({
      phase: 'ready',
      channel: 'beta',
      availableVersion: '0.3.0-beta.1',
    })
    expect(JSON.parse(readFileSync(join(dataDir, 'updates.json'), 'utf8'))).toMatchObject({
      value: { channel: 'beta', source: { kind: 'generic', url: feed.url } },
    })
  })

  it('paused: nothing is checked, downloaded or installed', async () => {
    feed.publish('stable', release('0.2.0'))
    const r = rig()
    await onTestFeed(r)
    expect(r.updates.policy.status().phase).toBe('ready')
    await r.configure({ paused: true })
    const before = feed.requests.length
    await r.updates.handlers['updates.check'](undefined, ctx())
    expect(feed.requests.length).toBe(before)
    expect(r.updates.policy.status()).toMatchObject({ phase: 'paused', paused: true })
    expect(await r.updates.policy.onQuit()).toBe(false)
    expect(r.installs).toEqual([])
  })

  it('a download that does not match its SHA-512 is refused and never installed', async () => {
    feed.publish('stable', { ...release('0.2.0'), serve: Buffer.from('tampered installer') })
    const r = rig()
    await onTestFeed(r)
    const status = r.updates.policy.status()
    expect(status.phase).toBe('error')
    expect(status.message).toContain('does not match its SHA-512')
    expect(await r.updates.policy.onQuit()).toBe(false)
    expect(r.installs).toEqual([])
  })

  it('a feed that answers 404 is an error in words, tried again at the next check', async () => {
    const r = rig()
    r.updates.start()
    await onTestFeed(r)
    expect(r.updates.policy.status()).toMatchObject({ phase: 'error' })
    expect(r.updates.policy.status().message).toContain('404')
    expect(r.clock.pending()).toEqual([CHECK_EVERY_MS])
  })

  it('a deb install is told to use its package manager and downloads nothing', async () => {
    feed.publish('stable', release('0.2.0'))
    const r = rig({
      engine: (base) => ({
        ...base,
        capability: 'manual',
        capabilityReason:
          'Update it with your package manager (sudo apt update && sudo apt upgrade).',
      }),
    })
    await onTestFeed(r)
    const status = r.updates.policy.status()
    expect(status).toMatchObject({ phase: 'manual', availableVersion: '0.2.0' })
    expect(status.message).toContain('package manager')
    expect(feed.requests).toEqual(['feed/latest-linux.yml'])
    expect(await r.updates.policy.onQuit()).toBe(false)
  })

  it('refuses a feed the build does not allow, and leaves the source as it was', async () => {
    const r = rig({ allowedFeeds: [] })
    expect(() => r.configure({ source: { kind: 'generic', url: feed.url } })).toThrow(
      /takes updates only from Tilldesk’s GitHub Releases/,
    )
    expect(r.updates.policy.status().source).toEqual({ kind: 'github' })
    expect(existsSync(join(dataDir, 'updates.json'))).toBe(false)
    expect(feed.requests).toEqual([])
  })

  it('ignores, with a finding, a feed written into updates.json by hand', async () => {
    const evil = new Feed()
    await evil.start()
    try {
      evil.publish('stable', release('9.9.9'))
      writeFileSync(
        join(dataDir, 'updates.json'),
        JSON.stringify({
          channel: 'stable',
          paused: false,
          source: { kind: 'generic', url: evil.url },
        }),
      )
      const r = rig()
      expect(r.reported.join(' ')).toContain('does not allow')
      expect(r.updates.policy.status().source).toEqual({ kind: 'github' })
      r.updates.start()
      r.clock.next()
      await r.updates.policy.check()
      expect(evil.requests).toEqual([])
      await r.updates.stop()
      expect(r.installs).toEqual([])
      // Saving a change (pausing) writes the source that is really used.
      await r.configure({ paused: true })
      expect(JSON.parse(readFileSync(join(dataDir, 'updates.json'), 'utf8')).value.source).toEqual({
        kind: 'github',
      })
    } finally {
      await evil.stop()
    }
  })

  it('rejects a feed address that is neither https nor this computer', () => {
    expect(
      UpdatePreferencesInput.safeParse({
        source: { kind: 'generic', url: 'http://updates.example' },
      }).success,
    ).toBe(false)
    expect(
      UpdatePreferencesInput.safeParse({
        source: { kind: 'generic', url: 'https://updates.example/tilldesk/' },
      }).data?.source,
    ).toEqual({ kind: 'generic', url: 'https://updates.example/tilldesk' })
  })

  it('names the channel files electron-builder writes for each platform', () => {
    expect(channelFile('stable', 'win32', 'x64')).toBe('latest.yml')
    expect(channelFile('stable', 'darwin', 'arm64')).toBe('latest-mac.yml')
    expect(channelFile('stable', 'linux', 'x64')).toBe('latest-linux.yml')
    expect(channelFile('beta', 'linux', 'arm64')).toBe('beta-linux-arm64.yml')
  })
})

function ctx() {
  return { user: null, sender: { transport: 'test' as const, url: 'test://' } }
}

// A downloaded update that waits, a deb install's newer version, and a failed check came as
// main's English on a French Settings → Updates. Each now comes keyed (`updates.waits`,
// `updates.available`, `updates.failed`), said in French with no word of the English catalogue.
describe('updates in the till’s language', () => {
  const french = (status: UpdateStatus) => {
    expect(status.say, status.message).toBeDefined()
    const said = sayIn(catalogueOf('fr').errors, status.say!, 'fr-CI')
    expect(said, status.message).toBeDefined()
    expect(englishIn(said!.replace(/sudo apt update && sudo apt upgrade|\.deb/g, ''))).toEqual([])
    // The English the key makes is main's own (an older window falls back to it).
    expect(sayIn(catalogueOf('en').errors, status.say!, 'en-NG')).toBe(
      status.message.replace(/: .*\. It is tried/, '. It is tried'),
    )
    return said!
  }

  it('says why a downloaded update waits', async () => {
    feed.publish('stable', release('0.2.0'))
    const r = rig({ busy: ['3 charges are open.', 'Payouts are sending.'] })
    await onTestFeed(r)
    expect(r.updates.policy.status().phase).toBe('waiting')
    expect(french(r.updates.policy.status())).toContain('3 demandes de paiement')
    r.busy.reasons = ['A charge is open.']
    expect(await r.updates.policy.onQuit()).toBe(false)
    french(r.updates.policy.status())
  })

  it('leaves a reason the words do not make in main’s English', async () => {
    feed.publish('stable', release('0.2.0'))
    const r = rig({ busy: ['A refund is on its way.'] })
    await onTestFeed(r)
    expect(r.updates.policy.status()).toMatchObject({ phase: 'waiting' })
    expect(r.updates.policy.status().say).toBeUndefined()
  })

  it('says a failed check, its detail left to the English', async () => {
    const r = rig()
    await onTestFeed(r)
    expect(r.updates.policy.status()).toMatchObject({
      phase: 'error',
      say: { key: 'updates.failed' },
    })
    french(r.updates.policy.status())
  })
})
