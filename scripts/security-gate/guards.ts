// Our own check that the navigation and window guards exist and are installed for every web
// contents (Electronegativity was satisfied by the receipt window's own guards when they were
// removed from harden.ts). Two parts:
// - syntax: hardenWebContents (main/security/harden.ts) prevents will-navigate, will-redirect
//   and will-attach-webview and denies window.open; guardEveryWebContents hands every
//   `web-contents-created` to it; main/index.ts calls guardEveryWebContents with `app`;
// - behaviour: the guard test (test/unit/shell/windows.test.ts) creates every kind of window
//   the app makes against a stand-in for Electron and tries each escape; run by security.ts.
import { calls, firstString, functionBody, mentions, readSource } from './ast'
import type { GateFinding } from './findings'

export const HARDEN_FILE = 'main/security/harden.ts'
export const ENTRY_FILE = 'main/index.ts'
export const GUARD_TEST = 'test/unit/shell/windows.test.ts'

const PREVENTED_EVENTS = ['will-navigate', 'will-redirect', 'will-attach-webview']

export function checkGuards(root: string): GateFinding[] {
  const findings: GateFinding[] = []
  const read = (file: string) => readSource(root, file)
  const harden = read(HARDEN_FILE)
  const report = (file: string, message: string) =>
    findings.push({ check: 'WEB_CONTENTS_GUARDS', file, message })

  const body = functionBody(harden, 'hardenWebContents')
  if (!body) {
    report(HARDEN_FILE, 'hardenWebContents is missing.')
  } else {
    const listeners = calls(body, 'on')
    for (const event of PREVENTED_EVENTS) {
      const listener = listeners.find((call) => firstString(call) === event)
      if (!listener) report(HARDEN_FILE, `hardenWebContents does not handle '${event}'.`)
      else if (!mentions(listener, 'preventDefault()'))
        report(HARDEN_FILE, `hardenWebContents' '${event}' handler never calls preventDefault().`)
    }
    const openHandlers = calls(body, 'setWindowOpenHandler')
    if (openHandlers.length === 0) {
      report(HARDEN_FILE, 'hardenWebContents does not set a window-open handler.')
    } else if (!openHandlers.every((call) => /action:\s*'deny'/.test(call.getText()))) {
      report(HARDEN_FILE, "hardenWebContents' window-open handler must return { action: 'deny' }.")
    } else if (/action:\s*'allow'/.test(openHandlers.map((call) => call.getText()).join('\n'))) {
      report(HARDEN_FILE, "hardenWebContents' window-open handler must never allow.")
    }
  }

  const installer = functionBody(harden, 'guardEveryWebContents')
  const registration = installer
    ? calls(installer, 'on').find((call) => firstString(call) === 'web-contents-created')
    : undefined
  if (!registration || !mentions(registration, 'hardenWebContents(')) {
    report(
      HARDEN_FILE,
      "guardEveryWebContents must hand every 'web-contents-created' to hardenWebContents.",
    )
  }

  const entry = read(ENTRY_FILE)
  const installed = calls(entry, 'on').some(
    (call) => firstString(call) === 'web-contents-created' && mentions(call, 'hardenWebContents('),
  )
  const viaInstaller = /\bguardEveryWebContents\(\s*app\b/.test(entry.getText())
  if (!installed && !viaInstaller) {
    report(ENTRY_FILE, 'main/index.ts never installs the web contents guards on app.')
  }
  return findings
}
