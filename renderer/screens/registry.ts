// Every screen of the app. To add one: create renderer/screens/<Name>/index.tsx with a default
// export, then add (or replace) one entry below with `load: () => import('./<Name>')`.
// `minRole` hides the nav item for lower roles; main enforces the same rule on every call.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react'
import type { Role } from '../../common/ipc/contract'
import type { IconName } from '../components/Icon'

export interface ScreenDef {
  /** URL id: #/<id>. */
  id: string
  title: string
  icon: IconName
  minRole: Role
  /** Listed in the side navigation (false for e.g. the instructions screen). */
  nav: boolean
  /** 'bare' draws no app frame (customer-facing display). */
  layout: 'shell' | 'bare'
  /** Keyboard shortcut, shown in the navigation. */
  shortcut?: string
  /**
   * The screen explains being offline in its own words (what still works there), so the
   * frame's generic offline banner would only repeat it; the status bar still says Offline.
   */
  ownOfflineNotice?: boolean
  Component: LazyExoticComponent<ComponentType>
}

type Entry = Omit<ScreenDef, 'Component' | 'layout' | 'nav'> & {
  load: () => Promise<{ default: ComponentType }>
  layout?: ScreenDef['layout']
  nav?: boolean
}

const screen = ({ load, layout = 'shell', nav = true, ...rest }: Entry): ScreenDef => ({
  ...rest,
  layout,
  nav,
  Component: lazy(load),
})

export const screens: ScreenDef[] = [
  screen({
    id: 'overview',
    title: 'Overview',
    icon: 'overview',
    minRole: 'admin',
    load: () => import('./Overview'),
  }),
  screen({
    id: 'collect',
    ownOfflineNotice: true,
    title: 'Collect',
    icon: 'collect',
    minRole: 'cashier',
    shortcut: 'F2',
    load: () => import('./Collect'),
  }),
  screen({
    id: 'instructions',
    ownOfflineNotice: true,
    title: 'Payment instructions',
    icon: 'collect',
    minRole: 'cashier',
    nav: false,
    load: () => import('./Instructions'),
  }),
  screen({
    id: 'history',
    title: 'Transfers',
    icon: 'transfers',
    minRole: 'cashier',
    load: () => import('./History'),
  }),
  screen({
    id: 'customer-display',
    title: 'Customer display',
    icon: 'user',
    minRole: 'public',
    nav: false,
    layout: 'bare',
    load: () => import('./CustomerDisplay'),
  }),
  screen({
    id: 'shift',
    title: 'Shift',
    icon: 'clock',
    minRole: 'cashier',
    load: () => import('./Shift'),
  }),
  screen({
    id: 'payouts',
    ownOfflineNotice: true,
    title: 'Payouts',
    icon: 'payouts',
    minRole: 'cashier',
    shortcut: 'F3',
    load: () => import('./Payouts'),
  }),
  screen({
    id: 'approvals',
    ownOfflineNotice: true,
    title: 'Approvals',
    icon: 'approvals',
    minRole: 'supervisor',
    shortcut: 'F4',
    load: () => import('./Approvals'),
  }),
  screen({
    id: 'payments',
    title: 'Payments',
    icon: 'payments',
    minRole: 'cashier',
    shortcut: 'F6',
    load: () => import('./Payments'),
  }),
  screen({
    id: 'mandates',
    title: 'Mandates',
    icon: 'mandates',
    // Cashiers set up, activate and charge mandates; cancelling needs a supervisor.
    minRole: 'cashier',
    shortcut: 'F7',
    load: () => import('./Mandates'),
  }),
  screen({
    id: 'refunds',
    title: 'Refunds',
    icon: 'refunds',
    // Cashiers look refunds up; issuing needs a supervisor (checked in main and on screen).
    minRole: 'cashier',
    shortcut: 'F8',
    load: () => import('./Refunds'),
  }),
  screen({
    id: 'reports',
    title: 'Reports',
    icon: 'reports',
    minRole: 'supervisor',
    shortcut: 'F9',
    load: () => import('./Reports'),
  }),
  screen({
    id: 'reconcile',
    title: 'Reconcile',
    icon: 'check',
    minRole: 'supervisor',
    load: () => import('./Reconcile'),
  }),
  screen({
    id: 'shop',
    title: 'Shop',
    icon: 'outbox',
    minRole: 'supervisor',
    load: () => import('./Shop'),
  }),
  screen({
    id: 'settings',
    title: 'Settings',
    icon: 'settings',
    minRole: 'admin',
    shortcut: 'Ctrl+,',
    load: () => import('./Settings'),
  }),
]

// About: version, runtime and the licences of what ships inside the app.
screens.push(
  screen({
    id: 'about',
    title: 'About',
    icon: 'info',
    minRole: 'cashier',
    load: () => import('./About'),
  }),
)

export const findScreen = (id: string): ScreenDef | undefined => screens.find((s) => s.id === id)
