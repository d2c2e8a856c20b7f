// Main → every window. Services call `emit`; each transport (Electron windows, preview
// WebSocket clients) subscribes once and fans out.
import type { EventName, Events, PayloadOf } from '../../common/ipc'

export type EventListener = (name: EventName, payload: unknown) => void
export type Emit = <K extends EventName>(name: K, payload: PayloadOf<Events[K]>) => void

export class EventBus {
  readonly #listeners = new Set<EventListener>()

  readonly emit: Emit = (name, payload) => {
    for (const listener of this.#listeners) {
      try {
        listener(name, payload)
      } catch {
        // One broken transport must not stop the others.
      }
    }
  }

  subscribe(listener: EventListener): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }
}
