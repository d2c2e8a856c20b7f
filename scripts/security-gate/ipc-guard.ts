// Our own check of the IPC guard (docs/security.md, item 17), read from the syntax tree of
// `Dispatcher.dispatch` (main/ipc/dispatch.ts): each step refuses (an `if` that returns) and
// they come in the order sender → window's part of the bridge → zod → role → step-up →
// service, and the service gets the parsed input, never the raw one. Every `ipcMain`
// registration in main/ipc/ must go through `dispatcher.dispatch`. The behaviour is checked
// too: security.ts runs IPC_GUARD_TESTS against the real Dispatcher.
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'
import { calls, functionBody, readSource } from './ast'
import type { GateFinding } from './findings'

export const DISPATCH_FILE = 'main/ipc/dispatch.ts'
export const IPC_GUARD_TESTS = [
  'test/unit/shell/ipc-guard.test.ts',
  'test/unit/shell/step-up.test.ts',
]
const IPC_DIR = 'main/ipc'

/** The first `if (…)` in `body` whose condition says `text` and whose branch returns. */
function refusingIf(body: ts.Node, text: string): ts.IfStatement | null {
  let found: ts.IfStatement | null = null
  const visit = (node: ts.Node) => {
    if (found) return
    if (ts.isIfStatement(node) && node.expression.getText().includes(text) && returns(node))
      found = node
    ts.forEachChild(node, visit)
  }
  visit(body)
  return found
}

function returns(statement: ts.IfStatement): boolean {
  let found = false
  const visit = (node: ts.Node) => {
    if (ts.isReturnStatement(node) || ts.isThrowStatement(node)) found = true
    if (!ts.isFunctionLike(node)) ts.forEachChild(node, visit)
  }
  visit(statement.thenStatement)
  return found
}

/** The call that runs the service: its callee names `handler`. */
function serviceCall(body: ts.Node): ts.CallExpression | null {
  let found: ts.CallExpression | null = null
  const visit = (node: ts.Node) => {
    if (found) return
    if (ts.isCallExpression(node) && /^\(?\s*handler\b/.test(node.expression.getText()))
      found = node
    ts.forEachChild(node, visit)
  }
  visit(body)
  return found
}

export function checkIpcGuard(root: string): GateFinding[] {
  const findings: GateFinding[] = []
  const report = (file: string, message: string) =>
    findings.push({ check: 'IPC_GUARD', file, message })
  const body = functionBody(readSource(root, DISPATCH_FILE), 'dispatch')
  if (!body) {
    report(DISPATCH_FILE, 'Dispatcher.dispatch is missing.')
    return findings
  }
  const parse = calls(body, 'safeParse')[0]
  const stepUp = calls(body, 'checkStepUp')[0]
  const service = serviceCall(body)
  const steps: Array<[string, ts.Node | null | undefined]> = [
    ['sender check (isTrustedSender)', refusingIf(body, 'isTrustedSender(')],
    ['window check (channelAllowedFor)', refusingIf(body, 'channelAllowedFor(')],
    ['zod parse (safeParse)', parse && refusingIf(body, '.success')],
    ['role check (roleAllows)', refusingIf(body, 'roleAllows(')],
    ['step-up check (checkStepUp)', stepUp],
    ['service call (handler)', service],
  ]
  let previous: [string, number] | null = null
  for (const [name, node] of steps) {
    if (!node) {
      report(DISPATCH_FILE, `dispatch has no ${name} that refuses before the service.`)
      continue
    }
    const at = node.getStart()
    if (previous && at < previous[1])
      report(DISPATCH_FILE, `the ${name} must come after the ${previous[0]}.`)
    previous = [name, at]
  }
  if (parse && parse.arguments[0]?.getText() !== 'rawInput')
    report(DISPATCH_FILE, 'the zod parse must read the raw input.')
  if (service && service.arguments[0]?.getText() !== 'parsed.data')
    report(DISPATCH_FILE, 'the service must get the parsed input (parsed.data), never the raw one.')
  if (stepUp && stepUp.arguments[1]?.getText() !== 'parsed.data')
    report(DISPATCH_FILE, 'the step-up check must see the parsed input (parsed.data).')

  for (const file of readdirSync(join(root, IPC_DIR)).filter((name) => name.endsWith('.ts'))) {
    const path = `${IPC_DIR}/${file}`
    const source = readSource(root, path)
    for (const method of ['handle', 'handleOnce', 'on', 'once']) {
      for (const call of calls(source, method)) {
        const callee = call.expression as ts.PropertyAccessExpression
        if (callee.expression.getText() !== 'ipcMain') continue
        if (!calls(call, 'dispatch').length)
          report(path, `ipcMain.${method} must hand every call to dispatcher.dispatch.`)
      }
    }
  }
  return findings
}
