// scripts/check-package.ts on a small packaged app built here: a real asar made with
// @electron/asar (keytar's .node unpacked as electron-builder does), and an "executable"
// holding an Electron fuse wire (the sentinel @electron/fuses looks for, the wire version,
// the fuse count and one byte per fuse).
import { createPackageWithOptions } from '@electron/asar'
import { SENTINEL } from '@electron/fuses/dist/constants.js'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { checkPackage, expectedFuses, FUSE_OFF, FUSE_ON } from '../../../scripts/check-package'

const builderYaml = readFileSync('electron-builder.yml', 'utf8')
let root: string

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'tilldesk-package-'))
})
afterEach(() => rmSync(root, { recursive: true, force: true }))

function put(base: string, path: string, text = 'x'): void {
  mkdirSync(dirname(join(base, path)), { recursive: true })
  writeFileSync(join(base, path), text)
}

/** Fuse bytes in wire order (RunAsNode first), as electron-builder.yml wants them. */
function wantedWire(): number[] {
  const wanted = expectedFuses(builderYaml)
  return Array.from({ length: 8 }, (_, index) => (wanted.get(index) === false ? FUSE_OFF : FUSE_ON))
}

async function packagedApp(
  options: { extra?: string[]; version?: string; unpackKeytar?: boolean; wire?: number[] } = {},
) {
  const app = join(root, 'linux-unpacked')
  const source = join(root, 'app-src')
  put(
    source,
    'package.json',
    JSON.stringify({ name: 'tilldesk', version: options.version ?? '1.2.3' }),
  )
  put(source, 'out/main/index.js', 'export {}')
  put(source, 'out/renderer/index.html', '<!doctype html>')
  put(source, 'node_modules/keytar/package.json', '{}')
  put(source, 'node_modules/keytar/build/Release/keytar.node', 'ELF')
  for (const path of options.extra ?? []) put(source, path)
  mkdirSync(join(app, 'resources'), { recursive: true })
  await createPackageWithOptions(source, join(app, 'resources/app.asar'), {
    ...(options.unpackKeytar === false ? {} : { unpack: '**/*.node' }),
  })
  const wire = options.wire ?? wantedWire()
  writeFileSync(
    join(app, 'tilldesk'),
    Buffer.concat([
      Buffer.from('ELF…electron…'),
      Buffer.from(SENTINEL),
      Buffer.from([1, wire.length, ...wire]),
      Buffer.from('…rest of the binary'),
    ]),
  )
  return root
}

const failures = async (dir: string, tag: string | null = 'v1.2.3') =>
  (await checkPackage({ dir, tag, builderYaml })).filter((check) => !check.ok).map((c) => c.name)

describe('check-package', () => {
  it('passes a package built as electron-builder.yml says', async () => {
    const checks = await checkPackage({ dir: await packagedApp(), tag: 'v1.2.3', builderYaml })
    expect(checks.filter((check) => !check.ok)).toEqual([])
    expect(checks.map((check) => check.name)).toEqual(
      expect.arrayContaining([
        'fuse RunAsNode',
        'fuse EnableEmbeddedAsarIntegrityValidation',
        'fuse OnlyLoadAppFromAsar',
        "keytar's .node is unpacked",
        'version matches the tag',
      ]),
    )
  })

  it('reads RunAsNode left on from the binary', async () => {
    const wire = wantedWire()
    wire[0] = FUSE_ON
    expect(await failures(await packagedApp({ wire }))).toEqual(['fuse RunAsNode'])
  })

  it('finds the preview, the sandbox CLI and tests inside the asar', async () => {
    const dir = await packagedApp({
      extra: ['preview/server.js', 'sandbox/cli.js', 'test/unit/a.test.js', 'out/main/x.spec.js'],
    })
    expect(await failures(dir)).toEqual([
      'no preview/ in app.asar',
      'no sandbox CLI in app.asar',
      'no test/ in app.asar',
      'no test files in app.asar',
    ])
  })

  it("fails when keytar's .node is packed into the asar", async () => {
    expect(await failures(await packagedApp({ unpackKeytar: false }))).toEqual([
      "keytar's .node is unpacked",
    ])
  })

  it('fails when the version is not the tag', async () => {
    expect(await failures(await packagedApp({ version: '1.2.4' }), 'refs/tags/v1.2.3')).toEqual([
      'version matches the tag',
    ])
  })

  it('fails when there is nothing packaged', async () => {
    expect(await failures(join(root, 'empty'))).toEqual(['packaged app found'])
  })
})
