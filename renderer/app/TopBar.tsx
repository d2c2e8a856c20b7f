import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { PublicUser } from '../../common/ipc'
import { Button, Icon } from '../components'
import { call } from '../lib/pos'
import { AppearanceMenu } from './AppearanceMenu'
import { ChangePinDialog } from './ChangePinDialog'
import { initials } from './roles'

export function TopBar({
  title,
  user,
  tillName,
  onSwitchUser,
}: {
  title: string
  user: PublicUser
  tillName: string
  onSwitchUser: () => void
}) {
  const [menuOpen, setMenuOpen] = useState(false)
  const [changingPin, setChangingPin] = useState(false)
  const menu = useRef<HTMLDivElement>(null)
  const { t } = useTranslation()

  useEffect(() => {
    if (!menuOpen) return
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (event instanceof KeyboardEvent && event.key !== 'Escape') return
      if (event instanceof MouseEvent && menu.current?.contains(event.target as Node)) return
      setMenuOpen(false)
    }
    window.addEventListener('mousedown', close)
    window.addEventListener('keydown', close)
    return () => {
      window.removeEventListener('mousedown', close)
      window.removeEventListener('keydown', close)
    }
  }, [menuOpen])

  return (
    <header className="topbar">
      <div className="topbar__title">
        <h1>{title}</h1>
        <span className="topbar__till">{tillName}</span>
      </div>
      <div className="topbar__actions">
        <Button
          variant="ghost"
          icon="switch"
          shortcut="Ctrl+Shift+L"
          className="topbar__switch"
          title={t('app.switchUser')}
          onClick={onSwitchUser}
        >
          {t('app.switchUser')}
        </Button>
        <div className="usermenu" ref={menu}>
          <button
            type="button"
            className="usermenu__button"
            aria-expanded={menuOpen}
            aria-controls="user-menu"
            onClick={() => setMenuOpen((open) => !open)}
          >
            <span className="avatar" aria-hidden="true">
              {initials(user.name)}
            </span>
            <span className="usermenu__who">
              <span className="usermenu__name">{user.name}</span>
              <span className="usermenu__role">{t(`roles.${user.role}`)}</span>
            </span>
            <Icon name="chevronRight" size={16} />
          </button>
          {menuOpen && (
            <div className="usermenu__panel" id="user-menu">
              <button
                type="button"
                className="usermenu__item"
                onClick={() => {
                  setMenuOpen(false)
                  setChangingPin(true)
                }}
              >
                <Icon name="key" /> {t('app.changePin.title')}
              </button>
              <button
                type="button"
                className="usermenu__item"
                onClick={() => {
                  setMenuOpen(false)
                  call('session.lock').catch(() => undefined)
                }}
              >
                <Icon name="lock" /> {t('app.lock.now')} <kbd>{t('common.keys.lock')}</kbd>
              </button>
              <button
                type="button"
                className="usermenu__item"
                onClick={() => {
                  setMenuOpen(false)
                  onSwitchUser()
                }}
              >
                <Icon name="logout" /> {t('app.topBar.signOut')}
              </button>
              <AppearanceMenu />
            </div>
          )}
        </div>
      </div>
      <ChangePinDialog open={changingPin} onClose={() => setChangingPin(false)} />
    </header>
  )
}
