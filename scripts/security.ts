// `npm run security [-- --root DIR]`: the security gate. Two halves, both must pass:
// 1. Electronegativity over main/, preload/ and renderer/ for Electron 45.4.1, scanned as one
//    application (copied side by side) so its global checks see the CSP in the renderer and the
//    navigation/permission guards in main together. Fails on any HIGH or MEDIUM finding, and on
//    a CSP finding of any severity, that is not one of the reviewed, line-specific waivers below
//    (each explained in docs/security.md). A waiver names the file and the code it covers, so a
//    new occurrence anywhere else still fails.
// 2. Our own checks, which have no severities and no waivers (scripts/security-gate/): every
//    BrowserWindow's webPreferences, the web contents guards, the sessions and their
//    permission handlers, the IPC guard's steps and order (each from the syntax tree, and then
//    its guard test run for real), and the CSP directive by directive against the allowed list.
// --root points the gate at another copy of the sources (the gate's mutation test); --own-only
// runs only the second half (the mutation test's own-check cases, which need no scan).
import { cpSync, mkdirSync, rmSync } from 'node:fs'
import { join, resolve, sep } from 'node:path'
import { parseArgs } from 'node:util'
import { runBehaviourTests, type BehaviourTest } from './security-gate/behaviour'
import { checkCsp } from './security-gate/csp'
import type { GateFinding } from './security-gate/findings'
import { checkGuards, GUARD_TEST } from './security-gate/guards'
import { checkIpcGuard, IPC_GUARD_TESTS } from './security-gate/ipc-guard'
import { checkSessions, SESSIONS_TEST } from './security-gate/sessions'
import { checkWindowOptions } from './security-gate/window-options'

const { values: args } = parseArgs({
  options: {
    root: { type: 'string', default: '.' },
    'own-only': { type: 'boolean', default: false },
  },
  strict: true,
})
const ROOT = resolve(args.root)
const ELECTRON_VERSION = '45.4.1'
const TARGETS = ['main', 'preload', 'renderer'] as const

interface Finding {
  check: string
  severity: string
  confidence: string
  file: string
  location: string
  sample: string
  description: string
}

interface Waiver {
  check: string
  /** Path as Electronegativity reports it (relative to the scanned copy: main/…). */
  file: string
  /** A fragment of the flagged code. */
  sample: string
  /** The flagged code must equal `sample` exactly (a whole policy, not a fragment of it). */
  exact?: boolean
  why: string
}

/** The production policy exactly as renderer/index.html carries it. */
const REVIEWED_META_POLICY =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self'; media-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'none'; frame-src 'none'; worker-src 'none'; manifest-src 'none'"

export const WAIVERS: Waiver[] = [
  {
    check: 'CSP_GLOBAL_CHECK',
    file: 'renderer/index.html',
    sample: REVIEWED_META_POLICY,
    exact: true,
    why: "LOW: data: in img-src/media-src, for QR code images; data: can't carry script under script-src 'self'. Exactly this policy: any other change to it fails.",
  },
  {
    check: 'PRELOAD_JS_CHECK',
    file: 'main/window.ts',
    sample: 'preload: preloadPath',
    why: 'The preload is the contextBridge that exposes only window.pos (invoke + on); reviewed, see docs/security.md §IPC.',
  },
  {
    check: 'OPEN_EXTERNAL_JS_CHECK',
    file: 'main/security/open-external.ts',
    sample: 'shell.openExternal(url',
    why: 'The single openExternal call, behind the https allow-list / plain-web-page checks; see docs/security.md §External links.',
  },
  {
    check: 'OPEN_EXTERNAL_JS_CHECK',
    file: 'main/payments/payments-service.ts',
    sample: 'this.deps.openExternal(',
    why: 'Not shell.openExternal: a DesktopServices method that routes to security/open-external.ts (flagged by name only).',
  },
]

interface RawIssue {
  id: string
  severity: { name: string }
  confidence: { name: string }
  file: string
  location?: { line?: number; column?: number }
  sample?: string
  description: string
}

type Run = (
  options: Record<string, unknown>,
  forCli?: boolean,
) => Promise<{ issues: RawIssue[]; errors: unknown[] }>

// The programmatic API, not the CLI's CSV: the CLI writes its CSV header and rows with two
// racing writeFile calls, so the report can come out with a row overwritten.
async function scan(): Promise<Finding[]> {
  const copy = join(ROOT, 'out', 'security', 'app')
  rmSync(copy, { recursive: true, force: true })
  for (const target of TARGETS) cpSync(join(ROOT, target), join(copy, target), { recursive: true })
  const mod = (await import('@doyensec/electronegativity')) as { default: Run | { default: Run } }
  const run = typeof mod.default === 'function' ? mod.default : mod.default.default
  const result = await run(
    {
      input: copy,
      output: undefined,
      isSarif: false,
      customScan: [],
      excludeFromScan: [],
      severitySet: undefined,
      confidenceSet: undefined,
      isRelative: true,
      isVerbose: false,
      electronUpgrade: undefined,
      electronVersionOverride: ELECTRON_VERSION,
      parserPlugins: [],
    },
    false,
  )
  if (!result || !Array.isArray(result.issues)) {
    console.error('Electronegativity returned no result; failing.')
    process.exit(2)
  }
  if (result.errors.length > 0) {
    // A file it could not parse is a file it did not check: fail closed.
    console.error(`Electronegativity could not parse ${result.errors.length} file(s); failing.`)
    for (const error of result.errors) console.error(`  ${JSON.stringify(error).slice(0, 200)}`)
    process.exit(2)
  }
  return result.issues.map((issue) => ({
    check: issue.id,
    severity: issue.severity.name,
    confidence: issue.confidence.name,
    file: issue.file.split(sep).join('/'),
    location: `${issue.location?.line ?? 0}:${issue.location?.column ?? 0}`,
    sample: issue.sample ?? '',
    description: issue.description,
  }))
}

const waiverFor = (finding: Finding): Waiver | undefined =>
  WAIVERS.find(
    (waiver) =>
      waiver.check === finding.check &&
      waiver.file === finding.file &&
      (waiver.exact
        ? finding.sample.trim() === waiver.sample
        : finding.sample.includes(waiver.sample)),
  )

/** Electronegativity's CSP checks fail at any severity; the rest at HIGH and MEDIUM. */
const isSerious = (finding: Finding) =>
  finding.severity === 'HIGH' || finding.severity === 'MEDIUM' || finding.check.startsWith('CSP')

mkdirSync(join(ROOT, 'out', 'security'), { recursive: true })
const findings = args['own-only'] ? [] : await scan()
const serious = findings.filter(isSerious)
const waived = serious.filter((finding) => waiverFor(finding))
const failing = serious.filter((finding) => !waiverFor(finding))
const counts = (severity: string) =>
  findings.filter((finding) => finding.severity === severity).length

console.log(
  args['own-only']
    ? 'Electronegativity: not run (--own-only)'
    : `Electronegativity ${ELECTRON_VERSION} over ${TARGETS.join(', ')}`,
)
console.log(
  `  findings: HIGH ${counts('HIGH')}, MEDIUM ${counts('MEDIUM')}, LOW ${counts('LOW')}, INFORMATIONAL ${counts('INFORMATIONAL')}`,
)
for (const finding of waived) {
  console.log(
    `  waived  ${finding.severity} ${finding.check} ${finding.file}:${finding.location} — ${waiverFor(finding)?.why}`,
  )
}
for (const finding of failing) {
  console.log(
    `  FAIL    ${finding.severity} ${finding.check} ${finding.file}:${finding.location} ${finding.sample}`,
  )
  console.log(`          ${finding.description}`)
}
console.log(
  `  unwaived HIGH: ${failing.filter((f) => f.severity === 'HIGH').length}, unwaived MEDIUM: ${failing.filter((f) => f.severity === 'MEDIUM').length}, unwaived CSP (any severity): ${failing.filter((f) => f.check.startsWith('CSP')).length}`,
)

const own: GateFinding[] = [
  ...checkWindowOptions(ROOT),
  ...checkGuards(ROOT),
  ...checkSessions(ROOT),
  ...checkIpcGuard(ROOT),
  ...(await checkCsp(ROOT)),
]
// Each behavioural guard test only adds news when its check's syntax half passed.
const behaviour: BehaviourTest[] = [
  { check: 'WEB_CONTENTS_GUARDS', files: [GUARD_TEST] },
  { check: 'SESSION_PARTITIONS', files: [SESSIONS_TEST] },
  { check: 'IPC_GUARD', files: IPC_GUARD_TESTS },
].filter(
  (test) =>
    !own.some(
      (finding) =>
        finding.check === test.check ||
        (test.check === 'SESSION_PARTITIONS' && finding.check === 'PERMISSION_HANDLERS'),
    ),
)
own.push(...runBehaviourTests(ROOT, behaviour))
console.log(
  'Own checks (web preferences, web contents guards, sessions and permissions, IPC guard, CSP allowed list)',
)
for (const finding of own)
  console.log(`  FAIL    ${finding.check} ${finding.file}: ${finding.message}`)
console.log(`  failing: ${own.length}`)

process.exitCode = failing.length === 0 && own.length === 0 ? 0 : 1
