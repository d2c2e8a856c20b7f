// Our own check of the shell's sessions and their permission handlers (docs/security.md, "Two
// sessions" and item 5), read from the syntax tree:
// - SESSION_PARTITIONS: the gateway's partition is in memory and not the UI's; the default and
//   the UI sessions get the request lock-down and refuse every permission; the gateway session
//   refuses every permission and gets no request filter; windows take the UI session, and the
//   gateway client main's own `gateway.fetch`.
// - PERMISSION_HANDLERS: denyPermissions (main/security/harden.ts) sets all three handlers, each
//   answering the literal `false` and never `true`.
// The behaviour is checked too: security.ts runs SESSIONS_TEST, which builds the sessions
// against a stand-in for Electron and asks each one for every permission.
import ts from 'typescript'
import { calls, functionBody, mentions, readSource } from './ast'
import type { GateFinding } from './findings'

export const PARTITIONS_FILE = 'main/security/partitions.ts'
export const SESSIONS_FILE = 'main/security/sessions.ts'
export const SESSIONS_TEST = 'test/unit/shell/sessions.test.ts'
const HARDEN_FILE = 'main/security/harden.ts'
const WINDOW_FILE = 'main/window.ts'
const ENTRY_FILE = 'main/index.ts'

/** `export const NAME = '…'` in `source`, or null. */
function constant(source: ts.SourceFile, name: string): string | null {
  let value: string | null = null
  const visit = (node: ts.Node) => {
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.name.text === name &&
      node.initializer &&
      ts.isStringLiteral(node.initializer)
    )
      value = node.initializer.text
    ts.forEachChild(node, visit)
  }
  visit(source)
  return value
}

/** Whether `body` calls `fn(<subject>…)` with `subject` as the first argument's exact text. */
const callsWith = (body: ts.Node, fn: string, subject: string): boolean =>
  calls(body, fn, true).some((call) => call.arguments[0]?.getText() === subject)

export function checkSessions(root: string): GateFinding[] {
  const findings: GateFinding[] = []
  const report = (file: string, message: string) =>
    findings.push({ check: 'SESSION_PARTITIONS', file, message })

  const partitions = readSource(root, PARTITIONS_FILE)
  const ui = constant(partitions, 'UI_PARTITION')
  const gateway = constant(partitions, 'GATEWAY_PARTITION')
  if (!ui || !gateway)
    report(PARTITIONS_FILE, 'UI_PARTITION and GATEWAY_PARTITION must be strings.')
  else {
    if (gateway.startsWith('persist:'))
      report(PARTITIONS_FILE, 'the gateway partition must be in memory (no persist: prefix).')
    if (gateway === ui) report(PARTITIONS_FILE, 'the gateway and UI partitions must differ.')
  }

  const sessions = readSource(root, SESSIONS_FILE)
  const body = functionBody(sessions, 'createShellSessions')
  if (!body) report(SESSIONS_FILE, 'createShellSessions is missing.')
  else {
    const fromPartition = calls(body, 'fromPartition').map((call) => call.arguments[0]?.getText())
    for (const name of ['UI_PARTITION', 'GATEWAY_PARTITION'])
      if (!fromPartition.includes(name))
        report(SESSIONS_FILE, `createShellSessions never opens ${name}.`)
    for (const subject of ['sessions.defaultSession', 'ui']) {
      if (!callsWith(body, 'lockDownRequests', subject))
        report(SESSIONS_FILE, `${subject} must get the request lock-down (lockDownRequests).`)
      if (!callsWith(body, 'denyPermissions', subject))
        report(SESSIONS_FILE, `${subject} must refuse every permission (denyPermissions).`)
    }
    if (!callsWith(body, 'denyPermissions', 'gateway'))
      report(SESSIONS_FILE, 'the gateway session must refuse every permission (denyPermissions).')
    if (callsWith(body, 'lockDownRequests', 'gateway'))
      report(SESSIONS_FILE, 'the renderer’s request filter must never sit on the gateway session.')
    if (!mentions(body, 'gateway.fetch('))
      report(SESSIONS_FILE, 'gatewayFetch must go through the gateway session (gateway.fetch).')
  }

  const factory = functionBody(readSource(root, WINDOW_FILE), 'createAppWindow')
  if (!factory || !/session:\s*context\.session\b/.test(factory.getText()))
    report(WINDOW_FILE, 'every window must take the UI session (webPreferences.session).')
  const entry = readSource(root, ENTRY_FILE).getText()
  if (!/session:\s*sessions\.ui\b/.test(entry))
    report(ENTRY_FILE, 'the windows’ context must carry sessions.ui.')
  if (!/fetch:\s*sessions\.gatewayFetch\b/.test(entry))
    report(ENTRY_FILE, 'the gateway client must use sessions.gatewayFetch.')

  return [...findings, ...checkPermissionHandlers(root)]
}

const HANDLERS = [
  'setPermissionRequestHandler',
  'setPermissionCheckHandler',
  'setDevicePermissionHandler',
] as const

/** The handler function passed to `call`, or null when it is not written in place. */
function handlerOf(call: ts.CallExpression): ts.ArrowFunction | ts.FunctionExpression | null {
  const first = call.arguments[0]
  return first && (ts.isArrowFunction(first) || ts.isFunctionExpression(first)) ? first : null
}

/** Every value the handler answers: its expression body, or each `return`'s expression. */
function answers(handler: ts.ArrowFunction | ts.FunctionExpression): Array<ts.Node | undefined> {
  if (!ts.isBlock(handler.body)) return [handler.body]
  const found: Array<ts.Node | undefined> = []
  const visit = (node: ts.Node) => {
    if (ts.isReturnStatement(node)) found.push(node.expression)
    if (!ts.isFunctionLike(node)) ts.forEachChild(node, visit)
  }
  visit(handler.body)
  return found
}

const isFalse = (node: ts.Node | undefined) => node?.kind === ts.SyntaxKind.FalseKeyword

function containsTrue(node: ts.Node): boolean {
  let found = false
  const visit = (child: ts.Node) => {
    if (child.kind === ts.SyntaxKind.TrueKeyword) found = true
    ts.forEachChild(child, visit)
  }
  visit(node)
  return found
}

export function checkPermissionHandlers(root: string): GateFinding[] {
  const findings: GateFinding[] = []
  const report = (message: string) =>
    findings.push({ check: 'PERMISSION_HANDLERS', file: HARDEN_FILE, message })
  const body = functionBody(readSource(root, HARDEN_FILE), 'denyPermissions')
  if (!body) {
    report('denyPermissions is missing.')
    return findings
  }
  for (const name of HANDLERS) {
    const set = calls(body, name)
    const handler = set.length === 1 ? handlerOf(set[0]!) : null
    if (!handler) {
      report(`denyPermissions must set ${name} once, with a handler written in place.`)
      continue
    }
    if (containsTrue(handler)) report(`${name}'s handler must never answer true.`)
    if (name === 'setPermissionRequestHandler') {
      // Electron's request handler answers through its third parameter, the callback.
      const callback = handler.parameters[2]?.name.getText()
      const replies = callback ? calls(handler.body, callback, true) : []
      if (
        replies.length === 0 ||
        !replies.every((reply) => reply.arguments.length === 1 && isFalse(reply.arguments[0]))
      )
        report(`${name}'s handler must answer callback(false), and only that.`)
    } else {
      const values = answers(handler)
      if (values.length === 0 || !values.every(isFalse))
        report(`${name}'s handler must return the literal false.`)
    }
  }
  return findings
}
