// The form and list kit: the shapes the gateway, payout, report and settings screens are built
// from (docs/till-screens.md says what each is for). It builds on the design system in
// renderer/components and adds no look of its own beyond wrapping long text.
export { DataTable, type DataTableProps, type TableColumn } from './DataTable'
export { DetailList, presentDetails, type Detail, type DetailItem } from './DetailList'
export {
  FilterBar,
  FilterSelect,
  anyOf,
  useFilterForm,
  type FilterBarProps,
  type SetFilterField,
} from './FilterBar'
export {
  FieldGroup,
  fieldBinder,
  Form,
  FormActions,
  SubmitButton,
  type FormMessage,
  type FormProps,
  type SubmitButtonProps,
} from './Form'
export { FormDialog, type FormDialogProps } from './FormDialog'
export { InlineLookup, type InlineLookupProps } from './InlineLookup'
export { PagedTable, type Column, type PagedTableProps } from './PagedTable'
export { PickList, type PickListProps } from './PickList'
export { StatTile, StatTiles } from './Tiles'
export { SubSection } from './SubSection'
export { useAction } from './useAction'
export {
  PAGE_SIZE,
  pagesOf,
  rowAt,
  usePagedListing,
  useVisiblePages,
  withFieldErrors,
  type PageResult,
  type PagedListing,
} from './usePagedListing'
export { WordBadge, wordsFor, type StateWords } from './WordBadge'
