// `tsx scripts/money-lines.ts`: how many lines the code that moves money holds, today and
// before the exactly-once core (docs/architecture.md, "The exactly-once core in lines").
// Two counts per file: physical lines (`wc -l`) and lines of code, those holding at least one
// token that is not a comment, read by TypeScript's own parser, so a comment or a blank line
// never counts and a string that looks like a comment does. "Before" reads the files from git
// at BEFORE, the commit just before the core's first piece, so the figures can be checked on
// any full clone.
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import ts from 'typescript'

const BEFORE = '839468a^'

/** The four copies the core replaced, as they stood at BEFORE. */
const COPIES = [
  'main/refunds/refunds-service.ts',
  'main/payments/payments-service.ts',
  'main/mandates/debits-service.ts',
  'main/payments/follower.ts',
  'main/payments/outcome-decision.ts',
  'main/payments/outcome-view.ts',
  'main/payments/submit-by-reference.ts',
  'main/payouts/sender.ts',
  'main/refunds/module.ts',
  'main/payments/module.ts',
  'main/mandates/module.ts',
  'main/mandates/debit-view.ts',
]

/** Their places today: the core, the kinds, the payouts' scheduler, the services, the modules. */
const today = (): string[] => [
  ...readdirSync('main/exactly-once')
    .filter((name) => name.endsWith('.ts'))
    .map((name) => `main/exactly-once/${name}`),
  ...[
    'main/refunds/refund-kind.ts',
    'main/payments/payment-kind.ts',
    'main/mandates/debit-kind.ts',
    'main/payouts/payout-kind.ts',
    'main/payouts/payout-store.ts',
    'main/payouts/payout-core.ts',
    'main/payouts/outcome-decision.ts',
    'main/payouts/sender.ts',
    'main/refunds/refunds-service.ts',
    'main/payments/payments-service.ts',
    'main/mandates/debits-service.ts',
    'main/mandates/debit-view.ts',
    'main/refunds/module.ts',
    'main/payments/module.ts',
    'main/mandates/module.ts',
  ].filter((path) => existsSync(path)),
]

interface Count {
  physical: number
  code: number
}

function count(text: string): Count {
  // Every token the parser read, leaf by leaf: a bare scanner can't tell where a template
  // literal resumes after `${…}`, and would read the code after it as one long string.
  const file = ts.createSourceFile('count.ts', text, ts.ScriptTarget.Latest, true)
  const lineOf = (position: number) => file.getLineAndCharacterOfPosition(position).line
  const lines = new Set<number>()
  const visit = (node: ts.Node): void => {
    // A doc comment is a node to the parser, but a comment to the reader.
    if (node.kind >= ts.SyntaxKind.FirstJSDocNode && node.kind <= ts.SyntaxKind.LastJSDocNode)
      return
    const children = node.getChildren(file)
    if (children.length > 0) return children.forEach(visit)
    if (node.kind === ts.SyntaxKind.EndOfFileToken) return
    const start = node.getStart(file)
    for (let line = lineOf(start); line <= lineOf(Math.max(start, node.end - 1)); line++)
      lines.add(line)
  }
  visit(file)
  const physical = text.split('\n').length - (text.endsWith('\n') ? 1 : 0)
  return { physical, code: lines.size }
}

function table(title: string, files: [string, string][]): Count {
  const total = { physical: 0, code: 0 }
  console.log(`\n${title}\n  physical  code  file`)
  for (const [path, text] of files) {
    const c = count(text)
    total.physical += c.physical
    total.code += c.code
    console.log(`  ${String(c.physical).padStart(8)}  ${String(c.code).padStart(4)}  ${path}`)
  }
  console.log(`  ${String(total.physical).padStart(8)}  ${String(total.code).padStart(4)}  all`)
  return total
}

function show(path: string): string {
  try {
    return execFileSync('git', ['show', `${BEFORE}:${path}`], { encoding: 'utf8', stdio: 'pipe' })
  } catch {
    console.error(`${path} at ${BEFORE} could not be read: this needs a clone with its history.`)
    process.exit(2)
  }
}
const before = table(
  `The four copies at ${BEFORE}`,
  COPIES.map((path) => [path, show(path)]),
)
const after = table(
  'Today',
  today().map((path) => [path, readFileSync(path, 'utf8')]),
)
const change = (a: number, b: number) => `${b - a > 0 ? '+' : ''}${b - a} (${a} → ${b})`
console.log(`\nlines of code: ${change(before.code, after.code)}`)
console.log(`physical lines: ${change(before.physical, after.physical)}`)
