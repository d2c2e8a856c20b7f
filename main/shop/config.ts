// This till's shop settings, `<data>/shop/config.json`: the server address, shop and till ids,
// sealed with the till's device key, so an edited file (pointing the till at another server)
// is refused and reported, never followed.
import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { writeFileAtomic } from '../kernel/atomicFile'
import { keyedFinding, type IntegrityService } from '../integrity'
import { shopServerSchema, type ShopServer } from './connection'

const SEAL_DOMAIN = 'shop-config'

export interface ShopConfig {
  server: ShopServer
  shopId: string
  shopName: string
  tillId: string
  tillName: string
}

/** The config, or null with the problem in words (reported to the admin) when it failed. */
export function loadShopConfig(
  dir: string,
  integrity: IntegrityService,
): { config: ShopConfig | null; problem: string | null } {
  const path = join(dir, 'config.json')
  if (!existsSync(path)) return { config: null, problem: null }
  try {
    const stored = JSON.parse(readFileSync(path, 'utf8')) as { config?: unknown; seal?: unknown }
    const config = stored.config as ShopConfig
    if (
      !integrity.till().check(SEAL_DOMAIN, config, stored.seal) ||
      !shopServerSchema.safeParse(config?.server).success
    )
      throw new Error('seal')
    return { config, problem: null }
  } catch {
    integrity.findings.report(
      keyedFinding({
        area: 'shop',
        file: 'shop/config.json',
        record: null,
        problem: { key: 'integrity.shop.config' },
        consequence: { key: 'integrity.shop.configThen' },
      }),
    )
    return {
      config: null,
      problem:
        'The shop settings on this till failed their integrity check; this till works alone.',
    }
  }
}

/**
 * No config, yet this till's keychain holds its shop key: the file was deleted outside
 * Tilldesk, so the till left its shop without an admin leaving it (leaving deletes the key).
 * Reported to the admin; true when so.
 */
export async function configDeleted(
  dir: string,
  integrity: IntegrityService,
  shopKey: () => Promise<string | null>,
): Promise<boolean> {
  if (existsSync(join(dir, 'config.json')) || (await shopKey()) === null) return false
  integrity.findings.report(
    keyedFinding({
      area: 'shop',
      file: 'shop/config.json',
      record: null,
      problem: { key: 'integrity.shop.configDeleted' },
      consequence: { key: 'integrity.shop.configDeletedThen' },
    }),
  )
  return true
}

export async function saveShopConfig(
  dir: string,
  integrity: IntegrityService,
  config: ShopConfig,
): Promise<void> {
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  const seal = integrity.till().seal(SEAL_DOMAIN, config)
  await writeFileAtomic(join(dir, 'config.json'), JSON.stringify({ config, seal }, null, 2))
}
