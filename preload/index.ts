// The only bridge between a sandboxed, context-isolated renderer and main: `window.pos`
// with invoke(channel, input) and on(event, listener). Channel and event names are checked
// against the contract here; inputs are checked (zod) and roles enforced in main.
// ipcRenderer itself is never exposed, and listeners never see the IPC event object.
import { contextBridge, ipcRenderer } from 'electron'
import { channelNames, eventNames } from '../common/ipc'
import { EVENT_CHANNEL, type Envelope } from '../common/ipc/contract'

const channels = new Set<string>(channelNames)
const events = new Set<string>(eventNames)
const listeners = new Map<string, Set<(payload: unknown) => void>>()

ipcRenderer.on(EVENT_CHANNEL, (_event, name: unknown, payload: unknown) => {
  if (typeof name !== 'string') return
  for (const listener of listeners.get(name) ?? []) {
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
        error: {
          code: 'unknown_channel',
          message: `Unknown action "${String(channel).slice(0, 60)}".`,
        },
      })
    }
    return ipcRenderer.invoke(channel, input) as Promise<Envelope<unknown>>
  },
  on(event: string, listener: (payload: unknown) => void): () => void {
    if (typeof event !== 'string' || !events.has(event))
      throw new Error(`Unknown event "${String(event)}".`)
    if (typeof listener !== 'function') throw new TypeError('listener must be a function')
    let set = listeners.get(event)
    if (!set) {
      set = new Set()
      listeners.set(event, set)
    }
    set.add(listener)
    return () => {
      listeners.get(event)?.delete(listener)
    }
  },
}

contextBridge.exposeInMainWorld('pos', pos)
