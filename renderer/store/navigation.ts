// Hash routes (#/collect, #/settings/users): survive reloads, work under app:// and in the
// preview, and let a second window or tab open a screen directly (customer display).
import { create } from 'zustand'

export interface Route {
  screen: string
  /** Anything after the screen id, e.g. 'users' in #/settings/users. */
  rest: string[]
}

export function parseHash(hash: string): Route {
  const parts = hash.replace(/^#\/?/, '').split('/').filter(Boolean).map(decodeURIComponent)
  return { screen: parts[0] ?? '', rest: parts.slice(1) }
}

interface NavigationStore {
  route: Route
  /** A screen's own title for the top bar while it shows (e.g. "Paid"); null: the screen's name. */
  title: string | null
  go(screen: string, ...rest: string[]): void
  setTitle(title: string | null): void
}

export const useNavigation = create<NavigationStore>(() => ({
  route: parseHash(window.location.hash),
  title: null,
  setTitle(title) {
    useNavigation.setState({ title })
  },
  go(screen, ...rest) {
    const hash = `#/${[screen, ...rest].map(encodeURIComponent).join('/')}`
    if (window.location.hash !== hash) window.location.hash = hash
    else useNavigation.setState({ route: parseHash(hash) })
  },
}))

export function connectNavigation(): () => void {
  const onChange = () =>
    useNavigation.setState({ route: parseHash(window.location.hash), title: null })
  window.addEventListener('hashchange', onChange)
  return () => window.removeEventListener('hashchange', onChange)
}
