// The Demo environment: the gateway sandbox (sandbox/) running inside this process on
// 127.0.0.1 with a random port, so a fresh install works with nothing configured.
import { startSandbox } from '../../sandbox'

export interface DemoKey {
  keyId: string
  secret: string
}

export interface RunningDemo {
  url: string
  close(): Promise<void>
}

export type StartDemoGateway = (options: {
  key: DemoKey
  dataFile: string | null
}) => Promise<RunningDemo>

/** Starts the embedded sandbox with our generated key holding every capability. */
export const startEmbeddedSandbox: StartDemoGateway = async ({ key, dataFile }) => {
  const sandbox = await startSandbox({
    port: 0,
    host: '127.0.0.1',
    keys: [{ key_id: key.keyId, secret: key.secret, capabilities: ['*'] }],
    ...(dataFile ? { dataFile } : {}),
  })
  return { url: sandbox.url, close: () => sandbox.close() }
}
