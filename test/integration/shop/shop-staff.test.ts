// One staff list across a shop's tills, through the composition root: two tills, each the real
// app services behind the IPC guard, and one real PostgreSQL (TLS). Staff made or changed on
// one till sign in (or are refused) on the other with the same PIN; wrong PINs add up across
// the tills; the shop's PIN pepper reaches the joining till through its one-time code and is
// never left on the server; and a staff record applied from the shop is sealed with the
// receiving till's key, so editing the file afterwards is caught.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PublicUser } from '../../../common/ipc/users'
import type { AppServices } from '../../../main/compose/services'
import type { Keychain } from '../../../main/keychain/keychain'
import { normalizeCode } from '../../../main/shop/enrolment'
import { openEnrolmentBox, SHOP_PEPPER_ACCOUNT } from '../../../main/shop/pepper'
import { dispatcher, startServices } from '../../support/services'
import { MemoryKeychain } from '../../unit/shell/helpers'
import {
  postgresSkipReason,
  startThrowawayPostgres,
  type ThrowawayPostgres,
} from '../../support/postgres'
import { tillSecret } from '../../support/shop-events'
import { SHOP_LOGIN_ACCOUNT } from '../../../main/shop/service'
import { until } from '../../support/async'

const skipReason = postgresSkipReason()

/** The other tills' events a till has pulled, by kind (its inbox file). */
function pulled(dir: string, kind: string): Array<{ body: Record<string, unknown> }> {
  let text = ''
  try {
    text = readFileSync(join(dir, 'shop', 'inbox.jsonl'), 'utf8')
  } catch {
    return []
  }
  // Sealed lines (main/shop/sealed-file.ts): each pulled event is a line's body.
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map(
      (line) =>
        (JSON.parse(line) as { body: { kind: string; body: Record<string, unknown> } | null }).body,
    )
    .filter((e): e is { kind: string; body: Record<string, unknown> } => e?.kind === kind)
}

describe.skipIf(skipReason !== null)(
  `one staff list across two tills${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    let server: ThrowawayPostgres
    let a: AppServices
    let b: AppServices
    let adaId = ''
    let adeId = ''
    const keychainA: Keychain = new MemoryKeychain()
    const keychainB: Keychain = new MemoryKeychain()
    const dirA = mkdtempSync(join(tmpdir(), 'tilldesk-staff-a-'))
    const dirB = mkdtempSync(join(tmpdir(), 'tilldesk-staff-b-'))
    const tillA = dispatcher(() => a)
    const tillB = dispatcher(() => b)
    const address = () => ({
      host: server.host,
      port: server.port,
      database: 'postgres',
      ca: server.ca,
    })
    const owner = () => ({ ownerUser: server.superuser, ownerPassword: server.superPassword })
    const ownerQuery = async (sql: string) => {
      const client = new pg.Client({
        host: server.host,
        port: server.port,
        database: 'postgres',
        user: server.superuser,
        password: server.superPassword,
        ssl: { ca: server.ca, rejectUnauthorized: true },
      })
      await client.connect()
      try {
        return (await client.query(sql)).rows
      } finally {
        await client.end()
      }
    }
    /** Waits until till `on` has the user (applied from the shop), as its service lists them. */
    const arrives = (on: () => AppServices, name: string, check = (_: PublicUser) => true) =>
      until(`${name} on the other till`, async () => {
        const user = on()
          .users.list()
          .find((u) => u.name === name)
        return user && check(user) ? user : null
      })
    const stored = (on: AppServices, id: string) => on.settings.get().users.find((u) => u.id === id)

    beforeAll(async () => {
      server = await startThrowawayPostgres()
      a = await startServices(dirA, keychainA)
      b = await startServices(dirB, keychainB)
      adaId = (
        await tillA.value<{ user: { id: string } }>('session.setup', {
          tillName: 'Front counter',
          adminName: 'Ada',
          pin: '123456',
        })
      ).user.id
      adeId = (
        await tillB.value<{ user: { id: string } }>('session.setup', {
          tillName: 'Back counter',
          adminName: 'Ade',
          pin: '654321',
        })
      ).user.id
      await tillA.value('shop.create', { server: address(), ...owner(), shopName: 'Corner Shop' })
      const { code } = await tillA.value<{ code: string }>('shop.createCode', owner())
      await tillB.value('shop.join', { server: address(), code })
    }, 90_000)

    afterAll(async () => {
      await a?.stop()
      await b?.stop()
      server?.destroy()
      rmSync(dirA, { recursive: true, force: true })
      rmSync(dirB, { recursive: true, force: true })
    })

    it('joining carries the shop pepper to the new till, and leaves no box on the server', async () => {
      const pepperA = await keychainA.get('till', SHOP_PEPPER_ACCOUNT)
      const pepperB = await keychainB.get('till', SHOP_PEPPER_ACCOUNT)
      expect(pepperA).toBeTruthy()
      expect(Buffer.from(pepperA!, 'base64')).toHaveLength(32)
      expect(pepperB).toBe(pepperA)
      // The box went with the burned code; nothing of the pepper stays on the server.
      const boxes = await ownerQuery(
        'select count(*)::int as n from enrolment_codes where pepper_box is not null',
      )
      expect(boxes[0].n).toBe(0)
      // Each till keeps its own pepper too, unlike the shop's.
      expect(await keychainA.get('till', 'Tilldesk PIN pepper')).not.toBe(pepperA)
    })

    it("a code carries the pepper sealed to it, only the latest code's box is kept, and no till can read it", async () => {
      const pepper = Buffer.from((await keychainA.get('till', SHOP_PEPPER_ACCOUNT))!, 'base64')
      await tillA.value('shop.createCode', owner())
      // A code carries the keys the code-making till believes (pins.ts). Till A pins B when it
      // hears B's first event, which may still be on its way: make codes until A believes both.
      const opened = await until('a code that carries both tills', async () => {
        const { code } = await tillA.value<{ code: string }>('shop.createCode', owner())
        const boxes = await ownerQuery(
          'select pepper_box from enrolment_codes where pepper_box is not null',
        )
        expect(boxes).toHaveLength(1)
        const box = String(boxes[0].pepper_box)
        expect(box).not.toContain(pepper.toString('base64url'))
        const inside = await openEnrolmentBox(box, normalizeCode(code))
        expect(inside.pepper).toEqual(pepper)
        return Object.keys(inside.tills).length === 2 && inside
      })
      expect(Object.keys(opened.tills)).toHaveLength(2)
      const login = JSON.parse((await tillSecret(keychainB, dirB, SHOP_LOGIN_ACCOUNT))!) as {
        user: string
        password: string
      }
      const client = new pg.Client({
        host: server.host,
        port: server.port,
        database: 'postgres',
        ...login,
        ssl: { ca: server.ca, rejectUnauthorized: true },
      })
      await client.connect()
      try {
        await expect(client.query('select pepper_box from enrolment_codes')).rejects.toThrow(
          /permission denied/,
        )
      } finally {
        await client.end()
      }
    })

    it('a profile from before the shop travels after its next good sign-in, with its id', async () => {
      expect(stored(a, adaId)!.pinHash).toMatch(/^pscrypt\$/)
      await tillA.value('session.signIn', { userId: adaId, pin: '123456' })
      expect(stored(a, adaId)!.pinHash).toMatch(/^spscrypt\$/)
      const there = await arrives(() => b, 'Ada')
      expect(there.id).toBe(adaId)
      expect(there.role).toBe('admin')
      // Ade, on till B since before the shop, stays there until Ade signs in again: till B
      // has told the shop nothing about Ade, so till A can't have Ade.
      const log = join(dirB, 'shop', 'log', 'events.jsonl')
      const told = existsSync(log) ? readFileSync(log, 'utf8') : ''
      expect(told).not.toContain(adeId)
      expect(a.users.list().some((u) => u.id === adeId)).toBe(false)
    }, 60_000)

    it('a user created on till A signs in on till B with the same PIN', async () => {
      const cara = await tillA.value<PublicUser>('users.create', {
        name: 'Cara',
        role: 'cashier',
        pin: '2468',
      })
      const there = await arrives(() => b, 'Cara')
      expect(there.id).toBe(cara.id)
      expect(stored(b, cara.id)!.pinHash).toBe(stored(a, cara.id)!.pinHash)
      expect(await tillB.code('session.signIn', { userId: cara.id, pin: '1357' })).toBe('wrong_pin')
      const state = await tillB.value<{ user: PublicUser }>('session.signIn', {
        userId: cara.id,
        pin: '2468',
      })
      expect(state.user.id).toBe(cara.id)
    }, 60_000)

    it('disabled on till A: the session on till B ends and sign-in there is refused', async () => {
      const cara = a.users.list().find((u) => u.name === 'Cara')!
      expect((await tillB.value<{ user: PublicUser | null }>('session.get')).user?.id).toBe(cara.id)
      await tillA.value('users.update', { id: cara.id, disabled: true })
      await arrives(
        () => b,
        'Cara',
        (u) => u.disabled,
      )
      expect((await tillB.value<{ user: PublicUser | null }>('session.get')).user).toBeNull()
      expect(await tillB.code('session.signIn', { userId: cara.id, pin: '2468' })).toBe(
        'user_disabled',
      )
      // Enabled again on A: back on B too.
      await tillA.value('users.update', { id: cara.id, disabled: false })
      await arrives(
        () => b,
        'Cara',
        (u) => !u.disabled,
      )
      expect(await tillB.code('session.signIn', { userId: cara.id, pin: '2468' })).toBe('ok')
    }, 60_000)

    it('edited on till B (an admin there): the change reaches till A', async () => {
      await tillB.value('session.signIn', { userId: adaId, pin: '123456' })
      const cara = b.users.list().find((u) => u.name === 'Cara')!
      await tillB.value('users.update', { id: cara.id, role: 'supervisor', name: 'Cara O.' })
      const onA = await arrives(() => a, 'Cara O.')
      expect(onA).toMatchObject({ id: cara.id, role: 'supervisor', disabled: false })
    }, 60_000)

    it('3 wrong PINs on till A and 2 on till B lock the user on both tills', async () => {
      const dan = await tillA.value<PublicUser>('users.create', {
        name: 'Dan',
        role: 'cashier',
        pin: '1357',
      })
      await arrives(() => b, 'Dan')
      for (let i = 0; i < 3; i += 1) {
        expect(await tillA.code('session.signIn', { userId: dan.id, pin: '0000' })).toBe(
          'wrong_pin',
        )
      }
      await until(
        "till A's wrong PINs on till B",
        async () =>
          pulled(dirB, 'signin.failed').filter((e) => e.body.userId === dan.id).length === 3,
      )
      expect(await tillB.code('session.signIn', { userId: dan.id, pin: '0000' })).toBe('wrong_pin')
      expect(await tillB.code('session.signIn', { userId: dan.id, pin: '0000' })).toBe('locked_out')
      expect(await tillB.code('session.signIn', { userId: dan.id, pin: '1357' })).toBe('locked_out')
      await until(
        "till B's wrong PINs on till A",
        async () =>
          pulled(dirA, 'signin.failed').filter((e) => e.body.userId === dan.id).length === 2,
      )
      expect(await tillA.code('session.signIn', { userId: dan.id, pin: '1357' })).toBe('locked_out')
    }, 60_000)

    it('removed on till A: gone from till B', async () => {
      await tillA.value('session.signIn', { userId: adaId, pin: '123456' })
      const dan = a.users.list().find((u) => u.name === 'Dan')!
      expect(b.users.list().some((u) => u.id === dan.id)).toBe(true)
      await tillA.value('users.remove', { id: dan.id })
      await until('Dan gone from till B', async () => !b.users.list().some((u) => u.id === dan.id))
      expect(await tillB.code('session.signIn', { userId: dan.id, pin: '1357' })).toBe(
        'unknown_user',
      )
    }, 60_000)

    it("offline, a till counts its own wrong PINs; once back, the other till's count too", async () => {
      const fay = await tillA.value<PublicUser>('users.create', {
        name: 'Fay',
        role: 'cashier',
        pin: '8642',
      })
      await arrives(() => b, 'Fay')
      server.stop()
      try {
        for (let i = 0; i < 4; i += 1) {
          expect(await tillA.code('session.signIn', { userId: fay.id, pin: '0000' })).toBe(
            'wrong_pin',
          )
        }
        // Till B hears nothing of them while the server is away: it counts its own one.
        expect(await tillB.code('session.signIn', { userId: fay.id, pin: '0000' })).toBe(
          'wrong_pin',
        )
      } finally {
        server.restart()
      }
      const failedFor = (dir: string) =>
        pulled(dir, 'signin.failed').filter((e) => e.body.userId === fay.id).length
      await until("till A's wrong PINs on till B", async () => failedFor(dirB) === 4, 40_000)
      expect(await tillB.code('session.signIn', { userId: fay.id, pin: '8642' })).toBe('locked_out')
      await until("till B's wrong PIN on till A", async () => failedFor(dirA) === 1, 40_000)
      expect(await tillA.code('session.signIn', { userId: fay.id, pin: '8642' })).toBe('locked_out')
    }, 90_000)

    it('a staff record applied from the shop and then edited in the file is refused', async () => {
      await tillA.value('session.signIn', { userId: adaId, pin: '123456' })
      const eve = await tillA.value<PublicUser>('users.create', {
        name: 'Eve',
        role: 'cashier',
        pin: '9753',
      })
      await arrives(() => b, 'Eve')
      await b.stop()
      const path = b.settings.path
      const file = JSON.parse(readFileSync(path, 'utf8')) as {
        users: Array<{ id: string; role: string }>
      }
      file.users.find((u) => u.id === eve.id)!.role = 'admin'
      writeFileSync(path, JSON.stringify(file))
      b = await startServices(dirB, keychainB)
      expect(await tillB.code('session.signIn', { userId: eve.id, pin: '9753' })).toBe(
        'integrity_failed',
      )
      // The profiles sealed as they arrived still sign in.
      expect(await tillB.code('session.signIn', { userId: adaId, pin: '123456' })).toBe('ok')
    }, 60_000)

    it('the server holds hashes, never the shop pepper or a PIN', async () => {
      const pepper = Buffer.from((await keychainA.get('till', SHOP_PEPPER_ACCOUNT))!, 'base64')
      const rows = await ownerQuery(
        `select coalesce((select string_agg(body::text, ' ') from events), '') ||
                coalesce((select string_agg(coalesce(pepper_box, ''), ' ') from enrolment_codes), '')
                as text`,
      )
      const text = String(rows[0].text)
      expect(text).toContain('spscrypt$')
      for (const form of ['base64', 'base64url', 'hex'] as const)
        expect(text).not.toContain(pepper.toString(form))
      expect(text).not.toMatch(/"pin"\s*:/)
    })
  },
)
