// Puts the till's theme and text size on <html> (data-theme, data-text-size), which the tokens in
// styles/tokens.css follow. main.tsx calls applyCachedAppearance() before React renders, from
// the copy this window kept of the last answer, so a reload or the next start paints in the
// right theme at once; the answer from main (AppearanceStore) then confirms or corrects it.
// The copy is only a hint for the first paint: main's settings file stays the record.
import { AppearanceSchema, DEFAULT_APPEARANCE, type Appearance } from '../../common/ipc/appearance'

const CACHE_KEY = 'tilldesk.appearance'
const DARK_QUERY = '(prefers-color-scheme: dark)'

export type ResolvedTheme = 'light' | 'dark'

/** "system" is whatever the OS says now. */
export function resolveTheme(theme: Appearance['theme'], osPrefersDark: boolean): ResolvedTheme {
  if (theme === 'system') return osPrefersDark ? 'dark' : 'light'
  return theme
}

const osPrefersDark = (): boolean =>
  typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches

export function applyAppearance(
  appearance: Appearance,
  root: HTMLElement = document.documentElement,
) {
  root.dataset.theme = resolveTheme(appearance.theme, osPrefersDark())
  root.dataset.textSize = String(appearance.textSize)
}

/** The last appearance this window saw, or the defaults (a cache that fails to parse is ignored). */
export function cachedAppearance(): Appearance {
  try {
    const raw = window.localStorage.getItem(CACHE_KEY)
    if (raw === null) return DEFAULT_APPEARANCE
    const parsed = AppearanceSchema.safeParse(JSON.parse(raw))
    return parsed.success ? parsed.data : DEFAULT_APPEARANCE
  } catch {
    return DEFAULT_APPEARANCE // storage off or unreadable: the defaults, then main's answer
  }
}

export function rememberAppearance(appearance: Appearance): void {
  try {
    window.localStorage.setItem(CACHE_KEY, JSON.stringify(appearance))
  } catch {
    // Storage full or off: the next start paints the defaults first, nothing worse.
  }
}

export function applyCachedAppearance(): void {
  applyAppearance(cachedAppearance())
}

/** Calls `onChange` when the OS switches between light and dark. */
export function watchSystemTheme(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined
  const query = window.matchMedia(DARK_QUERY)
  query.addEventListener('change', onChange)
  return () => query.removeEventListener('change', onChange)
}
