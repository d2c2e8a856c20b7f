// After electron-builder: checks what a packaged Tilldesk really is, from the files themselves.
//   npm run check-package -- --dir release/<version> [--tag v<version>]
// - the fuses, read from the packaged binary with @electron/fuses, equal electronFuses in
//   electron-builder.yml (RunAsNode off, asar integrity on, …);
// - app.asar (listed with @electron/asar) holds no preview/, no sandbox CLI, no tests, no
//   sources or source maps;
// - keytar's .node file is unpacked (app.asar.unpacked), since the OS can't load it from an asar;
// - the app's version equals the tag being released.
// Each packaged app found under --dir (linux-unpacked, win-unpacked, mac*/Tilldesk.app) is
// checked; the script exits 1 on any failure and prints one line per check.
import { extractFile, listPackage, statFile } from '@electron/asar'
import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { parse } from 'yaml'

export interface PackagedApp {
  /** linux-unpacked, win-unpacked, mac-arm64/Tilldesk.app … */
  label: string
  /** What @electron/fuses reads: the executable, or the .app bundle on macOS. */
  binary: string
  resources: string
}

export interface Check {
  app: string
  name: string
  ok: boolean
  detail: string
}

/** A fuse's byte in the wire: ASCII '1' on, '0' off (@electron/fuses' FuseState, not exported). */
export const FUSE_ON = 0x31
export const FUSE_OFF = 0x30

/** electron-builder.yml's electronFuses keys and the fuse each one sets. */
const FUSE_KEYS: Record<string, FuseV1Options> = {
  runAsNode: FuseV1Options.RunAsNode,
  enableCookieEncryption: FuseV1Options.EnableCookieEncryption,
  enableNodeOptionsEnvironmentVariable: FuseV1Options.EnableNodeOptionsEnvironmentVariable,
  enableNodeCliInspectArguments: FuseV1Options.EnableNodeCliInspectArguments,
  enableEmbeddedAsarIntegrityValidation: FuseV1Options.EnableEmbeddedAsarIntegrityValidation,
  onlyLoadAppFromAsar: FuseV1Options.OnlyLoadAppFromAsar,
  loadBrowserProcessSpecificV8Snapshot: FuseV1Options.LoadBrowserProcessSpecificV8Snapshot,
  grantFileProtocolExtraPrivileges: FuseV1Options.GrantFileProtocolExtraPrivileges,
}

/** The fuses electron-builder.yml asks for, as fuse index → wanted on/off. */
export function expectedFuses(builderYaml: string): Map<FuseV1Options, boolean> {
  const config = parse(builderYaml) as { electronFuses?: Record<string, unknown> }
  const wanted = new Map<FuseV1Options, boolean>()
  for (const [key, value] of Object.entries(config.electronFuses ?? {})) {
    const fuse = FUSE_KEYS[key]
    if (fuse !== undefined && typeof value === 'boolean') wanted.set(fuse, value)
  }
  return wanted
}

export async function checkFuses(
  app: PackagedApp,
  wanted: Map<FuseV1Options, boolean>,
): Promise<Check[]> {
  let wire: Record<string, unknown>
  try {
    wire = (await getCurrentFuseWire(app.binary)) as unknown as Record<string, unknown>
  } catch (error) {
    return [fail(app, 'fuses', `could not read the fuse wire: ${String(error)}`)]
  }
  return [...wanted].map(([fuse, on]) => {
    const state = wire[fuse]
    const want = on ? FUSE_ON : FUSE_OFF
    return {
      app: app.label,
      name: `fuse ${FuseV1Options[fuse]}`,
      ok: state === want,
      detail: `${on ? 'on' : 'off'} wanted, ${describeFuse(state)} found`,
    }
  })
}

const describeFuse = (state: unknown) =>
  state === FUSE_ON
    ? 'on'
    : state === FUSE_OFF
      ? 'off'
      : state === undefined
        ? 'missing'
        : `state ${String(state)}`

/** Paths that must never ship: the preview, the sandbox CLI, tests, sources, source maps. */
const FORBIDDEN: Array<{ pattern: RegExp; what: string }> = [
  { pattern: /^\/preview(\/|$)/, what: 'preview/' },
  { pattern: /(^|\/)sandbox\/cli(\.[cm]?[jt]s)?$/, what: 'sandbox CLI' },
  { pattern: /^\/test(\/|$)/, what: 'test/' },
  { pattern: /^\/(?!node_modules\/).*\.(test|spec)\.[cm]?[jt]sx?$/, what: 'test files' },
  { pattern: /^\/(?!node_modules\/).*\.tsx?$/, what: 'TypeScript sources' },
  { pattern: /^\/(?!node_modules\/).*\.map$/, what: 'source maps' },
]

export function checkAsarContents(app: PackagedApp): Check[] {
  const archive = join(app.resources, 'app.asar')
  if (!existsSync(archive)) return [fail(app, 'app.asar', `${archive} is missing`)]
  const files = listPackage(archive, { isPack: false }).map((path) => path.replaceAll('\\', '/'))
  const checks = FORBIDDEN.map(({ pattern, what }) => {
    const found = files.filter((path) => pattern.test(path))
    return {
      app: app.label,
      name: `no ${what} in app.asar`,
      ok: found.length === 0,
      detail: found.length === 0 ? `${files.length} entries` : found.slice(0, 5).join(', '),
    }
  })
  checks.push({
    app: app.label,
    name: 'asar holds the app',
    ok: files.includes('/out/main/index.js') && files.includes('/package.json'),
    detail: 'out/main/index.js and package.json',
  })
  return checks
}

export function checkKeytarUnpacked(app: PackagedApp): Check {
  const archive = join(app.resources, 'app.asar')
  const inside = 'node_modules/keytar/build/Release/keytar.node'
  const onDisk = join(app.resources, 'app.asar.unpacked', inside)
  let markedUnpacked = false
  try {
    markedUnpacked = (statFile(archive, inside) as { unpacked?: boolean }).unpacked === true
  } catch {
    markedUnpacked = false
  }
  return {
    app: app.label,
    name: "keytar's .node is unpacked",
    ok: markedUnpacked && existsSync(onDisk),
    detail: `${markedUnpacked ? 'marked unpacked' : 'not marked unpacked'}; ${existsSync(onDisk) ? 'present' : 'missing'} in app.asar.unpacked`,
  }
}

export function checkVersion(app: PackagedApp, tag: string): Check {
  const archive = join(app.resources, 'app.asar')
  const wanted = tag.replace(/^refs\/tags\//, '').replace(/^v/, '')
  let found = '(unreadable)'
  try {
    found = String(
      (JSON.parse(extractFile(archive, 'package.json').toString('utf8')) as { version?: unknown })
        .version,
    )
  } catch {
    found = '(no package.json in app.asar)'
  }
  return {
    app: app.label,
    name: 'version matches the tag',
    ok: found === wanted,
    detail: `tag ${tag}, app ${found}`,
  }
}

/** The unpacked apps electron-builder leaves in its output folder. */
export function findPackagedApps(dir: string, productName = 'Tilldesk'): PackagedApp[] {
  const apps: PackagedApp[] = []
  for (const entry of safeList(dir)) {
    const folder = join(dir, entry)
    if (entry === 'linux-unpacked' || /^linux-.*-unpacked$/.test(entry)) {
      const binary = join(folder, productName.toLowerCase())
      apps.push({ label: entry, binary, resources: join(folder, 'resources') })
    } else if (entry === 'win-unpacked' || /^win-.*-unpacked$/.test(entry)) {
      const binary = join(folder, `${productName}.exe`)
      apps.push({ label: entry, binary, resources: join(folder, 'resources') })
    } else if (entry.startsWith('mac')) {
      const bundle = join(folder, `${productName}.app`)
      if (existsSync(bundle)) {
        apps.push({
          label: `${entry}/${productName}.app`,
          binary: bundle,
          resources: join(bundle, 'Contents/Resources'),
        })
      }
    }
  }
  return apps
}

export async function checkPackage(options: {
  dir: string
  tag: string | null
  builderYaml: string
}): Promise<Check[]> {
  const apps = findPackagedApps(options.dir)
  if (apps.length === 0) {
    return [
      {
        app: options.dir,
        name: 'packaged app found',
        ok: false,
        detail: 'no linux-unpacked, win-unpacked or mac*/Tilldesk.app',
      },
    ]
  }
  const wanted = expectedFuses(options.builderYaml)
  const checks: Check[] = []
  for (const app of apps) {
    checks.push(...(await checkFuses(app, wanted)))
    checks.push(...checkAsarContents(app))
    checks.push(checkKeytarUnpacked(app))
    if (options.tag) checks.push(checkVersion(app, options.tag))
  }
  return checks
}

const fail = (app: PackagedApp, name: string, detail: string): Check => ({
  app: app.label,
  name,
  ok: false,
  detail,
})

function safeList(dir: string): string[] {
  try {
    return readdirSync(dir)
  } catch {
    return []
  }
}

async function main(): Promise<void> {
  const root = resolve(fileURLToPath(new URL('..', import.meta.url)))
  const { values } = parseArgs({
    options: { dir: { type: 'string' }, tag: { type: 'string' } },
  })
  const version = (
    JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }
  ).version
  const checks = await checkPackage({
    dir: resolve(values.dir ?? join(root, 'release', version)),
    tag: values.tag ?? null,
    builderYaml: readFileSync(join(root, 'electron-builder.yml'), 'utf8'),
  })
  for (const check of checks) {
    process.stdout.write(
      `${check.ok ? 'ok  ' : 'FAIL'} ${check.app}: ${check.name} (${check.detail})\n`,
    )
  }
  const failed = checks.filter((check) => !check.ok).length
  process.stdout.write(`check-package: ${checks.length - failed} passed, ${failed} failed\n`)
  if (failed > 0) process.exitCode = 1
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main()
