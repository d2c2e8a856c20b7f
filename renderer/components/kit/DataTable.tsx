// A short list as a table inside a card: a header row, one row per record, and in place of the
// rows a single line saying it is loading, what went wrong, or that there is nothing yet. Long
// text in a cell wraps; amounts (align "end") and cells marked nowrap keep one line. Tables of
// figures (reports) name themselves in a caption and head each row with its first cell.
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import './kit.css'

export interface TableColumn<Row> {
  header: ReactNode
  cell: (row: Row) => ReactNode
  /** Amounts: right-aligned, tabular digits, never wrapped. */
  align?: 'end'
  /** Class of each of the column's cells, e.g. "mono small" or "nowrap". */
  className?: string
}

export interface DataTableProps<Row> {
  columns: ReadonlyArray<TableColumn<Row> | false | null | undefined>
  rows: ReadonlyArray<Row>
  rowKey: (row: Row) => string | number
  /** Hover text and test id of a row. */
  rowTitle?: (row: Row) => string | undefined
  rowTestId?: (row: Row) => string | undefined
  /** Said instead of the table when there are no rows (and nothing is loading or wrong). */
  empty?: ReactNode
  loading?: boolean
  /** What went wrong loading the rows, said in a row of its own. */
  error?: string | null
  /** The table's look: "gw-table" (gateway screens) unless told, or "table". */
  className?: string
  testId?: string
  label?: string
  /** The table's name; `captionHidden` keeps it for screen readers only (a card names it). */
  caption?: ReactNode
  captionHidden?: boolean
  /** The first column heads its row (`<th scope="row">`): a report's line or a person. */
  rowHeaders?: boolean
}

const classOf = <Row,>(column: TableColumn<Row>): string | undefined =>
  [column.align === 'end' ? 'num' : '', column.className ?? ''].filter(Boolean).join(' ') ||
  undefined

export function DataTable<Row>({
  columns: given,
  rows,
  rowKey,
  rowTitle,
  rowTestId,
  empty,
  loading = false,
  error = null,
  className = 'gw-table',
  testId,
  label,
  caption,
  captionHidden = false,
  rowHeaders = false,
}: DataTableProps<Row>) {
  const { t } = useTranslation()
  const columns = given.filter((column): column is TableColumn<Row> => Boolean(column))
  if (rows.length === 0 && !loading && !error && empty !== undefined)
    return <p className="muted">{empty}</p>
  const state = error ?? (loading ? t('common.loading') : null)
  return (
    <table className={`${className} kit-table`} data-testid={testId} aria-label={label}>
      {caption !== undefined && (
        <caption className={captionHidden ? 'visually-hidden' : undefined}>{caption}</caption>
      )}
      <thead>
        <tr>
          {columns.map((column, index) => (
            <th key={index} scope="col" className={column.align === 'end' ? 'num' : undefined}>
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {state !== null ? (
          <tr className="kit-table__state">
            <td colSpan={columns.length} role={error ? 'alert' : undefined}>
              {state}
            </td>
          </tr>
        ) : (
          rows.map((row) => (
            <tr key={rowKey(row)} title={rowTitle?.(row)} data-testid={rowTestId?.(row)}>
              {columns.map((column, index) =>
                rowHeaders && index === 0 ? (
                  <th key={index} scope="row" className={classOf(column)}>
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={index} className={classOf(column)}>
                    {column.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))
        )}
      </tbody>
    </table>
  )
}
