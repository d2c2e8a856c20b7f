// How e2e runs start the preview: in plain Node, and (when D-Bus and GNOME Keyring exist)
// inside a private D-Bus session with a throwaway keyring, so key storage is tested against a
// real Secret Service without touching the machine's own keyring.
import { existsSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'

const onPath = (binary: string): boolean =>
  ['/usr/bin', '/usr/local/bin', '/bin'].some((dir) => existsSync(join(dir, binary)))

export const keyringAvailable = (): boolean =>
  process.env.TILLDESK_E2E_KEYRING !== '0' &&
  onPath('dbus-run-session') &&
  onPath('gnome-keyring-daemon')

export function previewCommand(options: {
  port: number | string
  dataDir: string
  keyring: boolean
}): string {
  const preview = `npx tsx preview/cli.ts --port ${options.port} --data-dir ${options.dataDir}`
  if (!options.keyring) return preview
  const keyringHome = join(options.dataDir, 'xdg-data')
  mkdirSync(keyringHome, { recursive: true })
  return `env XDG_DATA_HOME=${keyringHome} dbus-run-session -- sh -c 'echo -n e2e | gnome-keyring-daemon --unlock --components=secrets >/dev/null 2>&1; exec ${preview}'`
}
