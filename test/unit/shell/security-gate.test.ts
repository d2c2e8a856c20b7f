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
import { checkIpcGuard } from '../../../scripts/security-gate/ipc-guard'
import { checkPermissionHandlers, checkSessions } from '../../../scripts/security-gate/sessions'
import { checkWindowOptions } from '../../../scripts/security-gate/window-options'

const REPO = resolve('.')
const COPIED = [
  'main',
  'preload',
  'renderer',
  'common',
  // The step-up guard test starts the real services, whose Demo gateway is sandbox/.
  'sandbox',
  'test/unit/shell',
  'package.json',
  'tsconfig.json',
  'tsconfig.base.json',
  'tsconfig.node.json',
  'tsconfig.web.json',
  'vitest.config.ts',
]
const MAIN_ONLY = ['main']
const copies: string[] = []

/**
 * A fresh copy of the sources with `change` applied to `file` (which must really change); only
 * `paths` are copied (the own checks of one area need only main/).
 */
function mutated(file: string, change: (text: string) => string, paths = COPIED): string {
  const root = mkdtempSync(join(tmpdir(), 'tilldesk-gate-'))
  copies.push(root)
  for (const path of paths) cpSync(join(REPO, path), join(root, path), { recursive: true })
  symlinkSync(join(REPO, 'node_modules'), join(root, 'node_modules'), 'dir')
  if (file) {
    const before = readFileSync(join(root, file), 'utf8')
    const after = change(before)
    expect(after, `mutation of ${file} changed nothing`).not.toBe(before)
    writeFileSync(join(root, file), after)
  }
  return root
}

function gate(root: string, ownOnly = false): Promise<{ code: number | null; output: string }> {
  return new Promise((done) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        join(REPO, 'scripts/security.ts'),
        '--root',
        root,
        ...(ownOnly ? ['--own-only'] : []),
      ],
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
/** The UI session no longer refuses permissions. */
const UI_PERMISSIONS = (text: string) => text.replace('  denyPermissions(ui)\n', '')
/** Still reads right (every answer is callback(false)), but a camera request is never answered. */
const SILENT_MEDIA = (text: string) =>
  text.replace(
    'session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false))',
    "session.setPermissionRequestHandler((_contents, permission, callback) => {\n    if (permission !== 'media') callback(false)\n  })",
  )
/** Still reads right (an `if` that returns), but lets every sender through. */
const LEAKY_SENDER = (text: string) =>
  text.replace(
    'if (!this.options.isTrustedSender(sender)) {',
    "if (!this.options.isTrustedSender(sender) && channel === 'never') {",
  )

let runs: Record<
  | 'clean'
  | 'nodeIntegration'
  | 'guards'
  | 'leakyRedirect'
  | 'unsafeEval'
  | 'uiPermissions'
  | 'silentMedia'
  | 'leakySender',
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
  // The sessions', permissions' and IPC guard's cases need no Electronegativity scan.
  const [uiPermissions, silentMedia, leakySender] = await Promise.all([
    gate(mutated('main/security/sessions.ts', UI_PERMISSIONS), true),
    gate(mutated('main/security/harden.ts', SILENT_MEDIA), true),
    gate(mutated('main/ipc/dispatch.ts', LEAKY_SENDER), true),
  ])
  runs = {
    clean: clean!,
    nodeIntegration: nodeIntegration!,
    guards: guards!,
    leakyRedirect: leakyRedirect!,
    unsafeEval: unsafeEval!,
    uiPermissions: uiPermissions!,
    silentMedia: silentMedia!,
    leakySender: leakySender!,
  }
}, 240_000)

afterAll(() => {
  for (const root of copies) rmSync(root, { recursive: true, force: true })
}, 120_000)

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

  it.each([
    [
      'the UI session no longer refuses permissions',
      'uiPermissions',
      'SESSION_PARTITIONS main/security/sessions.ts: ui must refuse every permission (denyPermissions).',
    ],
    [
      'a permission request that still reads right goes unanswered (the sessions test)',
      'silentMedia',
      'SESSION_PARTITIONS test/unit/shell/sessions.test.ts: the guard test failed',
    ],
    [
      'the IPC sender check still reads right but lets every sender through',
      'leakySender',
      'IPC_GUARD test/unit/shell/ipc-guard.test.ts: the guard test failed',
    ],
  ] as const)('fails when %s', (_what, run, expected) => {
    expect(runs[run].code).toBe(1)
    expect(runs[run].output).toContain(expected)
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

describe('the gate’s own checks of sessions, permissions and the IPC guard', () => {
  const messages = (findings: Array<{ message: string }>) =>
    findings.map((finding) => finding.message).join('\n')

  it.each([
    [
      'main/security/partitions.ts',
      "GATEWAY_PARTITION = 'tilldesk-gateway'",
      "GATEWAY_PARTITION = 'persist:tilldesk-gateway'",
      'the gateway partition must be in memory',
    ],
    [
      'main/security/partitions.ts',
      "GATEWAY_PARTITION = 'tilldesk-gateway'",
      "GATEWAY_PARTITION = 'persist:tilldesk-ui'",
      'the gateway and UI partitions must differ',
    ],
    [
      'main/security/sessions.ts',
      '  lockDownRequests(ui, devServerUrl)\n',
      '',
      'ui must get the request lock-down',
    ],
    [
      'main/security/sessions.ts',
      '  lockDownRequests(sessions.defaultSession, devServerUrl)\n',
      '',
      'sessions.defaultSession must get the request lock-down',
    ],
    [
      'main/security/sessions.ts',
      '  denyPermissions(gateway)\n',
      '  denyPermissions(gateway)\n  lockDownRequests(gateway, devServerUrl)\n',
      'must never sit on the gateway session',
    ],
    [
      'main/security/sessions.ts',
      '  denyPermissions(gateway)\n',
      '',
      'the gateway session must refuse every permission',
    ],
    ['main/window.ts', 'session: context.session,', '', 'every window must take the UI session'],
  ])('%s: %s → %s', (file, from, to, message) => {
    const root = mutated(file, (text) => text.replace(from, to), MAIN_ONLY)
    expect(messages(checkSessions(root))).toContain(message)
  })

  it.each([
    ['callback(false)', 'callback(true)', 'setPermissionRequestHandler'],
    [
      'setPermissionCheckHandler(() => false)',
      'setPermissionCheckHandler(() => true)',
      "setPermissionCheckHandler's handler must never answer true",
    ],
    [
      'setPermissionCheckHandler(() => false)',
      "setPermissionCheckHandler((_contents, permission) => permission === 'media')",
      "setPermissionCheckHandler's handler must return the literal false",
    ],
    [
      '  session.setDevicePermissionHandler(() => false)\n',
      '',
      'denyPermissions must set setDevicePermissionHandler once',
    ],
  ])('main/security/harden.ts: %s → %s', (from, to, message) => {
    const root = mutated('main/security/harden.ts', (text) => text.replace(from, to), MAIN_ONLY)
    expect(messages(checkPermissionHandlers(root))).toContain(message)
  })

  it.each([
    [
      /\n {4}\/\/ 1\. Sender\.\n {4}if \(!this\.options\.isTrustedSender[\s\S]*?\n {4}\}\n/,
      '\n',
      'dispatch has no sender check (isTrustedSender)',
    ],
    [
      '      this.options.checkStepUp?.(channel, parsed.data)\n',
      '',
      'dispatch has no step-up check (checkStepUp)',
    ],
    [
      '    // 3. Role, read now',
      '    this.options.checkStepUp?.(channel, parsed.data)\n    // 3. Role, read now',
      'the step-up check (checkStepUp) must come after the role check (roleAllows)',
    ],
    [
      '        parsed.data,\n        context,',
      '        rawInput,\n        context,',
      'never the raw one',
    ],
    [
      '    if (!roleAllows(user?.role ?? null, spec.role)) {',
      '    if (!roleAllows(user?.role ?? null, spec.role) && false) {\n    }\n    if (user === undefined) {',
      'dispatch has no role check (roleAllows)',
    ],
  ])('main/ipc/dispatch.ts: %s → %s', (from, to, message) => {
    const root = mutated('main/ipc/dispatch.ts', (text) => text.replace(from, to), MAIN_ONLY)
    expect(messages(checkIpcGuard(root))).toContain(message)
  })

  it('catches an ipcMain registration that goes around the Dispatcher', () => {
    const root = mutated(
      'main/ipc/electron.ts',
      (text) =>
        text.replace(
          '  const unsubscribe = events.subscribe(',
          "  ipcMain.handle('settings.get', () => null)\n  const unsubscribe = events.subscribe(",
        ),
      MAIN_ONLY,
    )
    expect(messages(checkIpcGuard(root))).toContain(
      'ipcMain.handle must hand every call to dispatcher.dispatch.',
    )
  })

  it('passes the sources as they are', () => {
    const root = mutated('', (text) => text, MAIN_ONLY)
    expect([...checkSessions(root), ...checkIpcGuard(root)]).toEqual([])
  })
})
