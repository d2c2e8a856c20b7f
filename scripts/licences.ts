// `npm run licences` (run by `npm run build`): the licences of everything Tilldesk ships,
// for the About screen, into out/licences.json. What ships: the production dependencies
// (packaged in node_modules), the packages Vite bundles into the renderer (React, zustand, …,
// dev dependencies by npm's reckoning but inside the app all the same), and Electron itself.
// Each package's dependency tree is walked through node_modules the way Node resolves it, so
// the list is exactly what is installed, with each package's own LICENSE/NOTICE text.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')

/** Dev dependencies that end up inside the app: bundled into the renderer, or the runtime. */
export const BUNDLED_DEV_DEPENDENCIES = [
  'react',
  'react-dom',
  'zustand',
  '@tanstack/react-virtual',
  'electron',
]

/** Packages listed without their npm dependencies (see collectLicences). */
const LEAVES = new Set(['electron'])

export interface LicencePackage {
  name: string
  version: string
  license: string
  repository: string | null
  text: string | null
}

interface Manifest {
  name?: string
  version?: string
  license?: unknown
  licenses?: unknown
  repository?: unknown
  dependencies?: Record<string, string>
  optionalDependencies?: Record<string, string>
}

const readManifest = (dir: string): Manifest =>
  JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest

/** Node's lookup: node_modules/<name> in `from`, then in each parent folder. */
function locate(name: string, from: string): string | null {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name)
    if (existsSync(join(candidate, 'package.json'))) return candidate
    if (dirname(dir) === dir) return null
  }
}

function licenceOf(manifest: Manifest): string {
  if (typeof manifest.license === 'string') return manifest.license
  const typed = (value: unknown) =>
    value && typeof value === 'object' && 'type' in value ? String(value.type) : null
  if (typed(manifest.license)) return typed(manifest.license)!
  if (Array.isArray(manifest.licenses)) {
    const names = manifest.licenses.map(typed).filter(Boolean)
    if (names.length > 0) return `(${names.join(' OR ')})`
  }
  return 'UNKNOWN'
}

function repositoryOf(manifest: Manifest): string | null {
  const value = manifest.repository
  const url =
    typeof value === 'string'
      ? value
      : value && typeof value === 'object' && 'url' in value
        ? String(value.url)
        : null
  return url ? url.replace(/^git\+/, '').replace(/\.git$/, '') : null
}

function licenceText(dir: string): string | null {
  const names = readdirSync(dir)
    .filter((file) => /^(licen[cs]e|copying|notice)(\.|-|$)/i.test(file))
    .sort()
  if (names.length === 0) return null
  return names.map((file) => readFileSync(join(dir, file), 'utf8').trim()).join('\n\n')
}

export function collectLicences(projectDir: string = root): LicencePackage[] {
  const project = readManifest(projectDir)
  const roots = [...Object.keys(project.dependencies ?? {}), ...BUNDLED_DEV_DEPENDENCIES]
  const found = new Map<string, LicencePackage>()
  const queue: Array<{ name: string; from: string; optional: boolean }> = roots.map((name) => ({
    name,
    from: projectDir,
    optional: false,
  }))
  while (queue.length > 0) {
    const { name, from, optional } = queue.shift()!
    const dir = locate(name, from)
    if (!dir) {
      // Optional dependencies for other platforms are simply not installed here.
      if (optional) continue
      throw new Error(`${name} (needed from ${from}) is not installed; run npm ci first.`)
    }
    const manifest = readManifest(dir)
    const key = `${manifest.name ?? name}@${manifest.version ?? '?'}`
    if (found.has(key)) continue
    found.set(key, {
      name: manifest.name ?? name,
      version: manifest.version ?? '0.0.0',
      license: licenceOf(manifest),
      repository: repositoryOf(manifest),
      text: licenceText(dir),
    })
    // Electron's npm package is only its downloader; what ships is the runtime itself, whose
    // own notices (LICENSE, LICENSES.chromium.html) electron-builder copies beside the app.
    if (LEAVES.has(name)) continue
    for (const dependency of Object.keys(manifest.dependencies ?? {})) {
      queue.push({ name: dependency, from: dir, optional: false })
    }
    for (const dependency of Object.keys(manifest.optionalDependencies ?? {})) {
      queue.push({ name: dependency, from: dir, optional: true })
    }
  }
  return [...found.values()].sort(
    (a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version),
  )
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { out: { type: 'string' } } })
  const out = resolve(values.out ?? join(root, 'out/licences.json'))
  const packages = collectLicences()
  mkdirSync(dirname(out), { recursive: true })
  writeFileSync(out, `${JSON.stringify({ generatedAt: new Date().toISOString(), packages })}\n`)
  const unknown = packages.filter((entry) => entry.license === 'UNKNOWN').map((entry) => entry.name)
  process.stdout.write(
    `licences: ${packages.length} packages into ${out}${unknown.length ? ` (no licence field: ${unknown.join(', ')})` : ''}\n`,
  )
}
