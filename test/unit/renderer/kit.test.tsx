// The form and list kit (renderer/components/kit), rendered to HTML the way the till draws it:
// labels beside values, tables with their empty, loading and error rows, submit buttons that
// block while busy, filters with their Show button. Handlers are called through the elements'
// own props, so what a click or Enter does is tested without a browser.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { isValidElement, type ReactElement, type ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { describe, expect, it, vi } from 'vitest'
import { i18n } from '../../../renderer/i18n'
import {
  anyOf,
  DataTable,
  DetailList,
  fieldBinder,
  FilterBar,
  FilterSelect,
  Form,
  FormActions,
  InlineLookup,
  pagesOf,
  PickList,
  rowAt,
  StatTile,
  SubSection,
  WordBadge,
  wordsFor,
} from '../../../renderer/components/kit'

// The date fields take their words from the catalogue (English here).
const html = (node: ReactNode) =>
  renderToStaticMarkup(<I18nextProvider i18n={i18n}>{node}</I18nextProvider>)

/** The elements of a tree that match, depth first (function components are called). */
function find(node: ReactNode, match: (element: ReactElement<Record<string, unknown>>) => boolean) {
  const found: Array<ReactElement<Record<string, unknown>>> = []
  const walk = (current: ReactNode): void => {
    if (Array.isArray(current)) return current.forEach(walk)
    if (!isValidElement<Record<string, unknown>>(current)) return
    if (match(current)) found.push(current)
    if (typeof current.type === 'function')
      return walk((current.type as (props: unknown) => ReactNode)(current.props))
    walk(current.props.children as ReactNode)
  }
  walk(node)
  return found
}

describe('DetailList', () => {
  it('lists label and value pairs in order and leaves out the ones not there', () => {
    const out = html(
      <DetailList
        items={[
          { label: 'Customer', value: 'Adaeze Okonkwo-Babatunde' },
          false,
          null,
          '',
          { label: 'Reference', value: 'TD-1', valueClassName: 'mono', testId: 'ref' },
        ]}
      />,
    )
    expect(out).toBe(
      '<dl class="facts kit-details"><dt>Customer</dt><dd>Adaeze Okonkwo-Babatunde</dd>' +
        '<dt>Reference</dt><dd class="mono" data-testid="ref">TD-1</dd></dl>',
    )
  })

  it('carries the wrapping hook so long bank and customer names wrap instead of clipping', () => {
    const out = html(
      <DetailList
        className="po-bound"
        grouped
        testId="bound-details"
        items={[
          { label: 'Bank', value: 'First City Monument Bank Limited', className: 'wide' },
          { label: 'Code', value: 'ABCD-1234', title: 'abcd1234ffff' },
        ]}
      />,
    )
    expect(out).toContain('<dl class="po-bound kit-details" data-testid="bound-details">')
    expect(out).toContain(
      '<div class="wide"><dt>Bank</dt><dd>First City Monument Bank Limited</dd></div>',
    )
    expect(out).toContain('<div><dt>Code</dt><dd title="abcd1234ffff">ABCD-1234</dd></div>')
  })
})

interface Refund {
  id: string
  when: string
  amount: string
}
const refundColumns = [
  { header: 'When', cell: (r: Refund) => r.when },
  { header: 'Amount', align: 'end' as const, cell: (r: Refund) => r.amount },
]

describe('wrapping long text', () => {
  it('lets details, list lines and table cells break a long name rather than clip it', () => {
    const css = readFileSync(
      fileURLToPath(new URL('../../../renderer/components/kit/kit.css', import.meta.url)),
      'utf8',
    )
    const wraps = (selector: string, how: string) =>
      new RegExp(`${selector.replace(/\./g, '\\.')}[^{]*\\{[^}]*overflow-wrap: ${how}`)
    // Details may break anywhere (a definition list never shrinks a column to fit).
    expect(css).toMatch(wraps('.kit-details dd', 'anywhere'))
    // In lines and table cells, words break only when wider than their box: `anywhere` lets a
    // table squeeze a column to one letter a line. References (mono) may break anywhere.
    expect(css).toMatch(wraps('.kit-picklist .gw-list__main', 'break-word'))
    expect(css).toMatch(wraps('.kit-table td', 'break-word'))
    expect(css).toMatch(wraps('.kit-table td.mono', 'anywhere'))
  })
})

describe('DataTable', () => {
  it('draws a header and one row per record; amounts are right-aligned numbers', () => {
    const out = html(
      <DataTable
        testId="payment-refunds"
        rows={[{ id: 'r1', when: '14:05', amount: '₦500.00' }]}
        rowKey={(r) => r.id}
        rowTitle={(r) => r.id}
        columns={refundColumns}
      />,
    )
    expect(out).toContain('<th scope="col">When</th><th scope="col" class="num">Amount</th>')
    expect(out).toContain('<tr title="r1"><td>14:05</td><td class="num">₦500.00</td></tr>')
    expect(out).toContain('data-testid="payment-refunds"')
  })

  it('says there is nothing yet instead of drawing an empty table', () => {
    const out = html(
      <DataTable
        rows={[]}
        rowKey={(r: Refund) => r.id}
        columns={refundColumns}
        empty="None yet."
      />,
    )
    expect(out).toBe('<p class="muted">None yet.</p>')
  })

  it('shows one loading row across every column while the rows are on their way', () => {
    const out = html(
      <DataTable
        rows={[]}
        rowKey={(r: Refund) => r.id}
        columns={refundColumns}
        empty="None"
        loading
      />,
    )
    expect(out).toContain('<td colSpan="2">Loading…</td>')
    expect(out).not.toContain('None')
  })

  it('says what went wrong in a row of its own, announced, and hides stale rows', () => {
    const out = html(
      <DataTable
        rows={[{ id: 'r1', when: '14:05', amount: '₦500.00' }]}
        rowKey={(r) => r.id}
        columns={refundColumns}
        error="The gateway did not answer."
      />,
    )
    expect(out).toContain('<td colSpan="2" role="alert">The gateway did not answer.</td>')
    expect(out).not.toContain('14:05')
  })

  it('leaves out a column that is not wanted', () => {
    const out = html(
      <DataTable
        rows={[{ id: 'r1', when: '14:05', amount: '₦500.00' }]}
        rowKey={(r) => r.id}
        columns={[refundColumns[0], false, refundColumns[1]]}
      />,
    )
    expect(out.match(/<th /g)).toHaveLength(2)
  })
})

describe('Form and FormActions', () => {
  it("shows main's answer above the fields and names the form", () => {
    const out = html(
      <Form
        label="New payment"
        onSubmit={() => undefined}
        message={{ tone: 'danger', text: 'Check the amount.' }}
      >
        <input name="amount" />
      </Form>,
    )
    expect(out).toMatch(/^<form class="form" aria-label="New payment">/)
    expect(out.indexOf('Check the amount.')).toBeLessThan(out.indexOf('name="amount"'))
    expect(out).toContain('role="alert"')
  })

  it('hands the submit event to the handler', () => {
    const onSubmit = vi.fn()
    const [form] = find(
      <Form label="Refund" onSubmit={onSubmit}>
        x
      </Form>,
      (e) => e.type === 'form',
    )
    const event = { preventDefault: vi.fn() }
    ;(form!.props.onSubmit as (e: unknown) => void)(event)
    expect(onSubmit).toHaveBeenCalledWith(event)
  })

  it('puts other actions first and blocks the submit button while it is busy', () => {
    const out = html(
      <FormActions submit={{ label: 'Send for approval', busy: true }}>
        <button type="button">Save draft</button>
      </FormActions>,
    )
    expect(out).toMatch(/^<div class="form__actions"><button type="button">Save draft<\/button>/)
    expect(out).toContain('type="submit"')
    expect(out).toContain('disabled=""')
    expect(out).toContain('aria-busy="true"')
    expect(out).toContain('btn--primary')
    expect(out).toContain('Send for approval')
  })

  it('leaves the submit button free when not busy', () => {
    const out = html(<FormActions submit={{ label: 'Save', variant: 'secondary' }} />)
    expect(out).not.toContain('disabled')
    expect(out).toContain('btn--secondary')
  })

  it('binds a field to its key: name, value, change and error', () => {
    const set = vi.fn(() => () => undefined)
    const bind = fieldBinder({ email: 'a@b.ng', name: '' }, set, { email: 'Not an e-mail.' })
    const props = bind('email')
    expect(props).toMatchObject({ name: 'email', value: 'a@b.ng', error: 'Not an e-mail.' })
    expect(set).toHaveBeenCalledWith('email')
    expect(bind('name').error).toBeUndefined()
  })
})

describe('FilterBar', () => {
  it('has the list fields, From and To, then Show, lined up with the inputs', () => {
    const out = html(
      <FilterBar
        label="Filter refunds"
        onApply={() => undefined}
        dates={{ from: '2026-11-01', to: '', onChange: () => () => undefined, errors: {} }}
      >
        <input name="reference" />
      </FilterBar>,
    )
    expect(out).toMatch(/^<form class="gw-filters" aria-label="Filter refunds">/)
    const order = ['name="reference"', '>From<', '>To<', 'gw-filters__go', 'Show']
    const at = order.map((needle) => out.indexOf(needle))
    expect(at.every((n) => n >= 0)).toBe(true)
    expect([...at].sort((a, b) => a - b)).toEqual(at)
    expect(out).toContain('value="01/11/2026"')
  })

  it('shows or announces that Enter applies the filter', () => {
    const shown = html(<FilterBar label="F" onApply={() => undefined} enterKey="shown" />)
    expect(shown).toContain('<kbd class="btn__kbd">Enter</kbd>')
    const told = html(
      <FilterBar
        label="F"
        look="inline"
        className="history__filters"
        onApply={() => undefined}
        enterKey="announced"
      />,
    )
    expect(told).toContain('aria-keyshortcuts="Enter"')
    expect(told).not.toContain('kbd')
    expect(told).not.toContain('gw-filters__go')
    expect(told).toContain('class="history__filters"')
  })

  it('offers "any" first, then each state in words', () => {
    expect(anyOf('Any status', [['success', 'Received']])).toEqual([
      { value: '', label: 'Any status' },
      { value: 'success', label: 'Received' },
    ])
    const out = html(
      <FilterSelect value="failed" onChange={() => undefined} choices={[['failed', 'Failed']]} />,
    )
    expect(out).toContain('>Status<')
    expect(out).toContain('<option value="">Any status</option>')
    expect(out).toContain('<option value="failed" selected="">Failed</option>')
  })
})

describe('PickList', () => {
  const items = [
    { ref: 'P1', name: 'Chukwuemeka Adebayo-Oluwaseun Enterprises' },
    { ref: 'P2', name: 'Ngozi' },
  ]
  it('marks the open item and wraps long names', () => {
    const out = html(
      <PickList
        testId="recent-payments"
        items={items}
        keyOf={(i) => i.ref}
        activeKey="P2"
        onPick={() => undefined}
        main={(i) => <strong>{i.name}</strong>}
      />,
    )
    expect(out).toContain('<ul class="gw-list kit-picklist" data-testid="recent-payments">')
    expect(out).toContain('class="gw-list__item is-active" aria-current="true"')
    expect(out.match(/aria-current/g)).toHaveLength(1)
    expect(out).toContain('Chukwuemeka Adebayo-Oluwaseun Enterprises')
  })

  it('opens the item pressed', () => {
    const onPick = vi.fn()
    const buttons = find(
      <PickList items={items} keyOf={(i) => i.ref} onPick={onPick} main={(i) => i.name} />,
      (e) => e.type === 'button',
    )
    ;(buttons[1]!.props.onClick as () => void)()
    expect(onPick).toHaveBeenCalledWith(items[1])
  })
})

describe('WordBadge', () => {
  const words = { success: { label: 'Received', tone: 'success' as const } }
  it('says a known state in its words and keeps the raw state for tests', () => {
    expect(html(<WordBadge words={words} status="success" />)).toBe(
      '<span data-status="success"><span class="badge badge--success">Received</span></span>',
    )
  })
  it('never shows a state it does not know as failed', () => {
    expect(wordsFor(words, 'unknown')).toEqual({ label: 'Status not known', tone: 'warning' })
    expect(wordsFor(words, 'on_hold')).toEqual({ label: 'on hold', tone: 'neutral' })
  })
})

describe('paged listing arithmetic', () => {
  it('knows which pages the rows on screen fall on', () => {
    expect(pagesOf(0, 12)).toEqual([1])
    expect(pagesOf(95, 130)).toEqual([1, 2])
    expect(pagesOf(250, 420)).toEqual([3, 4, 5])
  })
  it('finds a row in its page, or nothing while the page is on its way', () => {
    const pages = new Map([[2, ['a', 'b']]])
    expect(rowAt(pages, 100)).toBe('a')
    expect(rowAt(pages, 101)).toBe('b')
    expect(rowAt(pages, 5)).toBeUndefined()
  })
})

describe('tiles, sections and look-ups', () => {
  it('emphasises the tile that matters and keeps both test ids', () => {
    const out = html(
      <StatTile
        label="Can refund now"
        value="₦1.00"
        emphasis
        testId="refundable"
        valueTestId="v"
      />,
    )
    expect(out).toBe(
      '<div class="gw-tile gw-tile--key" data-testid="refundable"><span class="gw-tile__label">Can refund now</span>' +
        '<span class="gw-tile__value" data-testid="v">₦1.00</span></div>',
    )
  })

  it('names a section by its heading', () => {
    const out = html(<SubSection title="Cancel the mandate">x</SubSection>)
    const labelledBy = /aria-labelledby="([^"]+)"/.exec(out)?.[1]
    expect(labelledBy).toBeTruthy()
    expect(out).toContain(`id="${labelledBy}">Cancel the mandate</h3>`)
  })

  it('does not look up an empty reference', () => {
    const props = {
      title: 'Look up a payment',
      label: 'Payment reference',
      onChange: () => undefined,
      onSubmit: () => undefined,
      action: 'Check',
    }
    expect(html(<InlineLookup {...props} value="  " />)).toMatch(/type="submit"[^>]*disabled=""/)
    expect(html(<InlineLookup {...props} value="PAY-1" />)).not.toMatch(/disabled/)
    expect(html(<InlineLookup {...props} value="PAY-1" />)).toContain(
      'aria-label="Look up a payment"',
    )
  })
})
