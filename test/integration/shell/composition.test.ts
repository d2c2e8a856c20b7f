// The composition root as both transports use it: every contract channel has a handler, and
// the session/role rules hold through the real handlers.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { channels } from '../../../common/ipc'
import type { AppServices } from '../../../main/compose/services'
import { dispatcher, startServices } from '../../support/services'

let services: AppServices
let dir: string

const { value, code } = dispatcher(() => services)

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tilldesk-root-'))
  services = await startServices(dir)
})

afterAll(async () => {
  await services.stop()
  rmSync(dir, { recursive: true, force: true })
})

describe('composition root', () => {
  it('registers a handler for every channel of the contract', () => {
    expect(services.dispatcher.missing()).toEqual([])
    for (const [name, spec] of Object.entries(channels)) {
      expect(spec.summary, name).not.toBe('')
    }
  })

  it('walks first run, sign-in, role gates and switching user through the real handlers', async () => {
    expect(await value('session.get')).toMatchObject({ setupRequired: true, user: null })
    // Before setup nothing but public channels answer.
    expect(await code('settings.get')).toBe('not_signed_in')

    const afterSetup = await value<{ user: { id: string; role: string } }>('session.setup', {
      tillName: 'Front counter',
      adminName: 'Ada',
      pin: '123456',
    })
    expect(afterSetup.user.role).toBe('admin')
    expect(await code('session.setup', { tillName: 'Again', adminName: 'Eve', pin: '9999' })).toBe(
      'already_set_up',
    )

    const cashier = await value<{ id: string }>('users.create', {
      name: 'Bola',
      role: 'cashier',
      pin: '2468',
    })
    await value('session.signOut')
    expect(await code('users.list')).toBe('ok')
    expect(await code('session.signIn', { userId: cashier.id, pin: '0000' })).toBe('wrong_pin')
    await value('session.signIn', { userId: cashier.id, pin: '2468' })

    // A cashier is refused every admin channel in main, whatever the UI shows.
    expect(await code('settings.get')).toBe('forbidden_role')
    expect(
      await code('settings.setKey', { environment: 'sandbox', keyId: 'k', secret: 'secret-123' }),
    ).toBe('forbidden_role')
    expect(await code('users.create', { name: 'Mallory', role: 'admin', pin: '1111' })).toBe(
      'forbidden_role',
    )
    expect(await code('environment.switch', { environment: 'live', confirm: 'LIVE' })).toBe(
      'forbidden_role',
    )
    expect(await code('environment.testConnection')).toBe('forbidden_role')
    expect(await code('users.changeOwnPin', { currentPin: '2468', newPin: '8642' })).toBe('ok')

    await value('session.signOut')
    expect(await code('users.changeOwnPin', { currentPin: '8642', newPin: '2468' })).toBe(
      'not_signed_in',
    )
  })

  it('writes no secret into the settings file', async () => {
    const { readFileSync } = await import('node:fs')
    const text = readFileSync(join(dir, 'settings.json'), 'utf8')
    expect(text).not.toMatch(/"secret"|"pin"/)
    expect(text).toContain('scrypt$')
  })
})
