import { useTranslation } from 'react-i18next'
import { Icon } from '../components'
import type { ScreenDef } from '../screens/registry'
import { useNavigation } from '../store/navigation'
import { screenTitle } from './screenTitle'

export function NavBar({
  screens,
  currentId,
  counts = {},
}: {
  screens: ScreenDef[]
  currentId: string | null
  /** A number to show beside a screen's name, e.g. payouts waiting for approval. */
  counts?: Record<string, number>
}) {
  const go = useNavigation((store) => store.go)
  const { t } = useTranslation()
  return (
    <nav className="nav" aria-label={t('app.nav.label')}>
      <div className="nav__brand">
        <span className="nav__logo" aria-hidden="true">
          T
        </span>
        <span className="nav__name">Tilldesk</span>
      </div>
      <ul className="nav__list">
        {screens.map((screen) => (
          <li key={screen.id}>
            <a
              href={`#/${screen.id}`}
              className={screen.id === currentId ? 'nav__item is-active' : 'nav__item'}
              aria-current={screen.id === currentId ? 'page' : undefined}
              onClick={(event) => {
                event.preventDefault()
                go(screen.id)
              }}
            >
              <Icon name={screen.icon} size={22} />
              <span className="nav__label">{screenTitle(t, screen)}</span>
              {counts[screen.id] ? (
                <>
                  <span className="nav__count" data-testid={`nav-${screen.id}-count`}>
                    {counts[screen.id]}
                  </span>
                  <span className="visually-hidden">{t('app.nav.waiting')}</span>
                </>
              ) : null}
              {screen.shortcut && <kbd className="nav__kbd">{screen.shortcut}</kbd>}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  )
}
