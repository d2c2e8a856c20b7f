// A dialog that is one small form: what it is about, the fields, and Cancel beside the submit
// button (danger for something that can't be taken back). Enter submits.
import type { FormEvent, ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, type ButtonVariant } from '../Button'
import { Dialog } from '../Dialog'
import { Form, FormActions } from './Form'

export interface FormDialogProps {
  open: boolean
  onClose: () => void
  title: ReactNode
  tone?: 'default' | 'danger'
  onSubmit: (event: FormEvent<HTMLFormElement>) => void | Promise<void>
  cancelLabel?: ReactNode
  submitLabel: ReactNode
  /** The submit button's look: danger in a danger dialog, primary otherwise. */
  submitVariant?: ButtonVariant
  busy?: boolean
  disabled?: boolean
  autoComplete?: 'off' | 'on'
  children: ReactNode
}

export function FormDialog({
  open,
  onClose,
  title,
  tone = 'default',
  onSubmit,
  cancelLabel,
  submitLabel,
  submitVariant,
  busy,
  disabled,
  autoComplete,
  children,
}: FormDialogProps) {
  const { t } = useTranslation()
  return (
    <Dialog open={open} onClose={onClose} title={title} tone={tone}>
      <Form onSubmit={onSubmit} autoComplete={autoComplete}>
        {children}
        <FormActions
          submit={{
            label: submitLabel,
            variant: submitVariant ?? (tone === 'danger' ? 'danger' : 'primary'),
            busy,
            disabled,
          }}
        >
          <Button onClick={onClose}>{cancelLabel ?? t('common.cancel')}</Button>
        </FormActions>
      </Form>
    </Dialog>
  )
}
