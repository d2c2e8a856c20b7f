// The filter row above a long list: the list's own fields, the From/To days, and Show. The
// list changes only when Show is pressed (or Enter), so half-typed filters never hit main.
import { useState, type FormEvent, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../Button'
import { DateRangeFields } from '../DateRangeFields'
import { SelectField } from '../Field'

/** A change handler for one key of a filter form (fields give it their change event). */
export type SetFilterField = (key: string) => (event: { target: { value: string } }) => void

export interface FilterBarProps {
  /** Accessible name, e.g. "Filter refunds". */
  label: string
  onApply: (event: FormEvent<HTMLFormElement>) => void
  children?: ReactNode
  /** The From/To fields, when the list is filtered by days. */
  dates?: {
    from: string
    to: string
    onChange: SetFilterField
    errors: { from?: string | undefined; to?: string | undefined }
    /** Give the inputs name="from" and name="to". */
    named?: boolean
  }
  /** "gateway" lines Show up with the inputs in a grid; "inline" puts it after them. */
  look?: 'gateway' | 'inline'
  /** Enter applies the filter: show the key on the button, or only tell assistive tech. */
  enterKey?: 'shown' | 'announced' | 'none'
  className?: string
}

export function FilterBar({
  label,
  onApply,
  children,
  dates,
  look = 'gateway',
  enterKey = 'none',
  className,
}: FilterBarProps) {
  const { t } = useTranslation()
  const show = (
    <Button
      type="submit"
      variant="primary"
      icon="refresh"
      shortcut={enterKey === 'shown' ? t('kit.enterKey') : undefined}
      aria-keyshortcuts={enterKey === 'announced' ? 'Enter' : undefined}
    >
      {t('kit.show')}
    </Button>
  )
  return (
    <form
      className={className ?? (look === 'gateway' ? 'gw-filters' : undefined)}
      onSubmit={onApply}
      aria-label={label}
    >
      {children}
      {dates && (
        <DateRangeFields
          from={dates.from}
          to={dates.to}
          onChange={dates.onChange}
          errors={dates.errors}
          named={dates.named}
        />
      )}
      {look === 'gateway' ? <div className="gw-filters__go">{show}</div> : show}
    </form>
  )
}

/**
 * A filter form's state: what is typed (`form`, changed through `set(key)`) and what is shown
 * (`filter`, made from the form by `toFilter` when `apply` runs).
 */
export function useFilterForm<Form extends Record<string, string>, Filter>(
  initial: Form | (() => Form),
  toFilter: (form: Form) => Filter,
) {
  const [form, setForm] = useState<Form>(initial)
  const [filter, setFilter] = useState<Filter>(() => toFilter(form))
  const set: SetFilterField = (key) => (event) =>
    setForm((current) => ({ ...current, [key]: event.target.value }))
  /** Shows the list for what is typed; returns the new filter. */
  const apply = (event?: FormEvent) => {
    event?.preventDefault()
    const next = toFilter(form)
    setFilter(next)
    return next
  }
  return { form, set, filter, apply }
}

/** "Any status" (or another "any") first, then each value in words. */
export function anyOf(
  any: string,
  choices: ReadonlyArray<readonly [value: string, label: string]>,
): Array<{ value: string; label: string }> {
  return [{ value: '', label: any }, ...choices.map(([value, label]) => ({ value, label }))]
}

/** A filter's drop-down whose first choice is "any" (no filter on it); "Status" unless told. */
export function FilterSelect({
  label,
  any,
  name,
  value,
  onChange,
  choices,
}: {
  label?: string
  any?: string
  name?: string
  value: string
  onChange: (event: { target: { value: string } }) => void
  choices: ReadonlyArray<readonly [value: string, label: string]>
}) {
  const { t } = useTranslation()
  return (
    <SelectField
      label={label ?? t('kit.status')}
      name={name}
      value={value}
      onChange={onChange}
      options={anyOf(any ?? t('kit.anyStatus'), choices)}
    />
  )
}
