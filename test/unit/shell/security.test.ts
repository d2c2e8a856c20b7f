import { describe, expect, it } from 'vitest'
import { resolveAppFile } from '../../../main/security/app-files'
import {
  contentSecurityPolicy,
  metaContentSecurityPolicy,
  securityHeaders,
} from '../../../main/security/csp'
import { isAllowedExternalUrl, isPlainWebUrl } from '../../../main/security/external'

const directives = (policy: string) =>
  Object.fromEntries(policy.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]))

describe('content security policy', () => {
  it('allows only our own scripts and styles, no inline code, no eval, no network', () => {
    const policy = directives(contentSecurityPolicy())
    expect(policy['default-src']).toEqual(["'none'"])
    expect(policy['script-src']).toEqual(["'self'"])
    expect(policy['style-src']).toEqual(["'self'"])
    expect(policy['connect-src']).toEqual(["'self'"])
    expect(policy['object-src']).toEqual(["'none'"])
    expect(policy['frame-ancestors']).toEqual(["'none'"])
    expect(contentSecurityPolicy()).not.toMatch(/unsafe-(inline|eval)|https?:|\*/)
  })

  it('adds only the named bridge address for the preview', () => {
    const policy = directives(contentSecurityPolicy({ connect: ['ws://127.0.0.1:5180'] }))
    expect(policy['connect-src']).toEqual(["'self'", 'ws://127.0.0.1:5180'])
    expect(policy['script-src']).toEqual(["'self'"])
  })

  it('relaxes only for the dev server', () => {
    const dev = contentSecurityPolicy({
      dev: { origin: 'http://localhost:5173', websocket: 'ws://localhost:5173' },
    })
    expect(dev).toContain("'unsafe-inline'")
    expect(dev).not.toContain('unsafe-eval')
  })

  it('leaves header-only directives out of the meta tag', () => {
    expect(metaContentSecurityPolicy()).not.toContain('frame-ancestors')
    expect(securityHeaders()['X-Content-Type-Options']).toBe('nosniff')
  })
})

describe('external links', () => {
  it.each([
    ['https://help.tilldesk.example/keys', true],
    ['https://dashboard.gateway.example/api-keys', true],
    ['http://help.tilldesk.example/', false],
    ['https://help.tilldesk.example.evil.example/', false],
    ['https://user:pw@help.tilldesk.example/', false],
    ['https://help.tilldesk.example:8443/', false],
    ['file:///etc/passwd', false],
    ['javascript:alert(1)', false],
    ['smb://server/share', false],
    ['not a url', false],
  ])('%s → %s', (url, allowed) => {
    expect(isAllowedExternalUrl(url)).toBe(allowed)
  })
})

describe('app:// file mapping', () => {
  const root = '/opt/tilldesk/out/renderer'
  it('maps our files and the root to index.html', () => {
    expect(resolveAppFile(root, 'app://tilldesk/')).toBe(`${root}/index.html`)
    expect(resolveAppFile(root, 'app://tilldesk/assets/index-1.js')).toBe(
      `${root}/assets/index-1.js`,
    )
  })
  it('refuses other hosts, traversal and bad encodings', () => {
    expect(resolveAppFile(root, 'app://other/index.html')).toBeNull()
    expect(resolveAppFile(root, 'app://tilldesk/..%2f..%2fmain%2findex.js')).toBeNull()
    expect(resolveAppFile(root, 'app://tilldesk/%E0%A4%A')).toBeNull()
    expect(resolveAppFile(root, 'app://tilldesk/a%00b')).toBeNull()
  })
})

describe('pages main opens in the browser', () => {
  it.each([
    ['https://checkout.gateway.example/pay/abc', true],
    ['http://127.0.0.1:4010/checkout/abc', true],
    ['http://checkout.gateway.example/pay', false],
    ['file:///C:/Windows/System32/calc.exe', false],
    ['smb://attacker/share/run.exe', false],
    ['ms-settings:privacy', false],
    ['https://user:pw@checkout.gateway.example/', false],
  ])('%s → %s', (url, allowed) => {
    expect(isPlainWebUrl(url)).toBe(allowed)
  })
})
