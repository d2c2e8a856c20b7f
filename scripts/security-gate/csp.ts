// Our own check of the Content-Security-Policy, directive by directive, against the list of
// sources we allow (Electronegativity rates 'unsafe-eval' LOW, and the gate used to pass LOW).
// Both places the policy lives are checked: the <meta> tag in renderer/index.html and the
// header built by main/security/csp.ts (production options).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { GateFinding } from './findings'

/** Directive → the sources it may hold. A directive not listed here is not allowed. */
export const ALLOWED_CSP: Readonly<Record<string, readonly string[]>> = {
  'default-src': ["'none'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  // QR codes for payment instructions are data: images; data: cannot carry script here.
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'media-src': ["'self'", 'data:'],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  'frame-ancestors': ["'none'"],
  'frame-src': ["'none'"],
  'worker-src': ["'none'"],
  'manifest-src': ["'none'"],
}
/** Must be present (the rest fall back to default-src 'none'). */
const REQUIRED = ['default-src', 'script-src', 'object-src', 'base-uri']

export const HTML_FILE = 'renderer/index.html'
export const CSP_FILE = 'main/security/csp.ts'

export function checkPolicy(policy: string, file: string): GateFinding[] {
  const findings: GateFinding[] = []
  const report = (message: string) => findings.push({ check: 'CSP_ALLOWED_LIST', file, message })
  const seen = new Set<string>()
  for (const directive of policy
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const [name = '', ...sources] = directive.split(/\s+/)
    const key = name.toLowerCase()
    if (seen.has(key)) report(`${key} appears twice.`)
    seen.add(key)
    const allowed = ALLOWED_CSP[key]
    if (!allowed) {
      report(`${key} is not an allowed directive.`)
      continue
    }
    for (const source of sources) {
      if (!allowed.includes(source)) report(`${key} must not allow ${source}.`)
    }
  }
  for (const name of REQUIRED) if (!seen.has(name)) report(`${name} is missing.`)
  return findings
}

/** The policy in the <meta http-equiv="Content-Security-Policy"> tag, or null. */
export function metaPolicy(html: string): string | null {
  const tag = /<meta\b[^>]*http-equiv=["']Content-Security-Policy["'][^>]*>/i.exec(html)?.[0]
  const match = tag ? /content=(?:"([^"]*)"|'([^']*)')/i.exec(tag) : null
  return match ? (match[1] ?? match[2] ?? null) : null
}

export async function checkCsp(root: string): Promise<GateFinding[]> {
  const findings: GateFinding[] = []
  const meta = metaPolicy(readFileSync(join(root, HTML_FILE), 'utf8'))
  if (meta === null) {
    findings.push({ check: 'CSP_ALLOWED_LIST', file: HTML_FILE, message: 'No CSP <meta> tag.' })
  } else {
    findings.push(...checkPolicy(meta, HTML_FILE))
  }
  // The header app:// sends, as the production build builds it (no dev server, no preview).
  const module = (await import(pathToFileURL(join(root, CSP_FILE)).href)) as {
    contentSecurityPolicy?: () => string
  }
  if (typeof module.contentSecurityPolicy !== 'function') {
    findings.push({
      check: 'CSP_ALLOWED_LIST',
      file: CSP_FILE,
      message: 'contentSecurityPolicy() is missing.',
    })
  } else {
    findings.push(...checkPolicy(module.contentSecurityPolicy(), CSP_FILE))
  }
  return findings
}
