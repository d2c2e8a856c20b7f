// Global keyboard shortcuts: F-keys jump between screens (POS convention), Ctrl+Shift+L
// switches user. Ignored while a dialog is open so shortcuts never act behind a modal.
import { useEffect } from 'react'
import type { UserRole } from '../../common/ipc/contract'
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
