import * as z from 'zod'
import { describe, expect, it, vi } from 'vitest'
import { defineChannels, returns, roleAllows, ROLES, type Role } from '../../../common/ipc/contract'
import type { PublicUser } from '../../../common/ipc/users'
import { AppError } from '../../../main/kernel/errors'
import { createLogger } from '../../../main/kernel/log'
import { Dispatcher } from '../../../main/ipc/dispatch'
import type { SenderInfo } from '../../../main/ipc/handlers'
import { APP_ORIGIN, isOwnUrl } from '../../../main/security/origin'

const table = defineChannels({
  'test.public': {
    input: z.strictObject({ n: z.number().int() }),
    result: returns<number>(),
    role: 'public',
    summary: '',
  },
  'test.cashier': {
    input: z.strictObject({}).optional(),
    result: returns<string>(),
    role: 'cashier',
    summary: '',
  },
  'test.supervisor': {
    input: z.strictObject({}).optional(),
    result: returns<string>(),
    role: 'supervisor',
    summary: '',
  },
  'test.admin': {
    input: z.strictObject({ name: z.string().min(2, 'Name too short.'), age: z.number() }),
    result: returns<string>(),
    role: 'admin',
    summary: '',
  },
  'test.unhandled': { input: z.undefined(), result: returns<null>(), role: 'public', summary: '' },
})

const user = (role: PublicUser['role']): PublicUser => ({
  id: 'u_0000000000000001',
  name: 'Test',
  role,
  disabled: false,
  lockedUntil: null,
  createdAt: '2025-01-01T00:00:00.000Z',
})

const ours: SenderInfo = { transport: 'electron', url: `${APP_ORIGIN}/index.html#/settings` }

function setup(current: PublicUser | null = null) {
  const logged: Array<{ message: string; data: unknown }> = []
  const state = { user: current }
  const calls: string[] = []
  const dispatcher = new Dispatcher({
    channels: table,
    isTrustedSender: (sender) => isOwnUrl(sender.url),
    currentUser: () => state.user,
    log: createLogger((_level, message, data) => logged.push({ message, data })),
  })
  dispatcher.register({
    'test.public': ({ n }: { n: number }) => (calls.push('public'), n * 2),
    'test.cashier': () => (calls.push('cashier'), 'ok'),
    'test.supervisor': () => (calls.push('supervisor'), 'ok'),
    'test.admin': ({ name }: { name: string }) => {
      calls.push('admin')
      if (name === 'boom') throw new Error('database password=hunter2 exploded')
      if (name === 'nope') throw new AppError('not_allowed_today', 'Not today.')
      return `hi ${name}`
    },
  })
  return { dispatcher, state, calls, logged }
}

describe('IPC guard, step 1: sender', () => {
  it('refuses frames that are not ours before parsing or calling anything', async () => {
    const { dispatcher, calls } = setup(user('admin'))
    for (const url of [
      'https://evil.example/',
      'file:///etc/passwd',
      '',
      'app://tilldesk.evil/index.html',
      'app://other/',
    ]) {
      const envelope = await dispatcher.dispatch({ transport: 'electron', url }, 'test.public', {
        n: 1,
      })
      expect(envelope).toEqual({
        ok: false,
        error: {
          code: 'forbidden_sender',
          message: expect.any(String),
          say: { key: expect.stringMatching(/^window/) },
        },
      })
    }
    expect(calls).toEqual([])
  })

  it('accepts only the app origin, or the exact dev server origin when one is given', () => {
    expect(isOwnUrl('app://tilldesk/index.html')).toBe(true)
    expect(isOwnUrl('app://tilldesk/')).toBe(true)
    expect(isOwnUrl('http://localhost:5173/')).toBe(false)
    expect(isOwnUrl('http://localhost:5173/#/x', 'http://localhost:5173')).toBe(true)
    expect(isOwnUrl('http://localhost:5174/', 'http://localhost:5173')).toBe(false)
    expect(isOwnUrl('http://localhost:5173.evil.example/', 'http://localhost:5173')).toBe(false)
    expect(isOwnUrl('not a url')).toBe(false)
  })
})

describe('IPC guard, step 2: input', () => {
  it('parses with the channel schema and returns per-field messages', async () => {
    const { dispatcher, calls } = setup(user('admin'))
    const envelope = await dispatcher.dispatch(ours, 'test.admin', { name: 'x', age: 'old' })
    expect(envelope.ok).toBe(false)
    if (envelope.ok) return
    expect(envelope.error.code).toBe('invalid_input')
    expect(envelope.error.fields).toEqual({ name: 'Name too short.', age: expect.any(String) })
    expect(envelope.error.message).toBe('Name too short.')
    expect(calls).toEqual([])
  })

  it('rejects unknown fields (strict objects) and unknown channels', async () => {
    const { dispatcher } = setup(user('admin'))
    const extra = await dispatcher.dispatch(ours, 'test.public', { n: 1, role: 'admin' })
    expect(extra.ok || extra.error.code).toBe('invalid_input')
    const unknown = await dispatcher.dispatch(ours, 'constructor', {})
    expect(unknown.ok || unknown.error.code).toBe('unknown_channel')
    const proto = await dispatcher.dispatch(ours, '__proto__', {})
    expect(proto.ok || proto.error.code).toBe('unknown_channel')
  })

  it('hands the parsed value to the handler', async () => {
    const { dispatcher } = setup()
    expect(await dispatcher.dispatch(ours, 'test.public', { n: 21 })).toEqual({
      ok: true,
      value: 42,
    })
  })
})

describe('IPC guard, step 3: role', () => {
  it('asks for sign-in when nobody is signed in', async () => {
    const { dispatcher, calls } = setup(null)
    const envelope = await dispatcher.dispatch(ours, 'test.cashier', undefined)
    expect(envelope.ok || envelope.error.code).toBe('not_signed_in')
    expect(calls).toEqual([])
  })

  it.each([
    ['cashier', 'test.cashier', true],
    ['cashier', 'test.supervisor', false],
    ['cashier', 'test.admin', false],
    ['supervisor', 'test.cashier', true],
    ['supervisor', 'test.supervisor', true],
    ['supervisor', 'test.admin', false],
    ['admin', 'test.cashier', true],
    ['admin', 'test.supervisor', true],
    ['admin', 'test.admin', true],
  ] as const)('%s calling %s: allowed=%s', async (role, channel, allowed) => {
    const { dispatcher, calls } = setup(user(role))
    const input = channel === 'test.admin' ? { name: 'Ada', age: 3 } : undefined
    const envelope = await dispatcher.dispatch(ours, channel, input)
    expect(envelope.ok).toBe(allowed)
    if (!envelope.ok) {
      expect(envelope.error.code).toBe('forbidden_role')
      expect(calls).toEqual([])
    }
  })

  it('reads the user at call time, so a sign-out applies to the very next call', async () => {
    const { dispatcher, state } = setup(user('admin'))
    expect((await dispatcher.dispatch(ours, 'test.admin', { name: 'Ada', age: 3 })).ok).toBe(true)
    state.user = null
    const after = await dispatcher.dispatch(ours, 'test.admin', { name: 'Ada', age: 3 })
    expect(after.ok || after.error.code).toBe('not_signed_in')
  })

  it('ranks roles admin ⊇ supervisor ⊇ cashier ⊇ public', () => {
    const held: Array<Role | null> = [null, ...ROLES]
    const rank = (role: Role | null) => (role === null ? 0 : ROLES.indexOf(role))
    for (const have of held) {
      for (const need of ROLES) {
        expect(roleAllows(have, need)).toBe(
          need === 'public' || (have !== null && rank(have) >= rank(need)),
        )
      }
    }
  })
})

describe('IPC guard, step 4: service errors', () => {
  it('passes AppError code and message through', async () => {
    const { dispatcher } = setup(user('admin'))
    expect(await dispatcher.dispatch(ours, 'test.admin', { name: 'nope', age: 1 })).toEqual({
      ok: false,
      error: { code: 'not_allowed_today', message: 'Not today.' },
    })
  })

  it('never sends a stack or an unexpected message across, and logs it redacted', async () => {
    const { dispatcher, logged } = setup(user('admin'))
    const envelope = await dispatcher.dispatch(ours, 'test.admin', { name: 'boom', age: 1 })
    expect(envelope.ok).toBe(false)
    if (envelope.ok) return
    expect(envelope.error.code).toBe('internal')
    expect(JSON.stringify(envelope)).not.toMatch(/hunter2|exploded|at .*\.ts/)
    expect(logged.some((entry) => entry.message === 'ipc handler failed')).toBe(true)
    expect(JSON.stringify(logged)).toContain('exploded')
    expect(JSON.stringify(logged)).not.toContain('hunter2')
  })

  it('uses translators for foreign errors', async () => {
    const { dispatcher } = setup(user('admin'))
    dispatcher.addTranslator((error) =>
      error instanceof Error && error.message.includes('exploded')
        ? new AppError('translated', 'Readable.')
        : null,
    )
    const envelope = await dispatcher.dispatch(ours, 'test.admin', { name: 'boom', age: 1 })
    expect(envelope).toEqual({ ok: false, error: { code: 'translated', message: 'Readable.' } })
  })

  it('says plainly when a channel has no handler yet, and lists it', async () => {
    const { dispatcher } = setup()
    const envelope = await dispatcher.dispatch(ours, 'test.unhandled', undefined)
    expect(envelope.ok || envelope.error.code).toBe('not_implemented')
    expect(dispatcher.missing()).toEqual(['test.unhandled'])
  })

  it('refuses handlers for channels not in the contract, and double registration', () => {
    const { dispatcher } = setup()
    expect(() => dispatcher.register({ 'test.nope': vi.fn() })).toThrow(/unknown channel/)
    expect(() => dispatcher.register({ 'test.public': vi.fn() })).toThrow(/two handlers/)
  })
})
