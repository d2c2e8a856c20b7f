// The boot gate: connect to main, then first-run wizard, sign-in, or the app shell.
import { Suspense, useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Banner, Button, Spinner } from '../components'
import { FirstRun } from '../screens/FirstRun'
import { findScreen } from '../screens/registry'
import { SignIn } from '../screens/SignIn'
import { connectEnvironment, useEnvironment } from '../store/environment'
import { connectNavigation, useNavigation } from '../store/navigation'
import { connectSession, useSession } from '../store/session'
import { connectUsers } from '../store/users'
import { connectAppearance } from './AppearanceStore'
import { landingFor } from './landing'
import { LockScreen } from './LockScreen'
import { Shell } from './Shell'

export function App() {
  // Subscribed to the language: a change re-renders the whole tree in the new words and formats.
  const { t } = useTranslation()
  const session = useSession((store) => store.state)
  const loadError = useSession((store) => store.loadError)
  const route = useNavigation((store) => store.route)
  useLanding()

  useEffect(() => {
    let disconnect: Array<() => void> = []
    try {
      disconnect = [
        connectNavigation(),
        connectSession(),
        connectEnvironment(),
        connectUsers(),
        connectAppearance(),
      ]
    } catch {
      // No bridge: load() below reports it.
    }
    void useSession.getState().load()
    void useEnvironment.getState().refresh()
    return () => disconnect.forEach((off) => off())
  }, [])

  // Screens drawn without the frame (customer display) that anyone may open.
  const bare = findScreen(route.screen)
  if (bare?.layout === 'bare' && bare.minRole === 'public') {
    return (
      <Suspense fallback={<Loading />}>
        <bare.Component />
      </Suspense>
    )
  }

  if (loadError) {
    return (
      <div className="boot">
        <Banner tone="danger" title={t('app.boot.unreachable')}>
          <p>{loadError}</p>
        </Banner>
        <Button variant="primary" icon="refresh" onClick={() => void useSession.getState().load()}>
          {t('common.tryAgain')}
        </Button>
      </div>
    )
  }
  if (!session) return <Loading />
  if (session.setupRequired) return <FirstRun />
  if (!session.user) return <SignIn />
  return (
    <>
      {/* Locked: the screens stay mounted (an open charge keeps its customer display) but
          can't be reached until the PIN is entered. */}
      <div className="app-frame" inert={session.locked !== null}>
        <Shell user={session.user} tillName={session.tillName} />
      </div>
      {session.locked && <LockScreen user={session.user} lock={session.locked} />}
    </>
  )
}

/**
 * After each sign-in, opens the screen where that role works, not the one the last person left
 * on screen. A reload of a signed-in window keeps its screen. The landing waits for main
 * (a supervisor's queue), so it gives way if the person has already moved on.
 */
function useLanding(): void {
  const loaded = useSession((store) => store.state !== null)
  const userId = useSession((store) => store.state?.user?.id ?? null)
  const signedInAt = useSession((store) => store.state?.signedInAt ?? null)
  const seen = useRef<string | null | undefined>(undefined)
  useEffect(() => {
    // The first answer from main is where this window starts, not a sign-in.
    if (!loaded) return
    const first = seen.current === undefined
    const changed = signedInAt !== seen.current
    seen.current = signedInAt
    const user = useSession.getState().state?.user
    if (!user || !signedInAt || !changed) return
    const screen = useNavigation.getState().route.screen
    if (first && screen !== '') return
    // A customer-facing page never follows the cashier's sign-in.
    if (findScreen(screen)?.layout === 'bare') return
    // A cashier's place needs no answer from main: go now, before anything else moves.
    if (user.role === 'cashier') {
      useNavigation.getState().go('collect')
      return
    }
    const from = window.location.hash
    void landingFor(user).then((next) => {
      if (window.location.hash === from && useSession.getState().state?.user?.id === user.id)
        useNavigation.getState().go(next)
    })
  }, [loaded, userId, signedInAt])
}

function Loading() {
  const { t } = useTranslation()
  return (
    <div className="boot">
      <Spinner size={32} label={t('app.boot.starting')} />
    </div>
  )
}
