// A Dialog that asks before an action: a button to back out and one to go ahead, which shows
// a spinner while the action runs. Danger dialogs get a danger button, others a primary one.
import type { ReactNode } from 'react'
import { Button } from './Button'
import { Dialog } from './Dialog'
import type { IconName } from './Icon'

export interface ConfirmDialogProps {
  open: boolean
  /** Closing the dialog: Esc, the close button, and (unless onCancel is given) the back-out button. */
  onClose: () => void
  title: ReactNode
  tone?: 'default' | 'danger'
  /** The back-out button's words, e.g. "Go back" or "Keep it". */
  cancelLabel: ReactNode
  /** What the back-out button does, when it differs from onClose. */
  onCancel?: () => void
  /** The go-ahead button's words. */
  confirmLabel: ReactNode
  confirmIcon?: IconName
  onConfirm: () => void
  busy?: boolean
  disabled?: boolean
  children: ReactNode
}

export function ConfirmDialog({
  open,
  onClose,
  title,
  tone = 'default',
  cancelLabel,
  onCancel,
  confirmLabel,
  confirmIcon,
  onConfirm,
  busy,
  disabled,
  children,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      tone={tone}
      footer={
        <>
          <Button onClick={onCancel ?? onClose}>{cancelLabel}</Button>
          <Button
            variant={tone === 'danger' ? 'danger' : 'primary'}
            icon={confirmIcon}
            busy={busy}
            disabled={disabled}
            onClick={onConfirm}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Dialog>
  )
}
