// The modules a source file pulls in, followed through relative imports (type-only imports
// left out: they vanish from the bundle). For checks on what a bundle can contain.
import { existsSync, readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import ts from 'typescript'

export interface ImportGraph {
  /** Our own files reached, absolute paths. */
  files: Set<string>
  /** Bare specifiers reached (packages and node: built-ins). */
  packages: Set<string>
}

function resolveLocal(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier)
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`]) {
    if (existsSync(candidate) && !candidate.endsWith('/')) {
      try {
        readFileSync(candidate)
        return candidate
      } catch {
        // A directory: try the next candidate.
      }
    }
  }
  return null
}

/** Value imports and re-exports of one file (not `import type`, not `export type`). */
function valueImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest)
  const specifiers: string[] = []
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause
      if (clause?.isTypeOnly) continue
      const named = clause?.namedBindings
      const onlyTypes =
        clause &&
        !clause.name &&
        named &&
        ts.isNamedImports(named) &&
        named.elements.length > 0 &&
        named.elements.every((element) => element.isTypeOnly)
      if (onlyTypes) continue
      specifiers.push((statement.moduleSpecifier as ts.StringLiteral).text)
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier) {
      if (statement.isTypeOnly) continue
      specifiers.push((statement.moduleSpecifier as ts.StringLiteral).text)
    }
  }
  return specifiers
}

export function importGraph(entry: string): ImportGraph {
  const graph: ImportGraph = { files: new Set(), packages: new Set() }
  const queue = [resolve(entry)]
  while (queue.length > 0) {
    const file = queue.pop()!
    if (graph.files.has(file)) continue
    graph.files.add(file)
    for (const specifier of valueImports(file)) {
      if (specifier.startsWith('.')) {
        const next = resolveLocal(file, specifier)
        if (!next) throw new Error(`${file}: cannot resolve ${specifier}`)
        queue.push(next)
      } else {
        graph.packages.add(specifier)
      }
    }
  }
  return graph
}
