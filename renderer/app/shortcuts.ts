// Global keyboard shortcuts: F-keys jump between screens (POS convention), Ctrl+Shift+L
// switches user, Ctrl+Shift+K locks the till (leaving it for a moment). Ignored while a dialog
// is open so shortcuts never act behind a modal.
import { useEffect } from 'react'
import type { UserRole } from '../../common/ipc/contract'
import { call } from '../lib/pos'
import { screens } from '../screens/registry'
import { useNavigation } from '../store/navigation'
import { canSee } from './roles'

export function shortcutOf(event: KeyboardEvent): string {
  const parts: string[] = []
  if (event.ctrlKey || event.metaKey) parts.push('Ctrl')
  if (event.shiftKey && event.key.length > 1) parts.push('Shift')
  if (event.shiftKey && event.key.length === 1 && /[a-z]/i.test(event.key)) parts.push('Shift')
  if (event.altKey) parts.push('Alt')
  parts.push(event.key.length === 1 ? event.key.toUpperCase() : event.key)
  return parts.join('+')
}

export const LOCK_SHORTCUT = 'Ctrl+Shift+K'

export function useShortcuts(role: UserRole | undefined, onSwitchUser: () => void): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (document.querySelector('dialog[open]')) return
      const combo = shortcutOf(event)
      if (combo === 'Ctrl+Shift+L') {
        event.preventDefault()
        onSwitchUser()
        return
      }
      if (combo === LOCK_SHORTCUT) {
        event.preventDefault()
        // Already locked: main refuses, and the lock screen is showing anyway.
        call('session.lock').catch(() => undefined)
        return
      }
      const target = screens.find((screen) => screen.shortcut === combo)
      if (target && canSee(role, target.minRole)) {
        event.preventDefault()
        useNavigation.getState().go(target.id)
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [role, onSwitchUser])
}
