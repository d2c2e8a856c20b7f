// The frame around every signed-in screen: environment ribbon, navigation, top bar, banners,
// the screen, and the status bar.
import { Suspense, useCallback, useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import type { PublicUser } from '../../common/ipc'
import { EmptyState, Spinner } from '../components'
import { findScreen, screens, type ScreenDef } from '../screens/registry'
import { call } from '../lib/pos'
import { useNavigation } from '../store/navigation'
import { approvalQueue, connectPayouts, usePayouts } from '../store/payouts'
import { Banners } from './Banners'
import { EnvironmentRibbon } from './EnvironmentRibbon'
import { NavBar } from './NavBar'
import { canSee } from './roles'
import { screenTitle } from './screenTitle'
import { useShortcuts } from './shortcuts'
import { useShopWaiting } from './useShopWaiting'
import { StatusBar } from './StatusBar'
import { TopBar } from './TopBar'
import { reportActivity } from '../session/activity'
import { StepUpDialog } from '../session/StepUpDialog'

export function Shell({ user, tillName }: { user: PublicUser; tillName: string }) {
  const route = useNavigation((store) => store.route)
  const go = useNavigation((store) => store.go)
  const switchUser = useCallback(() => void call('session.signOut'), [])
  useShortcuts(user.role, switchUser)

  const allowed = screens.filter((screen) => screen.nav && canSee(user.role, screen.minRole))
  const current = findScreen(route.screen)
  const decides = canSee(user.role, 'supervisor')
  // This till's payouts and, in shop mode, those waiting on the shop's other tills.
  const waiting = useApprovalsWaiting(decides) + useShopWaiting(decides)
  const titleOverride = useNavigation((store) => store.title)
  const { t } = useTranslation()
  useEffect(() => reportActivity(), [])

  // No or unknown route: open the first screen this user may use.
  useEffect(() => {
    if (!current && allowed[0]) go(allowed[0].id)
  }, [current, allowed, go])

  return (
    <div className="app">
      <a className="skip-link" href="#main-content">
        {t('app.shell.skip')}
      </a>
      <EnvironmentRibbon />
      <div className="app__body">
        <NavBar
          screens={allowed}
          currentId={current?.id ?? null}
          counts={waiting > 0 ? { approvals: waiting } : {}}
        />
        <div className="app__main">
          <TopBar
            title={titleOverride ?? (current ? screenTitle(t, current) : '')}
            user={user}
            tillName={tillName}
            onSwitchUser={switchUser}
          />
          <Banners hideOffline={current?.ownOfflineNotice === true} />
          <main className="app__content" id="main-content" tabIndex={-1}>
            {current && <ScreenOutlet screen={current} user={user} />}
          </main>
        </div>
      </div>
      <StatusBar user={user} tillName={tillName} approvalsWaiting={waiting} />
      <StepUpDialog />
    </div>
  )
}

/** Payouts waiting for a decision, for a supervisor's badge (0 for anyone else). */
function useApprovalsWaiting(decides: boolean): number {
  useEffect(() => (decides ? connectPayouts() : undefined), [decides])
  const items = usePayouts((store) => store.items)
  return decides ? approvalQueue(items).length : 0
}

function ScreenOutlet({ screen, user }: { screen: ScreenDef; user: PublicUser }) {
  const heading = useRef<HTMLDivElement>(null)
  const { t } = useTranslation()
  const title = screenTitle(t, screen)
  // 'public' screens never get here: anyone may see them.
  const needed = screen.minRole === 'public' ? 'cashier' : screen.minRole
  // Move focus to the new screen so keyboard and screen-reader users land in it.
  // A field the screen focused itself (Collect's amount) keeps the focus.
  useEffect(() => {
    if (!heading.current?.contains(document.activeElement)) heading.current?.focus()
  }, [screen.id])
  if (!canSee(user.role, screen.minRole)) {
    return (
      <div className="screen screen--center" ref={heading} tabIndex={-1}>
        <EmptyState icon="lock" title={t(`app.shell.needs.${needed}`, { screen: title })}>
          <p>
            {t(`app.shell.signedInAs.${needed}`, {
              name: user.name,
              role: t(`roles.${user.role}`),
            })}
          </p>
        </EmptyState>
      </div>
    )
  }
  return (
    <div ref={heading} tabIndex={-1} className="screen-outlet" aria-label={title}>
      <Suspense
        fallback={
          <div className="screen screen--center">
            <Spinner size={28} label={t('app.shell.opening', { screen: title })} />
          </div>
        }
      >
        <screen.Component />
      </Suspense>
    </div>
  )
}
