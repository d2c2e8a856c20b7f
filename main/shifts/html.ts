// X- and Z-reports as self-contained HTML pages (no scripts, no external resources) for the
// printer and for printToPDF, in the same page conventions as the receipts: `@page` sets the
// paper (an 80 mm roll cut into 297 mm pages, since `size` has no "as long as the content";
// or A4 with margins), sizes are in mm/pt so the layout doesn't depend on the screen, and long
// names wrap instead of being cut off. Every value is escaped: names and references come from
// customers and staff.
import type { CarriedOverItem, ShiftFigures, ShiftReport, Tally } from '../../common/ipc/shifts'
import { formatMoney } from '../../common/money'
import { escapeHtml as e } from '../collections/receiptHtml'
import { reportLines, SECTION_LABEL } from './lines'

export type PaperWidth = '80mm' | 'A4'

export interface HtmlOptions {
  locale: string
  /** Shown in a box when a Z-report's seal does not check out. */
  integrityNote: string | null
  /** The Z-report's seal, printed so a paper copy can be matched to the till's record. */
  seal: string | null
  printedAt: string
  timeZone?: string
}

// The amount column holds a day's total up to ₦9,999,999,999.99 on one line at each paper's
// type size (checked in Chromium: test/integration/zreport-layout.test.ts); the line's label
// wraps in what is left.
const PAGE: Record<PaperWidth, string> = {
  '80mm': `@page{size:80mm 297mm;margin:3mm}
body{width:74mm;font:9pt/1.3 ui-monospace,"DejaVu Sans Mono",monospace}
h1{font-size:12pt}h2{font-size:10pt}h3{font-size:9pt}
.cols{display:block}.cashier{break-inside:avoid}
col.c{width:12mm}col.a{width:37mm}`,
  A4: `@page{size:A4;margin:15mm}
body{font:10pt/1.35 system-ui,"DejaVu Sans",sans-serif}
h1{font-size:16pt}h2{font-size:12pt}h3{font-size:10.5pt}
.cols{display:grid;grid-template-columns:1fr 1fr;column-gap:10mm;align-items:start}.cashier{break-inside:avoid}
col.c{width:15mm}col.a{width:44mm}`,
}

const COMMON = `*{box-sizing:border-box}body{margin:0;color:#000;overflow-wrap:anywhere}
h1,h2,h3{margin:3mm 0 1mm}p{margin:0.5mm 0}
table{width:100%;border-collapse:collapse;table-layout:fixed}
section{break-inside:avoid}h2,h3{break-after:avoid}td,th{padding:0.6mm 0;vertical-align:top;text-align:left;font-weight:400}
td.n,th.n{text-align:right;white-space:nowrap;padding-left:2mm}
tr.total td{font-weight:700;border-top:0.2mm solid #000}
.note{border:0.4mm solid #000;padding:2mm;margin:2mm 0}
.seal{font-size:0.85em;word-break:break-all}
hr{border:0;border-top:0.2mm dashed #000;margin:2mm 0}`

export function reportHtml(report: ShiftReport, width: PaperWidth, options: HtmlOptions): string {
  const money = (amount: Parameters<typeof formatMoney>[0], currency: string) =>
    formatMoney(amount, currency, options.locale)
  const time = (iso: string | null) =>
    iso
      ? new Intl.DateTimeFormat(options.locale, {
          dateStyle: 'medium',
          timeStyle: 'short',
          ...(options.timeZone ? { timeZone: options.timeZone } : {}),
        }).format(Date.parse(iso))
      : '—'

  const tallyRows = (label: string, tally: Tally, strong = false) => {
    const count = tally.count < 0 ? '' : String(tally.count)
    const cls = strong ? ' class="total"' : ''
    if (tally.totals.length === 0)
      return `<tr${cls}><td>${e(label)}</td><td class="n">${count}</td><td class="n">—</td></tr>`
    return tally.totals
      .map(
        (t, i) =>
          `<tr${cls}><td>${i === 0 ? e(label) : ''}</td><td class="n">${i === 0 ? count : ''}</td><td class="n">${e(money(t.amount, t.currency))}</td></tr>`,
      )
      .join('')
  }

  const figures = (f: ShiftFigures) => {
    const bySection = new Map<string, string[]>()
    for (const line of reportLines(f)) {
      const rows = bySection.get(line.section) ?? []
      rows.push(tallyRows(line.label, line.tally, line.key === 'received'))
      bySection.set(line.section, rows)
    }
    return [...bySection]
      .map(
        ([section, rows]) =>
          `<section><h3>${e(SECTION_LABEL[section] ?? section)}</h3><table><colgroup><col><col class="c"><col class="a"></colgroup><tr><th>Line</th><th class="n">Count</th><th class="n">Amount</th></tr>${rows.join('')}</table></section>`,
      )
      .join('')
  }

  const carried = (items: CarriedOverItem[]) =>
    items.length === 0
      ? '<p>Nothing left open.</p>'
      : `<table>${items
          .map(
            (i) =>
              `<tr><td>${e(i.what)}<br><span class="seal">${e(i.reference)} · ${e(time(i.since))}${i.cashier ? ` · ${e(i.cashier.name)}` : ''}</span></td></tr>`,
          )
          .join('')}</table>`

  const s = report.shift
  const title =
    report.kind === 'z'
      ? `Z-report ${String(report.zNumber ?? 0).padStart(6, '0')}`
      : 'X-report (not final)'
  const seal = options.seal
  return `<!doctype html><html><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>${e(title)} · ${e(s.till)}</title>
<style>${COMMON}
${PAGE[width]}</style></head><body>
<h1>${e(title)}</h1>
<p>${e(s.till)} · ${e(s.environment === 'live' ? 'Live' : s.environment === 'sandbox' ? 'Sandbox' : 'Demo (training)')}</p>
<p>Opened ${e(time(s.openedAt))} by ${e(s.openedBy.name)}</p>
<p>${s.closedAt ? `Closed ${e(time(s.closedAt))} by ${e(s.closedBy?.name ?? '')}` : `Taken ${e(time(report.to))}, shift still open`}</p>
${s.openingFloat ? `<p>Opening float: ${e(money(s.openingFloat.amount, s.openingFloat.currency))}</p>` : ''}
${options.integrityNote ? `<div class="note"><strong>Check this report.</strong> ${e(options.integrityNote)}</div>` : ''}
${report.warnings.map((w) => `<div class="note">${e(w)}</div>`).join('')}
${report.reconciliation ? `<p class="reconciled">${e(report.reconciliation.summary[options.locale.startsWith('fr') ? 'fr' : 'en'])}</p>` : ''}
<h2>Till</h2>
<div class="cols">${figures(report.till)}</div>
<hr>
<h2>By cashier</h2>
${report.cashiers.length === 0 ? '<p>No activity.</p>' : report.cashiers.map((c) => `<div class="cashier"><h2>${e(c.cashier.name)}</h2><div class="cols">${figures(c.figures)}</div></div>`).join('<hr>')}
<hr>
<h2>Carried over (${report.carriedOver.length})</h2>
${carried(report.carriedOver)}
${seal ? `<hr><p class="seal">Seal ${e(seal)}</p>` : ''}
<hr><p>Printed ${e(time(options.printedAt))}</p>
</body></html>`
}
