// Prints one closing line for the whole `npm test` run ("N passed, N failed, N skipped"),
// summed from the JSON reports the vitest and Playwright runs leave in .tmp/results/.
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'

interface Counts {
  passed: number
  failed: number
  skipped: number
}

const dir = '.tmp/results'
const total: Counts = { passed: 0, failed: 0, skipped: 0 }

function addVitest(report: {
  numPassedTests: number
  numFailedTests: number
  numPendingTests: number
  numTodoTests?: number
}) {
  total.passed += report.numPassedTests
  total.failed += report.numFailedTests
  total.skipped += report.numPendingTests + (report.numTodoTests ?? 0)
}

function addPlaywright(report: {
  stats: { expected: number; unexpected: number; skipped: number; flaky: number }
}) {
  total.passed += report.stats.expected + report.stats.flaky
  total.failed += report.stats.unexpected
  total.skipped += report.stats.skipped
}

if (!existsSync(dir)) {
  console.error('No test reports found in .tmp/results.')
  process.exit(1)
}
for (const file of readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort()) {
  const report: unknown = JSON.parse(readFileSync(join(dir, file), 'utf8'))
  if (report && typeof report === 'object' && 'numPassedTests' in report) addVitest(report as never)
  else if (report && typeof report === 'object' && 'stats' in report) addPlaywright(report as never)
}
console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`)
process.exit(total.failed > 0 ? 1 : 0)
