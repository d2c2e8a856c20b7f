// The few TypeScript syntax-tree questions the gate's own checks ask of main/'s sources.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'

export function readSource(root: string, file: string): ts.SourceFile {
  return ts.createSourceFile(
    file,
    readFileSync(join(root, file), 'utf8'),
    ts.ScriptTarget.Latest,
    true,
  )
}

/** The body of `function name` or of a method `name` (class or object), first found. */
export function functionBody(source: ts.Node, name: string): ts.Node | null {
  let body: ts.Node | null = null
  const visit = (node: ts.Node) => {
    if (body) return
    if (
      (ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) &&
      node.name &&
      ts.isIdentifier(node.name) &&
      node.name.text === name &&
      node.body
    )
      body = node.body
    ts.forEachChild(node, visit)
  }
  visit(source)
  return body
}

/** Calls `<anything>.<method>(…)`, or `<method>(…)` when `bare`, inside `node`. */
export function calls(node: ts.Node, method: string, bare = false): ts.CallExpression[] {
  const found: ts.CallExpression[] = []
  const visit = (child: ts.Node) => {
    if (ts.isCallExpression(child)) {
      const callee = child.expression
      if (
        (ts.isPropertyAccessExpression(callee) && callee.name.text === method) ||
        (bare && ts.isIdentifier(callee) && callee.text === method)
      )
        found.push(child)
    }
    ts.forEachChild(child, visit)
  }
  visit(node)
  return found
}

export const firstString = (call: ts.CallExpression): string | null => {
  const first = call.arguments[0]
  return first && ts.isStringLiteral(first) ? first.text : null
}

export const mentions = (node: ts.Node, text: string): boolean => node.getText().includes(text)
