// Every sentence the IPC contract's schemas give for a refused field (`.refine(fn, '…')`,
// `.max(64, '…')`, `{ message: '…' }`) must be in the catalogue's `input.contract`: the one
// error map (main/ipc/zod-said.ts) finds it there by its English, so a French screen says it in
// French. One missing fell back to the generic "Check this value." in both languages (the
// base URL's https rule, on Settings → Environment).
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { ERROR_WORDS } from '../../../common/words/errors'
import { zodSaid } from '../../../main/ipc/zod-said'

const DIR = join(__dirname, '../../../common/ipc')
const CHECKS = new Set(['refine', 'superRefine', 'check', 'min', 'max', 'length', 'regex'])

/** The string literals given to a schema's checks in one file of the contract. */
function sentencesOf(file: string): string[] {
  const source = ts.createSourceFile(
    file,
    readFileSync(join(DIR, file), 'utf8'),
    ts.ScriptTarget.Latest,
    true,
  )
  const found: string[] = []
  const visit = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      CHECKS.has(node.expression.name.text)
    )
      for (const arg of node.arguments) {
        if (ts.isStringLiteral(arg) || ts.isNoSubstitutionTemplateLiteral(arg)) found.push(arg.text)
        if (ts.isObjectLiteralExpression(arg))
          for (const p of arg.properties)
            if (ts.isPropertyAssignment(p) && ts.isStringLiteral(p.initializer))
              found.push(p.initializer.text)
      }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

describe('the contract’s own sentences', () => {
  const files = readdirSync(DIR).filter((f) => f.endsWith('.ts'))
  const all = files.flatMap((f) => sentencesOf(f).map((text) => ({ file: f, text })))

  it('finds the sentences it looks for (the scan can fail)', () => {
    expect(all.map((s) => s.text)).toContain(
      'Enter an https:// address (http:// only for this computer), without ?query or #fragment.',
    )
  })

  it('are each in the catalogue, so the refusal is keyed and said in French', () => {
    const known = new Set(Object.values(ERROR_WORDS.en.input.contract))
    expect(all.filter((s) => !known.has(s.text)).map((s) => `${s.file}: ${s.text}`)).toEqual([])
    for (const { text } of all) {
      const said = zodSaid({ code: 'custom', message: text, input: '', path: [] } as never)
      expect(said.key.startsWith('input.contract.'), text).toBe(true)
    }
  })
})
