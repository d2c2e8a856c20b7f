// The admin's setup checklist: what a new till needs before a shop's first day. Each step is
// read from main (settings, users, environment, receipt settings, charges), never remembered
// here, so the list is true whoever did the step and from wherever.
import { t } from '../i18n'
import { sayOffline } from '../i18n/errors'
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
      title: t('app.setup.till.title'),
      detail: settings.tillName.trim()
        ? t('app.setup.till.done', { name: settings.tillName })
        : t('app.setup.till.todo'),
      done: settings.tillName.trim() !== '',
      route: ['settings', 'till'],
    },
    {
      id: 'users',
      title: t('app.setup.users.title'),
      detail: staff > 0 ? t('app.setup.users.done', { count: staff }) : t('app.setup.users.todo'),
      done: staff > 0,
      route: ['settings', 'users'],
    },
    {
      id: 'gateway',
      title: t('app.setup.gateway.title'),
      detail: environment.notReady
        ? sayOffline(environment.notReady)
        : t(`app.setup.gateway.${environment.environment}`),
      done: !environment.notReady,
      route: ['settings', 'environment'],
    },
    {
      id: 'printer',
      title: t('app.setup.printer.title'),
      detail: receipt?.printer
        ? t('app.setup.printer.done', { printer: receipt.printer, paper: receipt.paper })
        : noPrinters
          ? t('app.setup.printer.none')
          : t('app.setup.printer.todo'),
      done: Boolean(receipt?.printer) || noPrinters,
      route: ['settings', 'receipts'],
    },
    {
      id: 'collection',
      title: t('app.setup.collection.title'),
      detail: charges.length > 0 ? t('app.setup.collection.done') : t('app.setup.collection.todo'),
      done: charges.length > 0,
      route: ['collect'],
    },
  ]
}
