// The boot gate: connect to main, then first-run wizard, sign-in, or the app shell.
import { Suspense, useEffect } from 'react'
import { Banner, Button, Spinner } from '../components'
import { FirstRun } from '../screens/FirstRun'
import { findScreen } from '../screens/registry'
import { SignIn } from '../screens/SignIn'
import { connectEnvironment, useEnvironment } from '../store/environment'
import { connectNavigation, useNavigation } from '../store/navigation'
import { connectSession, useSession } from '../store/session'
import { connectUsers } from '../store/users'
import { Shell } from './Shell'

export function App() {
  const session = useSession((store) => store.state)
  const loadError = useSession((store) => store.loadError)
  const route = useNavigation((store) => store.route)

  useEffect(() => {
    let disconnect: Array<() => void> = []
    try {
      disconnect = [connectNavigation(), connectSession(), connectEnvironment(), connectUsers()]
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
        <Banner tone="danger" title="Tilldesk can’t reach its background service">
          <p>{loadError}</p>
        </Banner>
        <Button variant="primary" icon="refresh" onClick={() => void useSession.getState().load()}>
          Try again
        </Button>
      </div>
    )
  }
  if (!session) return <Loading />
  if (session.setupRequired) return <FirstRun />
  if (!session.user) return <SignIn />
  return <Shell user={session.user} tillName={session.tillName} />
}

function Loading() {
  return (
    <div className="boot">
      <Spinner size={32} label="Starting Tilldesk" />
    </div>
  )
}
