// Reads main/ the way the compiler does (TypeScript's own parser) to find every error main
// throws at a person and every catalogue key it names, so a test can hold both to the
// catalogue: a thrown AppError without `say` would reach a French screen in English.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'

/** Every .ts file under a folder. */
export function sources(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name)
    return statSync(path).isDirectory() ? sources(path) : path.endsWith('.ts') ? [path] : []
  })
}

/**
 * The AppError classes, the argument that keys each (`at`), and whether that argument is the
 * options holding `say` or the Said itself.
 */
const ERROR_CLASSES: Readonly<Record<string, { at: number; options: boolean }>> = {
  AppError: { at: 2, options: true },
  // (code, message, fields, say)
  CollectionsError: { at: 3, options: false },
  // (explanation, say)
  KeychainUnavailableError: { at: 1, options: false },
}

const parse = (file: string) =>
  ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true)

function walk(node: ts.Node, visit: (node: ts.Node) => void): void {
  visit(node)
  node.forEachChild((child) => walk(child, visit))
}

const named = (p: ts.ObjectLiteralElementLike, name: string) =>
  (ts.isPropertyAssignment(p) || ts.isShorthandPropertyAssignment(p)) &&
  ts.isIdentifier(p.name) &&
  p.name.text === name

/**
 * `file: code` of every `new AppError(…)` (or subclass) in `folder` built without `say`: an
 * options object without it, or no options at all. A value that is not an object literal (a
 * variable passed through) counts as keyed; `undefined` does not.
 */
export function unkeyedErrors(folder = 'main'): string[] {
  const found: string[] = []
  for (const file of sources(folder)) {
    const source = parse(file)
    walk(source, (node) => {
      if (!ts.isNewExpression(node) || !ts.isIdentifier(node.expression)) return
      const kind = ERROR_CLASSES[node.expression.text]
      if (kind === undefined) return
      const args = node.arguments ?? []
      const options = args[kind.at]
      const keyed =
        options !== undefined &&
        (kind.options && ts.isObjectLiteralExpression(options)
          ? options.properties.some((p) => named(p, 'say') || ts.isSpreadAssignment(p))
          : !ts.isIdentifier(options) || options.text !== 'undefined')
      if (keyed) return
      const code = args[0] && ts.isStringLiteralLike(args[0]) ? args[0].text : '?'
      found.push(`${file.split('\\').join('/')}: ${code}`)
    })
  }
  return found.sort()
}

/**
 * Every catalogue key main names in a keyed sentence: the `key` of an object literal made of
 * `key` and `params` only (a Said), and every string literal in a `key:` value that chooses
 * (`key: made ? 'a.b' : 'a.c'`). A key built from a template (`mandates.status.${status}`) is
 * left to the test that names its values.
 */
export function keysNamed(folder = 'main'): Set<string> {
  const keys = new Set<string>()
  for (const file of sources(folder)) {
    walk(parse(file), (node) => {
      if (!ts.isObjectLiteralExpression(node)) return
      const names = node.properties.map((p) =>
        p.name && ts.isIdentifier(p.name) ? p.name.text : '',
      )
      if (!names.includes('key') || names.some((n) => n !== 'key' && n !== 'params')) return
      const key = node.properties.find((p) => named(p, 'key'))
      if (!key || !ts.isPropertyAssignment(key)) return
      for (const text of branches(key.initializer)) keys.add(text)
    })
  }
  return keys
}

/** The string literals an expression may be: itself, or each branch of a condition. */
function branches(expression: ts.Expression): string[] {
  if (ts.isStringLiteralLike(expression)) return [expression.text]
  if (ts.isParenthesizedExpression(expression)) return branches(expression.expression)
  if (ts.isConditionalExpression(expression))
    return [...branches(expression.whenTrue), ...branches(expression.whenFalse)]
  return []
}
