// Settings (admin): the setup checklist until the till is ready, then environment, API key,
// connection test, till, users, shop, receipts, updates and support. Each section is its own file;
// the section id is part of the URL (#/settings/users).
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { SettingsView } from '../../../common/ipc'
import { Banner, Icon, Spinner, type IconName } from '../../components'
import { call, messageOf, subscribe } from '../../lib/pos'
import { useNavigation } from '../../store/navigation'
import { ApiKeySection } from './ApiKeySection'
import { AppearanceSection } from './AppearanceSection'
import { AuthorityReview } from './AuthorityReview'
import { ConnectionSection } from './ConnectionSection'
import { EnvironmentSection } from './EnvironmentSection'
import { IntegrityFindings } from './IntegrityFindings'
import { ReceiptsSection } from './ReceiptsSection'
import { SetupChecklist } from './SetupChecklist'
import { ShopSection } from './ShopSection'
import { SupportSection } from './SupportSection'
import { TillSection } from './TillSection'
import { UpdatesSection } from './UpdatesSection'
import { UsersSection } from './UsersSection'

const SECTIONS = [
  { id: 'environment', icon: 'server' },
  { id: 'key', icon: 'key' },
  { id: 'connection', icon: 'online' },
  { id: 'till', icon: 'settings' },
  { id: 'users', icon: 'users' },
  { id: 'shop', icon: 'outbox' },
  { id: 'receipts', icon: 'check' },
  { id: 'appearance', icon: 'user' },
  { id: 'updates', icon: 'refresh' },
  { id: 'support', icon: 'info' },
] as const satisfies ReadonlyArray<{ id: string; icon: IconName }>

export default function SettingsScreen() {
  const { t } = useTranslation()
  const route = useNavigation((store) => store.route)
  const go = useNavigation((store) => store.go)
  const [settings, setSettings] = useState<SettingsView | null>(null)
  const [error, setError] = useState<string | null>(null)
  const section = SECTIONS.find((candidate) => candidate.id === route.rest[0]) ?? SECTIONS[0]

  useEffect(() => {
    call('settings.get').then(setSettings, (problem: unknown) => setError(messageOf(problem)))
    return subscribe('settings.changed', setSettings)
  }, [])

  return (
    <div className="screen settings">
      <nav className="subnav" aria-label={t('settings.sectionsLabel')}>
        {SECTIONS.map((candidate) => (
          <a
            key={candidate.id}
            href={`#/settings/${candidate.id}`}
            className={candidate.id === section.id ? 'subnav__item is-active' : 'subnav__item'}
            aria-current={candidate.id === section.id ? 'page' : undefined}
            onClick={(event) => {
              event.preventDefault()
              go('settings', candidate.id)
            }}
          >
            <Icon name={candidate.icon} size={18} />
            {t(`settings.sections.${candidate.id}`)}
          </a>
        ))}
      </nav>
      <div className="settings__body">
        <IntegrityFindings />
        <AuthorityReview />
        <SetupChecklist />
        {error && <Banner tone="danger">{error}</Banner>}
        {!settings ? (
          <Spinner size={28} label={t('settings.loading')} />
        ) : section.id === 'environment' ? (
          <EnvironmentSection settings={settings} />
        ) : section.id === 'key' ? (
          <ApiKeySection settings={settings} />
        ) : section.id === 'connection' ? (
          <ConnectionSection />
        ) : section.id === 'till' ? (
          <TillSection settings={settings} />
        ) : section.id === 'updates' ? (
          <UpdatesSection />
        ) : section.id === 'support' ? (
          <SupportSection />
        ) : section.id === 'receipts' ? (
          <ReceiptsSection />
        ) : section.id === 'appearance' ? (
          <AppearanceSection />
        ) : section.id === 'shop' ? (
          <ShopSection />
        ) : (
          <UsersSection />
        )}
      </div>
    </div>
  )
}
