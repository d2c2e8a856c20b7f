// X- and Z-reports as self-contained HTML pages (no scripts, no external resources) for the
// printer and for printToPDF, in the same page conventions as the receipts: `@page` sets the
// paper (an 80 mm roll cut into 297 mm pages, since `size` has no "as long as the content";
// or A4 with margins), sizes are in mm/pt so the layout doesn't depend on the screen, and long
// names wrap instead of being cut off. Every value is escaped: names and references come from
// customers and staff.
import type { Language } from '../../common/ipc/appearance'
import type { CarriedOverItem, ShiftFigures, ShiftReport, Tally } from '../../common/ipc/shifts'
import { dateFormat } from '../../common/intl'
import { formatMoney } from '../../common/money'
import { documentWords, fill, FORMAT_LOCALE } from '../../common/words'
import { carriedWords } from '../../common/words/carried'
import { warningIn } from '../../common/words/report-warnings'
import { escapeHtml as e } from '../collections/receiptHtml'
import { lineLabel, reportLines, type ReportLine } from './lines'

export type PaperWidth = '80mm' | 'A4'

export interface HtmlOptions {
  /** The till's language: the page's words, dates and amounts are in it. */
  language: Language
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
  const locale = FORMAT_LOCALE[options.language]
  const words = documentWords(options.language)
  const w = words.report
  const money = (amount: Parameters<typeof formatMoney>[0], currency: string) =>
    formatMoney(amount, currency, locale)
  const time = (iso: string | null) =>
    iso
      ? dateFormat(locale, {
          dateStyle: 'medium',
          timeStyle: 'short',
          ...(options.timeZone ? { timeZone: options.timeZone } : {}),
        }).format(Date.parse(iso))
      : '—'

  const tallyRows = (label: string, tally: Tally, strong = false, line?: ReportLine) => {
    // U+2212, the minus sign: a hyphen before a currency symbol is easily missed on paper.
    const sign = line?.subtracted ? '\u2212' : line?.added ? '+' : ''
    const count = tally.count < 0 ? '' : String(tally.count)
    const cls = strong ? ' class="total"' : ''
    if (tally.totals.length === 0)
      return `<tr${cls}><td>${e(label)}</td><td class="n">${count}</td><td class="n">—</td></tr>`
    return tally.totals
      .map(
        (t, i) =>
          `<tr${cls}><td>${i === 0 ? e(label) : ''}</td><td class="n">${i === 0 ? count : ''}</td><td class="n">${e(sign + money(t.amount, t.currency))}</td></tr>`,
      )
      .join('')
  }

  const figures = (f: ShiftFigures) => {
    const bySection = new Map<string, string[]>()
    for (const line of reportLines(f)) {
      const rows = bySection.get(line.section) ?? []
      rows.push(tallyRows(lineLabel(line, words), line.tally, line.key === 'received', line))
      bySection.set(line.section, rows)
    }
    return [...bySection]
      .map(
        ([section, rows]) =>
          `<section><h3>${e((w.sections as Record<string, string>)[section] ?? section)}</h3><table><colgroup><col><col class="c"><col class="a"></colgroup><tr><th>${e(w.line)}</th><th class="n">${e(w.count)}</th><th class="n">${e(w.amount)}</th></tr>${rows.join('')}</table></section>`,
      )
      .join('')
  }

  const carried = (items: CarriedOverItem[]) =>
    items.length === 0
      ? `<p>${e(w.nothingOpen)}</p>`
      : `<table>${items
          .map(
            (i) =>
              `<tr><td>${e(carriedWords(i, words, money))}<br><span class="seal">${e(i.reference)} · ${e(time(i.since))}${i.cashier ? ` · ${e(i.cashier.name)}` : ''}</span></td></tr>`,
          )
          .join('')}</table>`

  const s = report.shift
  const title =
    report.kind === 'z'
      ? fill(w.zTitle, { number: String(report.zNumber ?? 0).padStart(6, '0') })
      : w.xTitle
  const seal = options.seal
  const said = (template: string, values: Record<string, string>) => e(fill(template, values))
  return `<!doctype html><html lang="${options.language}"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>${e(title)} · ${e(s.till)}</title>
<style>${COMMON}
${PAGE[width]}</style></head><body>
<h1>${e(title)}</h1>
<p>${e(s.till)} · ${e(w.environment[s.environment])}</p>
<p>${said(w.opened, { at: time(s.openedAt), name: s.openedBy.name })}</p>
<p>${s.closedAt ? said(w.closed, { at: time(s.closedAt), name: s.closedBy?.name ?? '' }) : said(w.taken, { at: time(report.to) })}</p>
${s.openingFloat ? `<p>${said(w.float, { amount: money(s.openingFloat.amount, s.openingFloat.currency) })}</p>` : ''}
${options.integrityNote ? `<div class="note"><strong>${e(w.checkThis)}</strong> ${e(options.integrityNote)}</div>` : ''}
${report.warnings.map((warning) => `<div class="note">${e(warningIn(warning, options.language))}</div>`).join('')}
${report.reconciliation ? `<p class="reconciled">${e(report.reconciliation.summary[options.language])}</p>` : ''}
<h2>${e(w.till)}</h2>
<div class="cols">${figures(report.till)}</div>
<hr>
<h2>${e(w.byCashier)}</h2>
${report.cashiers.length === 0 ? `<p>${e(w.noActivity)}</p>` : report.cashiers.map((c) => `<div class="cashier"><h2>${e(c.cashier.name)}</h2><div class="cols">${figures(c.figures)}</div></div>`).join('<hr>')}
<hr>
<h2>${said(w.carried, { count: String(report.carriedOver.length) })}</h2>
${carried(report.carriedOver)}
${seal ? `<hr><p class="seal">${said(w.seal, { seal })}</p>` : ''}
<hr><p>${said(w.printed, { at: time(options.printedAt) })}</p>
</body></html>`
}
