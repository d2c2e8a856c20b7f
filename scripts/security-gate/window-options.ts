// Our own check of every BrowserWindow's webPreferences in main/ (Electronegativity let
// `nodeIntegration: true` in main/window.ts through). Read from the TypeScript syntax tree:
// - the window factory (main/window.ts) must spell out each security preference with its safe
//   literal value;
// - any other `new BrowserWindow` may rely on Electron's safe defaults, but must not set one
//   of them to an unsafe value, or to anything that is not a literal (which can't be checked).
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import ts from 'typescript'
import type { GateFinding } from './findings'

/** Preference → the only value allowed. */
export const SAFE_PREFERENCES: Readonly<Record<string, boolean>> = {
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  contextIsolation: true,
  sandbox: true,
  webSecurity: true,
  allowRunningInsecureContent: false,
  experimentalFeatures: false,
  webviewTag: false,
}
/** Never allowed at all. */
const FORBIDDEN_PREFERENCES = ['enableBlinkFeatures', 'enableRemoteModule', 'preloadURL']
/** The factory every app window comes from: it must state each preference. */
export const WINDOW_FACTORY = 'main/window.ts'

function sourceFiles(dir: string): string[] {
  const files: string[] = []
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) files.push(...sourceFiles(path))
    else if (/\.tsx?$/.test(name)) files.push(path)
  }
  return files
}

const propertyName = (property: ts.ObjectLiteralElementLike): string | null =>
  ts.isPropertyAssignment(property) || ts.isShorthandPropertyAssignment(property)
    ? property.name && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name))
      ? property.name.text
      : null
    : null

function literalBoolean(expression: ts.Expression): boolean | null {
  if (expression.kind === ts.SyntaxKind.TrueKeyword) return true
  if (expression.kind === ts.SyntaxKind.FalseKeyword) return false
  return null
}

/**
 * webPreferences object literals of `new BrowserWindow({...})` calls in one file; null for a
 * call whose preferences are not written out as a literal (and so can't be checked).
 */
function webPreferencesOf(source: ts.SourceFile): Array<ts.ObjectLiteralExpression | null> {
  const found: Array<ts.ObjectLiteralExpression | null> = []
  const visit = (node: ts.Node) => {
    if (
      ts.isNewExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'BrowserWindow'
    ) {
      const options = node.arguments?.[0]
      const preferences =
        options && ts.isObjectLiteralExpression(options)
          ? options.properties.find((property) => propertyName(property) === 'webPreferences')
          : undefined
      if (
        preferences &&
        ts.isPropertyAssignment(preferences) &&
        ts.isObjectLiteralExpression(preferences.initializer)
      ) {
        found.push(preferences.initializer)
      } else {
        found.push(null)
      }
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

export function checkWindowOptions(root: string): GateFinding[] {
  const findings: GateFinding[] = []
  let factorySeen = false
  for (const path of sourceFiles(join(root, 'main'))) {
    const file = relative(root, path).split(sep).join('/')
    const text = readFileSync(path, 'utf8')
    if (!text.includes('BrowserWindow')) continue
    const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true)
    const isFactory = file === WINDOW_FACTORY
    for (const preferences of webPreferencesOf(source)) {
      if (isFactory) factorySeen = true
      const report = (message: string) => findings.push({ check: 'WEB_PREFERENCES', file, message })
      if (preferences === null) {
        report('new BrowserWindow without a literal webPreferences object: it cannot be checked.')
        continue
      }
      const seen = new Map<string, ts.Expression>()
      for (const property of preferences.properties) {
        if (ts.isSpreadAssignment(property)) {
          report('webPreferences must not spread other objects into it: it cannot be checked.')
          continue
        }
        const name = propertyName(property)
        if (name && ts.isPropertyAssignment(property)) seen.set(name, property.initializer)
        if (name && ts.isShorthandPropertyAssignment(property)) seen.set(name, property.name)
      }
      for (const [name, safe] of Object.entries(SAFE_PREFERENCES)) {
        const value = seen.get(name)
        if (value === undefined) {
          if (isFactory) report(`${name} must be set to ${safe} explicitly.`)
          continue
        }
        const literal = literalBoolean(value)
        if (literal === null) report(`${name} must be the literal ${safe}, not an expression.`)
        else if (literal !== safe) report(`${name}: ${literal} is not allowed (must be ${safe}).`)
      }
      for (const name of FORBIDDEN_PREFERENCES) {
        if (seen.has(name)) report(`${name} must not be used.`)
      }
    }
  }
  if (!factorySeen) {
    findings.push({
      check: 'WEB_PREFERENCES',
      file: WINDOW_FACTORY,
      message: 'No new BrowserWindow({ webPreferences: {…} }) found in the window factory.',
    })
  }
  return findings
}
