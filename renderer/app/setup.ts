// The admin's setup checklist: what a new till needs before a shop's first day. Each step is
// read from main (settings, users, environment, receipt settings, charges), never remembered
// here, so the list is true whoever did the step and from wherever.
import { call } from '../lib/pos'

export interface SetupStep {
  id: 'till' | 'users' | 'gateway' | 'printer' | 'collection'
  title: string
  /** What to do, or what was done. */
  detail: string
  done: boolean
  /** Where the admin goes to do it: a route. */
  route: string[]
}

export async function setupProgress(): Promise<SetupStep[]> {
  const [settings, users, environment, receipt, printers, charges] = await Promise.all([
    call('settings.get'),
    call('users.list'),
    call('environment.get'),
    call('receipt.settings').catch(() => null),
    call('receipt.printers').catch(() => null),
    call('charge.list', { scope: 'recent' }).catch(() => []),
  ])
  const staff = users.filter((user) => !user.disabled && user.role !== 'admin').length
  const noPrinters = printers !== null && !printers.available
  return [
    {
      id: 'till',
      title: 'Name the till',
      detail: settings.tillName.trim()
        ? `This till is “${settings.tillName}”.`
        : 'Give the till a name the staff and the receipts will use.',
      done: settings.tillName.trim() !== '',
      route: ['settings', 'till'],
    },
    {
      id: 'users',
      title: 'Add the staff',
      detail:
        staff > 0
          ? `${staff} cashier or supervisor profile${staff === 1 ? '' : 's'}.`
          : 'Add a profile with a PIN for each cashier and supervisor.',
      done: staff > 0,
      route: ['settings', 'users'],
    },
    {
      id: 'gateway',
      title: 'Connect the gateway',
      detail: environment.notReady
        ? environment.notReady
        : `Connected to ${environment.environment === 'demo' ? 'the Demo gateway (no real money)' : environment.environment === 'live' ? 'Live' : 'the Sandbox'}.`,
      done: !environment.notReady,
      route: ['settings', 'environment'],
    },
    {
      id: 'printer',
      title: 'Choose the receipt printer',
      detail: receipt?.printer
        ? `Receipts print on ${receipt.printer}, ${receipt.paper} paper.`
        : noPrinters
          ? 'This window has no printers of its own: receipts open in the print dialog.'
          : 'Pick the printer and paper width for receipts.',
      done: Boolean(receipt?.printer) || noPrinters,
      route: ['settings', 'receipts'],
    },
    {
      id: 'collection',
      title: 'Take a test collection',
      detail:
        charges.length > 0
          ? 'A collection has been taken on this till.'
          : 'Collect a small amount once, to see the whole flow before the first customer.',
      done: charges.length > 0,
      route: ['collect'],
    },
  ]
}
