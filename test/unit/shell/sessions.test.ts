// Which session each piece of the shell gets. The renderer's session cancels every request
// that is not our own app:// page; main's gateway traffic must therefore never go through it
// (Electron: ses.fetch / net.fetch "will trigger webRequest handlers if present").
import { describe, expect, it, vi } from 'vitest'
import { FakeSessionModule } from './fake-electron'

vi.mock('electron', () => ({ shell: { openExternal: vi.fn(async () => undefined) } }))

const { createShellSessions, GATEWAY_PARTITION, UI_PARTITION } =
  await import('../../../main/security/sessions')

const build = (devServerUrl: string | null = null) => {
  const sessions = new FakeSessionModule()
  const shell = createShellSessions(sessions as never, devServerUrl)
  return { sessions, shell }
}

describe('shell sessions', () => {
  it('sends gateway calls through a session of their own, which no filter cancels', async () => {
    const { sessions, shell } = build()
    const gateway = sessions.partitions.get(GATEWAY_PARTITION)
    expect(gateway).toBeDefined()
    for (const url of [
      'https://api.gateway.example/v1/health',
      'http://127.0.0.1:51234/merchants/virtual-accounts',
    ]) {
      const response = await shell.gatewayFetch(url, { method: 'GET' })
      expect(response.status, url).toBe(200)
    }
    expect(gateway?.sent).toEqual([
      'https://api.gateway.example/v1/health',
      'http://127.0.0.1:51234/merchants/virtual-accounts',
    ])
    // Nothing went out through the default or the renderer's session.
    expect(sessions.defaultSession.sent).toEqual([])
    expect(sessions.partitions.get(UI_PARTITION)?.sent).toEqual([])
  })

  it('accepts URL objects and Requests, as the gateway client passes them', async () => {
    const { sessions, shell } = build()
    await shell.gatewayFetch(new URL('https://api.gateway.example/a'))
    await shell.gatewayFetch(new Request('https://api.gateway.example/b'))
    expect(sessions.partitions.get(GATEWAY_PARTITION)?.sent).toEqual([
      'https://api.gateway.example/a',
      'https://api.gateway.example/b',
    ])
  })

  it('keeps the gateway session in memory, apart from the renderer, with no page permissions', () => {
    const { sessions, shell } = build()
    expect(GATEWAY_PARTITION.startsWith('persist:')).toBe(false)
    expect(shell.gateway).not.toBe(shell.ui)
    expect(shell.gateway).not.toBe(sessions.defaultSession)
    expect(sessions.partitions.get(GATEWAY_PARTITION)?.filter).toBeNull()
    expect(sessions.partitions.get(GATEWAY_PARTITION)?.permissionCheck).toBeTypeOf('function')
  })

  it('locks the renderer session down: only app://, devtools and data:, no permissions', () => {
    const { shell } = build()
    const ui = shell.ui as unknown as FakeSessionModule['defaultSession']
    expect(ui.partition).toBe(UI_PARTITION)
    for (const url of ['app://tilldesk/index.html', 'data:image/png;base64,AA', 'devtools://x'])
      expect(ui.cancels(url), url).toBe(false)
    for (const url of [
      'https://api.gateway.example/v1/health',
      'http://127.0.0.1:51234/health',
      'ws://127.0.0.1:5173/',
      'file:///etc/passwd',
    ])
      expect(ui.cancels(url), url).toBe(true)
    const checks = ui.permissionCheck as () => boolean
    expect(checks()).toBe(false)
  })

  it('locks the default session down too, so nothing falls back to an open one', () => {
    const { sessions } = build()
    expect(sessions.defaultSession.cancels('https://api.gateway.example/')).toBe(true)
  })

  it('lets only the exact dev server through in development', () => {
    const { shell } = build('http://localhost:5173')
    const ui = shell.ui as unknown as FakeSessionModule['defaultSession']
    expect(ui.cancels('http://localhost:5173/src/main.tsx')).toBe(false)
    expect(ui.cancels('ws://localhost:5173/')).toBe(false)
    expect(ui.cancels('http://localhost:5174/')).toBe(true)
    expect(ui.cancels('https://api.gateway.example/')).toBe(true)
  })

  it('refuses every permission in every session: requests, checks and devices', async () => {
    const { sessions } = build()
    const all = [
      sessions.defaultSession,
      sessions.partitions.get(UI_PARTITION),
      sessions.partitions.get(GATEWAY_PARTITION),
    ]
    expect(all.every(Boolean)).toBe(true)
    for (const session of all) {
      const name = session!.partition || 'default'
      const request = session!.permissionRequest as (
        contents: unknown,
        permission: string,
        callback: (granted: boolean) => void,
      ) => void
      const check = session!.permissionCheck as (...args: unknown[]) => unknown
      const device = session!.devicePermission as (...args: unknown[]) => unknown
      expect(typeof request, name).toBe('function')
      for (const permission of [
        'media',
        'geolocation',
        'notifications',
        'clipboard-read',
        'hid',
        'serial',
        'usb',
        'openExternal',
        'fullscreen',
      ]) {
        const granted = await new Promise<boolean>((answer) => request({}, permission, answer))
        expect(granted, `${name}: ${permission}`).toBe(false)
        expect(check({}, permission, 'app://tilldesk', {}), `${name}: ${permission}`).toBe(false)
      }
      for (const deviceType of ['hid', 'serial', 'usb'])
        expect(device({ deviceType, origin: 'app://tilldesk' }), `${name}: ${deviceType}`).toBe(
          false,
        )
    }
  })
})
