// The behavioural half of the own checks: the unit tests that exercise each guard for real
// (against a stand-in for Electron, or the real Dispatcher), run in the sources under ROOT in
// one vitest run. A guard that still reads right but no longer holds fails here. Each test
// runs only when its check's syntax half passed, so a finding says one thing once.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import type { GateFinding } from './findings'

export interface BehaviourTest {
  check: string
  files: string[]
}

interface VitestReport {
  testResults?: Array<{
    name: string
    status: string
    assertionResults?: Array<{ status: string; fullName: string; failureMessages?: string[] }>
  }>
}

export function runBehaviourTests(root: string, tests: BehaviourTest[]): GateFinding[] {
  if (tests.length === 0) return []
  const files = tests.flatMap((test) => test.files)
  const out = mkdtempSync(join(tmpdir(), 'tilldesk-gate-report-'))
  const reportFile = join(out, 'report.json')
  try {
    const result = spawnSync(
      process.execPath,
      [
        join(root, 'node_modules', 'vitest', 'vitest.mjs'),
        'run',
        ...files,
        '--reporter=json',
        `--outputFile=${reportFile}`,
      ],
      { cwd: root, encoding: 'utf8', env: { ...process.env, CI: '1' } },
    )
    let report: VitestReport = {}
    try {
      report = JSON.parse(readFileSync(reportFile, 'utf8')) as VitestReport
    } catch {
      // No report at all: every test counts as failed below.
    }
    const findings: GateFinding[] = []
    for (const test of tests) {
      for (const file of test.files) {
        const entry = report.testResults?.find((r) => relative(root, r.name) === file)
        if (entry?.status === 'passed') continue
        const failed = (entry?.assertionResults ?? [])
          .filter((a) => a.status !== 'passed')
          .slice(0, 3)
          .map((a) => `${a.fullName}: ${(a.failureMessages?.[0] ?? '').split('\n')[0]}`)
          .join(' | ')
        findings.push({
          check: test.check,
          file,
          message: `the guard test failed (exit ${result.status ?? 'killed'}): ${failed || 'it did not run'}`,
        })
      }
    }
    return findings
  } finally {
    rmSync(out, { recursive: true, force: true })
  }
}
