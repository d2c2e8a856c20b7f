// Profiles for the sign-in picker and Settings → Users. Fed by `users.changed`.
import { create } from 'zustand'
import type { PublicUser } from '../../common/ipc'
import { call, subscribe } from '../lib/pos'

interface UsersStore {
  users: PublicUser[]
  loaded: boolean
  load(): Promise<void>
}

export const useUsers = create<UsersStore>((set) => ({
  users: [],
  loaded: false,
  async load() {
    set({ users: await call('users.list'), loaded: true })
  },
}))

export function connectUsers(): () => void {
  return subscribe('users.changed', (users) => useUsers.setState({ users, loaded: true }))
}
