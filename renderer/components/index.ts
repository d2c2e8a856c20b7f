// Tilldesk's design system. Screens import from here; styles live in renderer/styles/.
export { Badge } from './Badge'
export { Banner, type Tone } from './Banner'
export { Button, type ButtonProps, type ButtonVariant } from './Button'
export { Card } from './Card'
export { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog'
export { DateField, DateRangeFields } from './DateRangeFields'
export { Dialog } from './Dialog'
export { EmptyState } from './EmptyState'
export { FieldShell, PinField, SelectField, TextField } from './Field'
export { Icon, type IconName } from './Icon'
export { MoneyInput } from './MoneyInput'
export { OutcomeAlarm, type AlarmShown, type OutcomeAlarmProps } from './OutcomeAlarm'
export { PinPad } from './PinPad'
export { Spinner } from './Spinner'
export { Tabs, type TabItem, type TabsProps } from './Tabs'
export {
  OutcomeReview,
  type DecisionEntered,
  type OutcomeEvidence,
  type OutcomeReviewProps,
  type OutcomeWords,
} from './OutcomeReview'
export { UnsettledSection, type UnsettledSectionProps } from './UnsettledSection'
