// electron-builder.yml against the schema electron-builder itself validates with, plus the
// settings the security design depends on.
import Ajv from 'ajv'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { GITHUB_FEED } from '../../../main/updates/engine'

const require = createRequire(import.meta.url)
const schema = JSON.parse(
  readFileSync(require.resolve('app-builder-lib/scheme.json'), 'utf8'),
) as object
const config = parse(readFileSync('electron-builder.yml', 'utf8')) as Record<string, unknown> & {
  electronFuses: Record<string, boolean>
  files: string[]
  mac: { hardenedRuntime: boolean; target: Array<{ target: string }> }
  win: { target: Array<{ target: string }>; icon: string }
  linux: { target: string[]; icon: string }
  nsis: Record<string, unknown>
  publish: Record<string, unknown>
}

describe('electron-builder.yml', () => {
  it('is valid for app-builder-lib', () => {
    const ajv = new Ajv({ allErrors: true, strict: false, allowUnionTypes: true })
    const validate = ajv.compile(schema)
    const valid = validate(config)
    expect(validate.errors ?? []).toEqual([])
    expect(valid).toBe(true)
  })

  it('rejects a typo, so the test can fail', () => {
    const ajv = new Ajv({ allErrors: true, strict: false, allowUnionTypes: true })
    expect(ajv.compile(schema)({ ...config, asarr: true })).toBe(false)
  })

  it('has the identity, targets and hardening the release needs', () => {
    expect(config.appId).toBe('com.tilldesk.desk')
    expect(config.productName).toBe('Tilldesk')
    expect(config.asar).toBe(true)
    expect(config.win.target.map((t) => t.target)).toEqual(['nsis'])
    // dmg installs; zip is what electron-updater downloads on macOS.
    expect(config.mac.target.map((t) => t.target)).toEqual(['dmg', 'zip'])
    expect(config.mac.hardenedRuntime).toBe(true)
    expect(config.linux.target).toEqual(['AppImage', 'deb'])
    expect(config.npmRebuild).toBe(true)
    expect(config.asarUnpack).toContain('node_modules/keytar/**')
    expect(config.electronFuses).toMatchObject({
      runAsNode: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
    })
  })

  it('uses the icons npm run icons renders', () => {
    expect(config.win.icon).toBe('build/icon.ico')
    expect((config.mac as unknown as { icon: string }).icon).toBe('build/icon.icns')
    expect(config.linux.icon).toBe('build/icons')
  })

  it('installs per user on Windows with a desktop shortcut, and keeps data on uninstall', () => {
    expect(config.nsis).toMatchObject({
      oneClick: false,
      perMachine: false,
      createDesktopShortcut: true,
      deleteAppDataOnUninstall: false,
    })
  })

  it('publishes update metadata for every channel to the repository the app reads', () => {
    expect(config.generateUpdatesFilesForAllChannels).toBe(true)
    expect(config.publish).toMatchObject({ ...GITHUB_FEED, releaseType: 'draft' })
  })

  it('never packages the preview, tests or sources', () => {
    expect(config.files).toContain('!preview/**')
    const included = config.files.filter((pattern) => !pattern.startsWith('!'))
    expect(
      included.every((pattern) => pattern.startsWith('out/') || pattern === 'package.json'),
    ).toBe(true)
    expect(included).toContain('out/licences.json')
  })
})
