// Who is signed in, as main says. Fed by `session.changed`.
import { create } from 'zustand'
import type { SessionState } from '../../common/ipc'
import { call, messageOf, subscribe } from '../lib/pos'

interface SessionStore {
  state: SessionState | null
  loadError: string | null
  load(): Promise<void>
  set(state: SessionState): void
}

export const useSession = create<SessionStore>((set) => ({
  state: null,
  loadError: null,
  async load() {
    try {
      set({ state: await call('session.get'), loadError: null })
    } catch (error) {
      set({ loadError: messageOf(error) })
    }
  },
  set(state) {
    set({ state })
  },
}))

export function connectSession(): () => void {
  return subscribe('session.changed', (state) => useSession.getState().set(state))
}
