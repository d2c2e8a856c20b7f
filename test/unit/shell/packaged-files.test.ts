// What the packaged app carries. electron-builder ships `files` plus the production
// dependencies; the browser preview (preview/) and what only it needs must stay out.
import { readFileSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { importGraph } from './import-graph'

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {
  dependencies: Record<string, string>
  devDependencies: Record<string, string>
}
const builder = parse(readFileSync('electron-builder.yml', 'utf8')) as { files: string[] }

const packageName = (specifier: string) =>
  specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!
const isBuiltin = (specifier: string) =>
  specifier.startsWith('node:') || builtinModules.includes(specifier) || specifier === 'electron'

/** Packages the shipped entry points load at run time. */
const shipped = new Set(
  ['main/index.ts', 'preload/index.ts', 'preload/customer-display.ts'].flatMap((entry) =>
    [...importGraph(entry).packages].filter((s) => !isBuiltin(s)).map(packageName),
  ),
)
/** What the shipped packages themselves depend on (shipped whatever we list). */
const carried = new Set(
  [...shipped].flatMap((name) =>
    Object.keys(
      (
        JSON.parse(readFileSync(`node_modules/${name}/package.json`, 'utf8')) as {
          dependencies?: Record<string, string>
        }
      ).dependencies ?? {},
    ),
  ),
)
/** Packages only the preview loads (and that nothing shipped carries anyway, like conf). */
const previewOnly = [...importGraph('preview/cli.ts').packages]
  .filter((s) => !isBuiltin(s))
  .map(packageName)
  .filter((name) => !shipped.has(name) && !carried.has(name))

describe('the packaged file set', () => {
  it('leaves preview/ out of the files', () => {
    expect(builder.files).toContain('!preview/**')
    expect(builder.files.filter((pattern) => /^preview|^\*\*/.test(pattern))).toEqual([])
  })

  it('ships no dependency only the preview uses', () => {
    expect(previewOnly).toContain('ws')
    for (const name of previewOnly) {
      expect(pkg.dependencies, name).not.toHaveProperty(name)
      expect(pkg.devDependencies, name).toHaveProperty(name)
    }
  })

  it('has every package the app loads among the production dependencies', () => {
    for (const name of shipped) {
      expect(Object.hasOwn(pkg.dependencies, name), `${name} is loaded by the app`).toBe(true)
    }
    expect(shipped.has('ws')).toBe(false)
  })
})
