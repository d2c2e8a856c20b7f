// The customer display's bridge. That window faces the customer, so it gets far less than the
// cashier's `window.pos`: one channel (what to show) and one event (when it changes). Main
// checks the same thing again for this window (main/ipc/window-access.ts) and sends it no
// other event. Same shape as the full bridge, so the screen's code is shared.
import { contextBridge, ipcRenderer } from 'electron'
import type { Envelope } from '../common/ipc/contract'
import {
  CUSTOMER_DISPLAY_CHANNELS,
  CUSTOMER_DISPLAY_EVENT_CHANNEL,
  CUSTOMER_DISPLAY_EVENTS,
} from '../common/ipc/windows'

const channels = new Set<string>(CUSTOMER_DISPLAY_CHANNELS)
const events = new Set<string>(CUSTOMER_DISPLAY_EVENTS)
const listeners = new Set<(payload: unknown) => void>()

ipcRenderer.on(CUSTOMER_DISPLAY_EVENT_CHANNEL, (_event, name: unknown, payload: unknown) => {
  if (typeof name !== 'string' || !events.has(name)) return
  for (const listener of listeners) {
    try {
      listener(payload)
    } catch {
      // One failing listener must not starve the others.
    }
  }
})

const pos = {
  invoke(channel: string, input: unknown): Promise<Envelope<unknown>> {
    if (typeof channel !== 'string' || !channels.has(channel)) {
      return Promise.resolve({
        ok: false,
        error: { code: 'unknown_channel', message: 'The customer display cannot do that.' },
      })
    }
    return ipcRenderer.invoke(channel, input) as Promise<Envelope<unknown>>
  },
  on(event: string, listener: (payload: unknown) => void): () => void {
    if (typeof event !== 'string' || !events.has(event))
      throw new Error(`Unknown event "${String(event)}".`)
    if (typeof listener !== 'function') throw new TypeError('listener must be a function')
    listeners.add(listener)
    return () => {
      listeners.delete(listener)
    }
  },
}

contextBridge.exposeInMainWorld('pos', pos)
