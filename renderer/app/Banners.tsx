// Offline and not-configured warnings, shown above every screen.
import { Banner, Button } from '../components'
import { useEnvironment } from '../store/environment'
import { useNavigation } from '../store/navigation'
import { useSession } from '../store/session'

export function Banners({ hideOffline = false }: { hideOffline?: boolean }) {
  const { environment, status, bridgeUp } = useEnvironment()
  const role = useSession((store) => store.state?.user?.role)
  const go = useNavigation((store) => store.go)
  return (
    <div className="banners">
      {!bridgeUp && (
        <Banner tone="danger" title="Lost contact with Tilldesk’s background service">
          Reconnecting… Nothing you entered is lost.
        </Banner>
      )}
      {environment?.notReady && (
        <Banner
          tone="warning"
          title="The gateway is not set up"
          actions={
            role === 'admin' ? (
              <Button size="sm" onClick={() => go('settings')}>
                Open Settings
              </Button>
            ) : undefined
          }
        >
          {environment.notReady}
          {role !== 'admin' && ' Ask an admin to finish the setup.'}
        </Banner>
      )}
      {!environment?.notReady && !hideOffline && status?.connectivity === 'offline' && (
        <Banner tone="warning" title="Offline: the gateway can’t be reached">
          {status.offlineReason ?? 'Check the network connection.'} Screens that only read saved
          data still work; new requests wait until the connection returns.
        </Banner>
      )}
    </div>
  )
}
