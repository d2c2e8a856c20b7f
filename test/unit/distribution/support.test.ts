// Support without secrets: rotating logs that never hold a secret or a PIN, the diagnostics
// zip (read back and searched for every secret the till knows), About's licence list, and
// crash reports that stay local until the admin opts in.
import { strFromU8, unzipSync } from 'fflate'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { CrashReportingInput } from '../../../common/ipc/app'
import { createLogger, fileLog } from '../../../main/kernel/log'
import { nodeHost } from '../../../main/diagnostics/host'
import { createSupport } from '../../../main/diagnostics/module'
import { defaultSettings } from '../../../main/settings/schema'
import { SettingsStore } from '../../../main/settings/store'
import { collectLicences } from '../../../scripts/licences'
import { memoryBackend } from '../shell/helpers'

const API_SECRET = 'sk_live_9f8e7d6c5b4a39281706'
const PIN = '918273'
const PIN_HASH = 'scrypt$16384$8$1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaA'
const SIGNATURE = 'ab'.repeat(32)
const ctx = { user: null, sender: { transport: 'test' as const, url: 'test://' } }

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tilldesk-support-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

function till() {
  const settings = new SettingsStore(
    memoryBackend({
      ...defaultSettings(),
      keyIds: { demo: null, sandbox: 'key_sandbox_1', live: null },
      users: [
        {
          id: 'u_admin0001',
          name: 'Ada Admin',
          role: 'admin',
          pinHash: PIN_HASH,
          disabled: false,
          failedAttempts: 0,
          lockouts: 0,
          lockedUntil: null,
          createdAt: '2026-11-01T08:00:00.000Z',
        },
      ],
    }),
  )
  const logs = fileLog({ dir: join(dir, 'logs'), maxBytes: 2_000, keep: 2 })
  const log = createLogger(logs.sink)
  const uploads: Array<[boolean, string | null]> = []
  const support = createSupport({
    core: { settings, dataDir: dir, log, now: () => Date.parse('2026-11-24T12:00:00.000Z') },
    host: {
      ...nodeHost(),
      licencesFile: join(dir, 'licences.json'),
      setCrashUpload: (upload, url) => uploads.push([upload, url]),
    },
    logFiles: logs.files,
    integrityFindings: () => [
      { area: 'payouts', file: 'live/outbox.jsonl', record: 'line 12', problem: 'Seal mismatch' },
    ],
    updates: () => ({ phase: 'up_to_date', currentVersion: '0.1.0' }),
  })
  return { support, log, logs, uploads }
}

describe('logs', () => {
  it('scrub secrets and PINs from data and text, and rotate by size', () => {
    const { log, logs } = till()
    for (let i = 0; i < 40; i += 1) {
      log.info(`saved key secret=${API_SECRET}`, { secret: API_SECRET, keyId: 'key_sandbox_1' })
      log.warn('pin refused', { user: 'u_admin0001', pin: PIN, signature: SIGNATURE })
      log.error(`gateway said Authorization: Bearer-${API_SECRET} for ${SIGNATURE}`)
    }
    const files = logs.files()
    expect(files.map((file) => file.split('/').pop())).toEqual([
      'main.log',
      'main.1.log',
      'main.2.log',
    ])
    const written = files.map((file) => readFileSync(file, 'utf8')).join('\n')
    expect(written).toContain('pin refused')
    expect(written).toContain('key_sandbox_1')
    expect(written).not.toContain(API_SECRET)
    expect(written).not.toContain(PIN)
    expect(written).not.toContain(SIGNATURE)
    for (const file of files) expect(readFileSync(file).length).toBeLessThan(4_000)
  })
})

describe('export diagnostics', () => {
  it('zips versions, settings, logs, integrity and updates, with no secret or PIN inside', async () => {
    const { support, log } = till()
    log.info('charge opened', { amount: 150_000, secret: API_SECRET, pin: PIN })
    const result = await support.handlers['app.exportDiagnostics'](undefined, ctx)
    expect(result.filename).toBe('tilldesk-diagnostics-2026-11-24T12-00-00-000Z.zip')
    const zip = unzipSync(Buffer.from(result.base64, 'base64'))
    expect(Object.keys(zip).sort()).toEqual(
      ['integrity.json', 'logs/main.log', 'settings.json', 'updates.json', 'versions.json'].sort(),
    )
    const all = Object.values(zip)
      .map((data) => strFromU8(data))
      .join('\n')
    for (const secret of [API_SECRET, PIN, PIN_HASH, 'scrypt$', SIGNATURE]) {
      expect(all).not.toContain(secret)
    }
    const settings = JSON.parse(strFromU8(zip['settings.json']!))
    expect(settings).toMatchObject({
      tillName: 'Till 1',
      staff: { admin: 1, supervisor: 0, cashier: 0 },
      crashReporting: { upload: false },
    })
    expect(JSON.parse(strFromU8(zip['versions.json']!))).toMatchObject({
      tilldesk: JSON.parse(readFileSync('package.json', 'utf8')).version,
      node: process.versions.node,
    })
    expect(JSON.parse(strFromU8(zip['integrity.json']!))[0]).toMatchObject({
      problem: 'Seal mismatch',
    })
    expect(strFromU8(zip['logs/main.log']!)).toContain('charge opened')
  })

  it('re-scrubs a log line written before scrubbing existed', async () => {
    const { support, logs } = till()
    logs.sink('info', 'first line', undefined)
    writeFileSync(
      join(dir, 'logs/main.log'),
      `${readFileSync(join(dir, 'logs/main.log'), 'utf8')}old line password=${API_SECRET}\n`,
    )
    const result = await support.handlers['app.exportDiagnostics'](undefined, ctx)
    const text = strFromU8(unzipSync(Buffer.from(result.base64, 'base64'))['logs/main.log']!)
    expect(text).toContain('old line password=[redacted]')
    expect(text).not.toContain(API_SECRET)
  })
})

describe('about', () => {
  it('shows the version, the runtime and the generated licences', async () => {
    const { support } = till()
    writeFileSync(
      join(dir, 'licences.json'),
      JSON.stringify({
        generatedAt: '2026-11-24T10:00:00.000Z',
        packages: [
          { name: 'zod', version: '4.0.0', license: 'MIT', repository: null, text: 'MIT …' },
          { name: 42 },
        ],
      }),
    )
    const about = await support.handlers['app.about'](undefined, ctx)
    expect(about).toMatchObject({
      name: 'Tilldesk',
      environment: 'demo',
      runtime: { electron: null, node: process.versions.node },
      licencesGeneratedAt: '2026-11-24T10:00:00.000Z',
      licences: [{ name: 'zod', license: 'MIT' }],
    })
  })

  it('says so when the build has no licence list', async () => {
    const { support } = till()
    const about = await support.handlers['app.about'](undefined, ctx)
    expect(about.licences).toEqual([])
    expect(about.licencesGeneratedAt).toBeNull()
  })

  it('lists what ships (production and renderer-bundled packages), not the dev tools', () => {
    const names = new Set(collectLicences().map((entry) => entry.name))
    for (const name of ['zod', 'keytar', 'electron-updater', 'react', 'react-dom', 'electron']) {
      expect(names).toContain(name)
    }
    // Electron's downloader is not inside the app.
    for (const name of ['vitest', 'eslint', 'typescript', 'electron-builder', '@electron/get']) {
      expect(names).not.toContain(name)
    }
    const zod = collectLicences().find((entry) => entry.name === 'zod')
    expect(zod?.license).toBe('MIT')
    expect(zod?.text).toMatch(/MIT License|Permission is hereby granted/)
  })
})

describe('crash reports', () => {
  it('stay local until the admin opts in with an address', async () => {
    const { support, uploads } = till()
    expect(await support.handlers['app.crashReporting'](undefined, ctx)).toEqual({
      upload: false,
      url: null,
    })
    expect(uploads).toEqual([[false, null]])
    expect(CrashReportingInput.safeParse({ upload: true, url: null }).success).toBe(false)
    const input = CrashReportingInput.parse({ upload: true, url: 'https://crash.example/submit' })
    await support.handlers['app.setCrashReporting'](input, ctx)
    expect(uploads.at(-1)).toEqual([true, 'https://crash.example/submit'])
    expect(till().uploads).toEqual([[true, 'https://crash.example/submit']])
  })
})
