// The security gate's mutation test: each change a review showed the old gate missed (and a few
// of their siblings) is applied to a temporary copy of the sources, and the gate must fail on
// it, naming the rule; the unchanged copy must pass. The three reported misses run the whole
// gate (`npm run security -- --root <copy>`); the siblings run its own checks directly.
import { spawn } from 'node:child_process'
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkCsp, checkPolicy } from '../../../scripts/security-gate/csp'
import { checkGuards } from '../../../scripts/security-gate/guards'
import { checkWindowOptions } from '../../../scripts/security-gate/window-options'

const REPO = resolve('.')
const COPIED = [
  'main',
  'preload',
  'renderer',
  'common',
  'test/unit/shell',
  'package.json',
  'tsconfig.json',
  'tsconfig.base.json',
  'tsconfig.node.json',
  'tsconfig.web.json',
  'vitest.config.ts',
]
const copies: string[] = []

/** A fresh copy of the sources with `change` applied to `file` (which must really change). */
function mutated(file: string, change: (text: string) => string): string {
  const root = mkdtempSync(join(tmpdir(), 'tilldesk-gate-'))
  copies.push(root)
  for (const path of COPIED) cpSync(join(REPO, path), join(root, path), { recursive: true })
  symlinkSync(join(REPO, 'node_modules'), join(root, 'node_modules'), 'dir')
  if (file) {
    const before = readFileSync(join(root, file), 'utf8')
    const after = change(before)
    expect(after, `mutation of ${file} changed nothing`).not.toBe(before)
    writeFileSync(join(root, file), after)
  }
  return root
}

function gate(root: string): Promise<{ code: number | null; output: string }> {
  return new Promise((done) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(REPO, 'scripts/security.ts'), '--root', root],
      { cwd: REPO, env: { ...process.env, CI: '1' } },
    )
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.on('close', (code) => done({ code, output }))
  })
}

const NODE_INTEGRATION = (text: string) =>
  text.replace('nodeIntegration: false,', 'nodeIntegration: true,')
const NO_GUARDS = (text: string) =>
  text
    .replace(/ {2}contents\.on\('will-navigate'[\s\S]*?\n {2}\}\)\n/, '')
    .replace(/ {2}contents\.setWindowOpenHandler\([\s\S]*?\n {2}\}\)\n/, '')
/** Still reads right, but lets every redirect through: only the behavioural test sees it. */
const LEAKY_REDIRECT = (text: string) =>
  text.replace(
    'if (!isOwnUrl(url, devServerUrl)) event.preventDefault()',
    "if (url === 'never') event.preventDefault()",
  )
const UNSAFE_EVAL = (text: string) =>
  text.replace("script-src 'self';", "script-src 'self' 'unsafe-eval';")

let runs: Record<
  'clean' | 'nodeIntegration' | 'guards' | 'leakyRedirect' | 'unsafeEval',
  { code: number | null; output: string }
>

beforeAll(async () => {
  const [clean, nodeIntegration, guards, leakyRedirect, unsafeEval] = await Promise.all([
    gate(mutated('', (text) => text)),
    gate(mutated('main/window.ts', NODE_INTEGRATION)),
    gate(mutated('main/security/harden.ts', NO_GUARDS)),
    gate(mutated('main/security/harden.ts', LEAKY_REDIRECT)),
    gate(mutated('renderer/index.html', UNSAFE_EVAL)),
  ])
  runs = {
    clean: clean!,
    nodeIntegration: nodeIntegration!,
    guards: guards!,
    leakyRedirect: leakyRedirect!,
    unsafeEval: unsafeEval!,
  }
}, 180_000)

afterAll(() => {
  for (const root of copies) rmSync(root, { recursive: true, force: true })
})

describe('the security gate on mutated copies', () => {
  it('passes the sources as they are', () => {
    expect(runs.clean.output).toContain('failing: 0')
    expect(runs.clean.code, runs.clean.output).toBe(0)
  })

  it('fails on nodeIntegration: true in the window factory', () => {
    expect(runs.nodeIntegration.code).toBe(1)
    expect(runs.nodeIntegration.output).toMatch(
      /FAIL {4}WEB_PREFERENCES main\/window\.ts: nodeIntegration: true is not allowed/,
    )
  })

  it('fails when will-navigate and setWindowOpenHandler leave harden.ts', () => {
    expect(runs.guards.code).toBe(1)
    expect(runs.guards.output).toContain("hardenWebContents does not handle 'will-navigate'")
    expect(runs.guards.output).toContain('hardenWebContents does not set a window-open handler')
  })

  it('fails when a guard still reads right but no longer holds (the guard test, run by the gate)', () => {
    expect(runs.leakyRedirect.code).toBe(1)
    expect(runs.leakyRedirect.output).toContain(
      'WEB_CONTENTS_GUARDS test/unit/shell/windows.test.ts: the guard test failed',
    )
  })

  it("fails on 'unsafe-eval' in the CSP, whatever Electronegativity's severity", () => {
    expect(runs.unsafeEval.code).toBe(1)
    expect(runs.unsafeEval.output).toContain(
      "CSP_ALLOWED_LIST renderer/index.html: script-src must not allow 'unsafe-eval'",
    )
    // Electronegativity's own CSP finding is no longer covered by the exact-policy waiver.
    expect(runs.unsafeEval.output).toMatch(/FAIL {4}LOW CSP_GLOBAL_CHECK renderer\/index\.html/)
  })
})

describe('the gate’s own checks on more mutations', () => {
  it.each([
    [
      'contextIsolation: true,',
      'contextIsolation: false,',
      'contextIsolation: false is not allowed',
    ],
    ['sandbox: true,', 'sandbox: false,', 'sandbox: false is not allowed'],
    ['webSecurity: true,', 'webSecurity: false,', 'webSecurity: false is not allowed'],
    ['webviewTag: false,', 'webviewTag: true,', 'webviewTag: true is not allowed'],
    [
      'nodeIntegration: false,',
      'nodeIntegration: process.env.X === "1",',
      'must be the literal false',
    ],
    ['      sandbox: true,\n', '', 'sandbox must be set to true explicitly'],
  ])('main/window.ts: %s → %s', (from, to, message) => {
    const root = mutated('main/window.ts', (text) => text.replace(from, to))
    expect(
      checkWindowOptions(root)
        .map((finding) => finding.message)
        .join('\n'),
    ).toContain(message)
  })

  it('catches unsafe preferences in any other window of main/', () => {
    // The hidden window every printout (receipts, shift reports) goes through.
    const root = mutated('main/windows/printWindow.ts', (text) =>
      text.replace('nodeIntegration: false,', 'nodeIntegration: true,'),
    )
    expect(checkWindowOptions(root)).toContainEqual(
      expect.objectContaining({ file: 'main/windows/printWindow.ts' }),
    )
  })

  it('catches guards that are no longer installed on app', () => {
    const root = mutated('main/index.ts', (text) =>
      text.replace('guardEveryWebContents(app, log, devServerUrl)', ''),
    )
    expect(checkGuards(root).map((finding) => finding.message)).toEqual([
      'main/index.ts never installs the web contents guards on app.',
    ])
  })

  it('catches a will-attach-webview handler that no longer prevents', () => {
    const root = mutated('main/security/harden.ts', (text) =>
      text.replace(
        /contents\.on\('will-attach-webview', \(event\) => \{\n\s*event\.preventDefault\(\)/,
        "contents.on('will-attach-webview', () => {",
      ),
    )
    expect(
      checkGuards(root)
        .map((finding) => finding.message)
        .join('\n'),
    ).toContain("'will-attach-webview' handler never calls preventDefault()")
  })

  it("catches 'unsafe-eval' or a foreign host in the header policy built by csp.ts", async () => {
    const root = mutated('main/security/csp.ts', (text) =>
      text.replace('const script = ["\'self\'"]', 'const script = ["\'self\'", "\'unsafe-eval\'"]'),
    )
    expect((await checkCsp(root)).map((finding) => finding.message)).toContain(
      "script-src must not allow 'unsafe-eval'.",
    )
    expect(
      checkPolicy(
        "default-src 'none'; script-src 'self'; object-src 'none'; base-uri 'none'; connect-src 'self' https://evil.example",
        'x',
      ),
    ).toEqual([
      {
        check: 'CSP_ALLOWED_LIST',
        file: 'x',
        message: 'connect-src must not allow https://evil.example.',
      },
    ])
    expect(checkPolicy("script-src 'self'", 'x').map((finding) => finding.message)).toEqual([
      'default-src is missing.',
      'object-src is missing.',
      'base-uri is missing.',
    ])
  })
})
