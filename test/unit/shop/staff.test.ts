// The shop's staff list on one till, without a server: the shop pepper's box, shop-peppered
// hashes, and applying other tills' staff events (in server order, each once, whatever a pull
// hands again). The two-till journeys against a real PostgreSQL are in
// test/integration/shop/shop-staff.test.ts.
import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { silentLogger } from '../../../main/kernel/log'
import { EventBus } from '../../../main/kernel/events'
import { normalizeCode, newEnrolmentCode } from '../../../main/shop/enrolment'
import type { StoredEvent } from '../../../main/shop/events'
import { openPepper, sealPepper, SHOP_PEPPER_ACCOUNT } from '../../../main/shop/pepper'
import {
  failuresIn,
  ShopStaff,
  STAFF_APPLIED_ACCOUNT,
  staffChangeOf,
  type ShopForStaff,
} from '../../../main/shop/staff'
import { SettingsStore } from '../../../main/settings/store'
import { hashPin, needsRehash, pepperOf, verifyPin } from '../../../main/users/pin'
import { UsersService } from '../../../main/users/users'
import { FAST_SCRYPT, MemoryKeychain, memoryBackend } from '../shell/helpers'

const tillPepper = randomBytes(32)
const shopPepper = randomBytes(32)

describe('the shop pepper travels sealed to the enrolment code', () => {
  it('opens with the code it was sealed with, typed any way the code is read out', async () => {
    const code = newEnrolmentCode()
    const box = await sealPepper(shopPepper, normalizeCode(code))
    expect(box).not.toContain(shopPepper.toString('base64url'))
    expect(box).not.toContain(shopPepper.toString('base64'))
    expect(await openPepper(box, normalizeCode(code.toLowerCase().replace('-', ' ')))).toEqual(
      shopPepper,
    )
  })

  it('refuses another code, and a box changed on the server', async () => {
    const code = normalizeCode(newEnrolmentCode())
    const box = await sealPepper(shopPepper, code)
    await expect(openPepper(box, normalizeCode(newEnrolmentCode()))).rejects.toThrow()
    const parts = box.split('.')
    const body = Buffer.from(parts[3]!, 'base64url')
    body[0] = (body[0] ?? 0) ^ 1
    parts[3] = body.toString('base64url')
    await expect(openPepper(parts.join('.'), code)).rejects.toThrow()
    await expect(openPepper('v2.a.b.c.d', code)).rejects.toThrow(/form/)
  })

  it('seals each time with a fresh salt', async () => {
    const code = normalizeCode(newEnrolmentCode())
    expect(await sealPepper(shopPepper, code)).not.toBe(await sealPepper(shopPepper, code))
  })
})

describe('shop-peppered PIN hashes', () => {
  it('say which pepper they need, and check only with the shop pepper', async () => {
    const hash = await hashPin('2468', FAST_SCRYPT, shopPepper, 'shop')
    expect(hash).toMatch(/^spscrypt\$/)
    expect(pepperOf(hash)).toBe('shop')
    expect(await verifyPin('2468', hash, tillPepper, shopPepper)).toBe(true)
    expect(await verifyPin('2468', hash, tillPepper, null)).toBe(false)
    // The shop pepper given as the till's own doesn't check it either (another label).
    expect(await verifyPin('2468', hash, shopPepper, null)).toBe(false)
    expect(await verifyPin('1357', hash, tillPepper, shopPepper)).toBe(false)
  })

  it('a till hash is still checked with the till pepper, whatever shop pepper is there', async () => {
    const hash = await hashPin('2468', FAST_SCRYPT, tillPepper)
    expect(pepperOf(hash)).toBe('till')
    expect(await verifyPin('2468', hash, tillPepper, shopPepper)).toBe(true)
    expect(await verifyPin('2468', hash, null, shopPepper)).toBe(false)
  })

  it('needs a rehash when it is not peppered the way the till now wants', async () => {
    const till = await hashPin('2468', FAST_SCRYPT, tillPepper)
    const shop = await hashPin('2468', FAST_SCRYPT, shopPepper, 'shop')
    expect(needsRehash(till, FAST_SCRYPT, shopPepper, 'shop')).toBe(true)
    expect(needsRehash(shop, FAST_SCRYPT, shopPepper, 'shop')).toBe(false)
    expect(needsRehash(shop, FAST_SCRYPT, tillPepper)).toBe(true)
    expect(needsRehash(till, FAST_SCRYPT, tillPepper)).toBe(false)
  })
})

/** A till in shop mode: its users service, the staff list, and what it told the shop. */
function shopTill(options: { inShop?: boolean } = {}) {
  let now = Date.parse('2026-03-02T09:00:00Z')
  const settings = new SettingsStore(memoryBackend())
  const users = new UsersService({
    settings,
    emit: new EventBus().emit,
    now: () => now,
    scrypt: FAST_SCRYPT,
    pepper: () => tillPepper,
  })
  const keychain = new MemoryKeychain()
  keychain.entries.set(`Tilldesk/till|${SHOP_PEPPER_ACCOUNT}`, shopPepper.toString('base64'))
  const told: Array<{ kind: string; body: Record<string, unknown> }> = []
  const inbox: StoredEvent[] = []
  const refused: Array<{ eventId: string; why: string; detail: string }> = []
  const shop: ShopForStaff & { mode: 'single' | 'shop' } = {
    mode: options.inShop === false ? 'single' : 'shop',
    status: () => ({ mode: shop.mode }),
    record: async (kind, body) => {
      told.push({ kind, body })
    },
    inbox: () => inbox,
    refuse: (event, detail) => refused.push({ ...event, detail }),
  }
  const staff = new ShopStaff({ users, keychain, log: silentLogger, now: () => now })
  staff.connect(shop)
  let seq = 0
  const event = (kind: string, body: Record<string, unknown>, at = now): StoredEvent => {
    seq += 1
    return {
      serverSeq: seq,
      eventId: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
      tillId: 'back-till-abc123',
      tillSeq: seq,
      kind,
      body,
      createdAt: new Date(at).toISOString(),
      receivedAt: new Date(at).toISOString(),
      signature: 'x'.repeat(86),
    }
  }
  return {
    users,
    settings,
    staff,
    keychain,
    told,
    refused,
    shop,
    event,
    /** As the shop service does with a pull: the staff list first, then the inbox. */
    pull: async (...events: StoredEvent[]) => {
      await staff.apply(events)
      inbox.push(...events)
    },
    clock: () => now,
    advance: (ms: number) => {
      now += ms
    },
  }
}

const codeOf = async (promise: Promise<unknown>): Promise<string> => {
  try {
    await promise
    return 'ok'
  } catch (error) {
    return (error as { code?: string }).code ?? String(error)
  }
}

describe('staff changes this till tells the shop', () => {
  it('a new user is hashed with the shop pepper and told to the shop; a single till tells nothing', async () => {
    const t = shopTill()
    const cara = await t.users.create({ name: 'Cara', role: 'cashier', pin: '2468' })
    await t.staff.recorded()
    const hash = t.settings.get().users[0]!.pinHash
    expect(hash).toMatch(/^spscrypt\$/)
    expect(t.told).toEqual([
      {
        kind: 'staff.upserted',
        body: {
          userId: cara.id,
          name: 'Cara',
          role: 'cashier',
          pinHash: hash,
          createdAt: cara.createdAt,
          disabled: false,
          actorId: cara.id,
        },
      },
    ])
    const single = shopTill({ inShop: false })
    await single.users.create({ name: 'Cara', role: 'cashier', pin: '2468' })
    await single.staff.recorded()
    expect(single.settings.get().users[0]!.pinHash).toMatch(/^pscrypt\$/)
    expect(single.told).toEqual([])
  })

  it('a profile from before the shop is rehashed at its next good sign-in, then told', async () => {
    const t = shopTill({ inShop: false })
    const ada = await t.users.create({ name: 'Ada', role: 'admin', pin: '123456' })
    t.shop.mode = 'shop'
    expect(await codeOf(t.users.verifyPin(ada.id, '000000'))).toBe('wrong_pin')
    await t.staff.recorded()
    expect(t.settings.get().users[0]!.pinHash).toMatch(/^pscrypt\$/)
    expect(t.told.map((e) => e.kind)).toEqual(['signin.failed'])
    await t.users.verifyPin(ada.id, '123456')
    await t.staff.recorded()
    expect(t.settings.get().users[0]!.pinHash).toMatch(/^spscrypt\$/)
    // The good sign-in after a wrong PIN also tells the other tills to start counting again.
    expect(t.told.map((e) => e.kind)).toEqual(['signin.failed', 'signin.ok', 'staff.upserted'])
  })

  it('disable, enable, edit, new PIN and remove are each told once', async () => {
    const t = shopTill()
    const ada = await t.users.create({ name: 'Ada', role: 'admin', pin: '123456' })
    const cara = await t.users.create({ name: 'Cara', role: 'cashier', pin: '2468' })
    t.users.update(ada.id, { id: cara.id, disabled: true })
    t.users.update(ada.id, { id: cara.id, disabled: false })
    t.users.update(ada.id, { id: cara.id, role: 'supervisor' })
    await t.users.setPin(cara.id, '97531864', ada.id)
    t.users.unlock(cara.id)
    t.users.remove(ada.id, cara.id)
    await t.staff.recorded()
    expect(t.told.map((e) => e.kind)).toEqual([
      'staff.upserted',
      'staff.upserted',
      'staff.disabled',
      'staff.enabled',
      'staff.upserted',
      'staff.upserted',
      'staff.removed',
    ])
  })
})

describe("applying the other tills' staff events", () => {
  const remoteUser = async (id = 'u_0123456789abcdef', pin = '2468', params = FAST_SCRYPT) => ({
    userId: id,
    name: 'Bola',
    role: 'cashier',
    pinHash: await hashPin(pin, params, shopPepper, 'shop'),
    createdAt: '2026-03-01T08:00:00.000Z',
    disabled: false,
  })

  it('a user from another till signs in here with the same PIN, and only here-sealed', async () => {
    const t = shopTill()
    const body = await remoteUser()
    await t.staff.apply([t.event('staff.upserted', body)])
    expect((await t.users.verifyPin(body.userId, '2468')).name).toBe('Bola')
    expect(await codeOf(t.users.verifyPin(body.userId, '1357'))).toBe('wrong_pin')
    expect(t.told.some((e) => e.kind.startsWith('staff.'))).toBe(false)
  })

  /** An admin of the shop, arrived from another till: the author of the changes below. */
  const remoteAdmin = async (t: ReturnType<typeof shopTill>) => {
    const admin = { ...(await remoteUser('u_00000000000000ad', '135792')), name: 'Ade' }
    const body = { ...admin, role: 'admin', actorId: admin.userId }
    await t.staff.apply([t.event('staff.upserted', body)])
    return admin.userId
  }

  it('the latest change in server order wins; an edit does not lift a disable', async () => {
    const t = shopTill()
    const actorId = await remoteAdmin(t)
    // A supervisor's PIN has six digits.
    const body = { ...(await remoteUser(undefined, '246813')), actorId }
    await t.staff.apply([
      t.event('staff.upserted', body),
      t.event('staff.disabled', { userId: body.userId, actorId }),
      t.event('staff.upserted', { ...body, name: 'Bola A.', role: 'supervisor' }),
    ])
    expect(t.users.get(body.userId)).toMatchObject({
      name: 'Bola A.',
      role: 'supervisor',
      disabled: true,
    })
    expect(await codeOf(t.users.verifyPin(body.userId, '246813'))).toBe('user_disabled')
    await t.staff.apply([t.event('staff.enabled', { userId: body.userId, actorId })])
    expect(await codeOf(t.users.verifyPin(body.userId, '246813'))).toBe('ok')
    await t.staff.apply([t.event('staff.removed', { userId: body.userId, actorId })])
    expect(await codeOf(t.users.verifyPin(body.userId, '246813'))).toBe('unknown_user')
  })

  it('events handed again (a rewound pull) do not undo what came after them', async () => {
    const t = shopTill()
    const actorId = await remoteAdmin(t)
    const body = { ...(await remoteUser()), actorId }
    const first = [
      t.event('staff.upserted', body),
      t.event('staff.disabled', { userId: body.userId, actorId }),
    ]
    await t.staff.apply(first)
    await t.staff.apply([t.event('staff.enabled', { userId: body.userId, actorId })])
    await t.staff.apply(first)
    expect(t.users.get(body.userId).disabled).toBe(false)
    expect(t.keychain.entries.get(`Tilldesk/till|${STAFF_APPLIED_ACCOUNT}`)).toBe('4')
    // A fresh start on the same keychain keeps its place.
    const again = new ShopStaff({ users: t.users, keychain: t.keychain, log: silentLogger })
    await again.apply(first)
    expect(t.users.get(body.userId).disabled).toBe(false)
  })

  it('refuses a hash no till of the shop can check, and an unreadable event, and goes on', async () => {
    const t = shopTill()
    const good = await remoteUser('u_00000000000000aa')
    const tillHash = await hashPin('2468', FAST_SCRYPT, tillPepper)
    await t.staff.apply([
      t.event('staff.upserted', { ...(await remoteUser()), pinHash: tillHash }),
      t.event('staff.upserted', { userId: 'not an id', name: 'X' }),
      t.event('staff.disabled', { userId: 'u_ffffffffffffffff' }),
      t.event('staff.upserted', good),
    ])
    expect(t.users.list().map((u) => u.id)).toEqual([good.userId])
    expect(staffChangeOf(t.event('staff.upserted', { userId: 'u_1' }))).toBe('malformed')
    expect(staffChangeOf(t.event('charge.closed', {}))).toBeNull()
  })

  it('a new PIN from another till starts the lockout count again here', async () => {
    const t = shopTill()
    const actorId = await remoteAdmin(t)
    const body = await remoteUser()
    await t.staff.apply([t.event('staff.upserted', body)])
    for (let i = 0; i < 5; i += 1) await codeOf(t.users.verifyPin(body.userId, '0000'))
    expect(await codeOf(t.users.verifyPin(body.userId, '2468'))).toBe('locked_out')
    await t.staff.apply([
      t.event('staff.upserted', { ...(await remoteUser(body.userId, '8642')), actorId }),
    ])
    expect(await codeOf(t.users.verifyPin(body.userId, '8642'))).toBe('ok')
  })

  it('a change whose author was not an admin at that point is refused and kept as refused', async () => {
    const t = shopTill()
    const actorId = await remoteAdmin(t)
    const bola = { ...(await remoteUser()), actorId }
    await t.staff.apply([t.event('staff.upserted', bola)])
    // Bola, a cashier, promotes herself, then a supervisor she made up; a change with no
    // author (as from before authors were carried) tries a new PIN for the admin.
    const self = { ...bola, role: 'admin', actorId: bola.userId }
    const made = {
      ...(await remoteUser('u_00000000000000ee')),
      role: 'supervisor',
      actorId: bola.userId,
    }
    const { actorId: _, ...noAuthor } = {
      ...(await remoteUser(actorId, '999999')),
      role: 'admin',
      actorId,
    }
    await t.staff.apply([
      t.event('staff.upserted', self),
      t.event('staff.upserted', made),
      t.event('staff.upserted', noAuthor),
      t.event('staff.enabled', { userId: bola.userId }),
    ])
    expect(t.users.get(bola.userId).role).toBe('cashier')
    expect(t.users.list().map((u) => u.id)).toEqual([actorId, bola.userId])
    expect(await codeOf(t.users.verifyPin(actorId, '999999'))).toBe('wrong_pin')
    expect(t.refused.map((r) => r.why)).toEqual([
      'not_admin',
      'not_admin',
      'not_admin',
      'not_admin',
    ])
    expect(t.refused[0]!.detail).toMatch(/cashier, not an admin/)
    // Without an author, what only takes power away still applies (a shop from before).
    await t.staff.apply([t.event('staff.disabled', { userId: bola.userId })])
    expect(t.users.get(bola.userId).disabled).toBe(true)
  })

  it("staff an admin adds before the admin's own record reached this till are applied", async () => {
    // The admin created the shop and added a supervisor in the same session: their own
    // record travels only at their next sign-in, after the supervisor's.
    const t = shopTill()
    const sade = { ...(await remoteUser('u_000000000000005a', '246813')), role: 'supervisor' }
    await t.staff.apply([t.event('staff.upserted', { ...sade, actorId: 'u_00000000000000ad' })])
    expect(t.users.get(sade.userId).role).toBe('supervisor')
    expect(t.refused).toEqual([])
  })

  it('a disable that arrives while the PIN is being checked refuses the sign-in', async () => {
    const t = shopTill()
    // A dearer hash, so the check is surely still hashing when the disable is applied.
    const body = await remoteUser(undefined, '2468', { N: 32_768, r: 8, p: 1 })
    await t.staff.apply([t.event('staff.upserted', body)])
    const checking = t.users.verifyPin(body.userId, '2468')
    // The check has started (past the disabled test) and is hashing; the disable arrives.
    await new Promise((resolve) => setImmediate(resolve))
    await t.staff.apply([t.event('staff.disabled', { userId: body.userId })])
    expect(await codeOf(checking)).toBe('user_disabled')
  })
})

describe('a till that left one shop and joined another', () => {
  it("staff still carrying the earlier shop's hash sign in, and are rehashed for the new shop", async () => {
    const t = shopTill()
    const cara = await t.users.create({ name: 'Cara', role: 'cashier', pin: '2468' })
    const nextShop = randomBytes(32)
    await t.staff.enrolled(nextShop)
    expect(await codeOf(t.users.verifyPin(cara.id, '1357'))).toBe('wrong_pin')
    expect(await codeOf(t.users.verifyPin(cara.id, '2468'))).toBe('ok')
    const hash = t.settings.get().users[0]!.pinHash
    expect(await verifyPin('2468', hash, tillPepper, nextShop)).toBe(true)
    expect(await verifyPin('2468', hash, tillPepper, shopPepper)).toBe(false)
    await t.staff.recorded()
    expect(t.told.at(-1)).toMatchObject({ kind: 'staff.upserted', body: { pinHash: hash } })
  })
})

describe('lockout counted across the shop', () => {
  it("the other tills' wrong PINs within the window add up with this till's", async () => {
    const t = shopTill()
    const cara = await t.users.create({ name: 'Cara', role: 'cashier', pin: '2468' })
    const failed = () => t.event('signin.failed', { userId: cara.id })
    await t.pull(failed(), failed(), failed())
    expect(await codeOf(t.users.verifyPin(cara.id, '0000'))).toBe('wrong_pin')
    expect(await codeOf(t.users.verifyPin(cara.id, '0000'))).toBe('locked_out')
    expect(await codeOf(t.users.verifyPin(cara.id, '2468'))).toBe('locked_out')
    // Five elsewhere lock at the next check here, even with the right PIN.
    const dan = await t.users.create({ name: 'Dan', role: 'cashier', pin: '1357' })
    await t.pull(...Array.from({ length: 5 }, () => t.event('signin.failed', { userId: dan.id })))
    expect(await codeOf(t.users.verifyPin(dan.id, '1357'))).toBe('locked_out')
  })

  it('a good sign-in here starts the count again; failures older than the window drop out', async () => {
    const t = shopTill()
    const cara = await t.users.create({ name: 'Cara', role: 'cashier', pin: '2468' })
    const failed = (at?: number) => t.event('signin.failed', { userId: cara.id }, at)
    const old = Date.parse('2026-03-02T08:40:00Z')
    await t.pull(failed(old), failed(old), failed(old), failed(), failed())
    expect(await codeOf(t.users.verifyPin(cara.id, '2468'))).toBe('ok')
    t.advance(1000)
    await t.pull(failed(), failed(), failed())
    // The good sign-in started the count again here: only the three after it count.
    expect(await codeOf(t.users.verifyPin(cara.id, '0000'))).toBe('wrong_pin')
    expect(await codeOf(t.users.verifyPin(cara.id, '0000'))).toBe('locked_out')
  })

  it('a good sign-in on another till starts the count again here too', async () => {
    const t = shopTill()
    const cara = await t.users.create({ name: 'Cara', role: 'cashier', pin: '2468' })
    const failed = () => t.event('signin.failed', { userId: cara.id })
    // Three typos on the back till, then Cara signs in there with the right PIN.
    await t.pull(failed(), failed(), failed())
    t.advance(1000)
    await t.pull(t.event('signin.ok', { userId: cara.id }))
    t.advance(1000)
    // Here, two typos of her own leave her tries, not a lockout for the back till's typos.
    expect(await codeOf(t.users.verifyPin(cara.id, '0000'))).toBe('wrong_pin')
    expect(await codeOf(t.users.verifyPin(cara.id, '0000'))).toBe('wrong_pin')
    expect(await codeOf(t.users.verifyPin(cara.id, '2468'))).toBe('ok')
  })

  it('a good sign-in after wrong PINs known here is told to the other tills; a plain one is not', async () => {
    const t = shopTill()
    const cara = await t.users.create({ name: 'Cara', role: 'cashier', pin: '2468' })
    await t.staff.recorded()
    const told = () => t.told.filter((e) => e.kind === 'signin.ok')
    expect(await codeOf(t.users.verifyPin(cara.id, '2468'))).toBe('ok')
    await t.staff.recorded()
    expect(told()).toEqual([])
    expect(await codeOf(t.users.verifyPin(cara.id, '0000'))).toBe('wrong_pin')
    expect(await codeOf(t.users.verifyPin(cara.id, '2468'))).toBe('ok')
    await t.staff.recorded()
    expect(told()).toEqual([{ kind: 'signin.ok', body: { userId: cara.id } }])
  })

  it('reads the server receive time, and the till clock only for events pulled before it', () => {
    const t = shopTill()
    const e = t.event('signin.failed', { userId: 'u_0123456789abcdef' })
    expect(failuresIn([{ ...e, receivedAt: '2026-03-02T10:00:00.000Z' }])[0]!.receivedAt).toBe(
      Date.parse('2026-03-02T10:00:00.000Z'),
    )
    const { receivedAt: _, ...older } = e
    expect(failuresIn([older])[0]!.receivedAt).toBe(Date.parse(e.createdAt))
    expect(failuresIn([t.event('signin.failed', { userId: 5 })])).toEqual([])
  })

  it('after a restart, the wrong PINs already pulled still count', async () => {
    const t = shopTill()
    const cara = await t.users.create({ name: 'Cara', role: 'cashier', pin: '2468' })
    await t.pull(...Array.from({ length: 4 }, () => t.event('signin.failed', { userId: cara.id })))
    const restarted = new ShopStaff({
      users: t.users,
      keychain: t.keychain,
      log: silentLogger,
      now: t.clock,
    })
    restarted.connect(t.shop)
    expect(await codeOf(t.users.verifyPin(cara.id, '0000'))).toBe('locked_out')
  })

  it('a single till counts only its own', async () => {
    const t = shopTill({ inShop: false })
    const cara = await t.users.create({ name: 'Cara', role: 'cashier', pin: '2468' })
    await t.pull(...Array.from({ length: 5 }, () => t.event('signin.failed', { userId: cara.id })))
    expect(await codeOf(t.users.verifyPin(cara.id, '2468'))).toBe('ok')
  })
})
