// `tsx scripts/money-lines.ts`: how many lines the code that moves money holds, today and
// before the exactly-once core (docs/architecture.md, "The exactly-once core in lines").
// Two counts per file: physical lines (`wc -l`) and lines of code, those holding at least one
// token that is not a comment, read by TypeScript's own scanner, so a comment or a blank line
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
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, true, ts.LanguageVariant.Standard, text)
  const file = ts.createSourceFile('count.ts', text, ts.ScriptTarget.Latest)
  const lineOf = (position: number) => file.getLineAndCharacterOfPosition(position).line
  const lines = new Set<number>()
  while (scanner.scan() !== ts.SyntaxKind.EndOfFileToken) {
    const first = lineOf(scanner.getTokenStart())
    const last = lineOf(Math.max(scanner.getTokenStart(), scanner.getTokenEnd() - 1))
    for (let line = first; line <= last; line++) lines.add(line)
  }
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

const show = (path: string) =>
  execFileSync('git', ['show', `${BEFORE}:${path}`], { encoding: 'utf8' })
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
