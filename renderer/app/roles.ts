import type { Role, UserRole } from '../../common/ipc/contract'
import { roleAllows } from '../../common/ipc/contract'

export const ROLE_LABEL: Record<UserRole, string> = {
  cashier: 'Cashier',
  supervisor: 'Supervisor',
  admin: 'Admin',
}

export const canSee = (role: UserRole | undefined, required: Role): boolean =>
  roleAllows(role ?? null, required)

export const initials = (name: string): string =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toLocaleUpperCase() ?? '')
    .join('')
