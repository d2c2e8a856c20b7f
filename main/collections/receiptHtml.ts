// A receipt as a self-contained HTML page (no scripts, no external resources) laid out for its
// paper: 58 mm and 80 mm thermal rolls, or A4. Thermal layouts stack every label above its
// value and wrap long words anywhere, so a long name or reference never runs off the roll.
// Every value is escaped: names and narrations come from customers.
import type { Receipt, ReceiptPaper } from '../../common/ipc/collections'
import { documentWords } from '../../common/words'
import { issuedLine } from './receipts'

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!)

/** Paper geometry, shared by the page CSS, printToPDF and silent printing. */
export const PAPER: Record<
  ReceiptPaper,
  { widthMm: number; marginMm: number; fontPt: number; thermal: boolean }
> = {
  // 58 mm rolls print about 48 mm; 80 mm rolls about 72 mm.
  '58mm': { widthMm: 58, marginMm: 4, fontPt: 8, thermal: true },
  '80mm': { widthMm: 80, marginMm: 4, fontPt: 9.5, thermal: true },
  a4: { widthMm: 210, marginMm: 15, fontPt: 11, thermal: false },
}

function css(paper: ReceiptPaper): string {
  const p = PAPER[paper]
  const common = `*{box-sizing:border-box}
html,body{margin:0;padding:0}
body{color:#000;background:#fff;font-size:${p.fontPt}pt;line-height:1.3;overflow-wrap:anywhere;word-break:break-word}
h1{font-size:1.35em;margin:0 0 .2em}h2{font-size:1em;margin:.8em 0 .2em}
p{margin:.1em 0}.muted{color:#333}.n{font-variant-numeric:tabular-nums}
.total{font-size:1.5em;font-weight:700;margin:.2em 0}
footer{margin-top:.8em;font-size:.9em}`
  if (p.thermal)
    return `${common}
@page{size:${p.widthMm}mm auto;margin:0}
body{width:${p.widthMm}mm;padding:${p.marginMm}mm;font-family:"DejaVu Sans Mono","Liberation Mono",Menlo,Consolas,monospace}
header{text-align:center;border-bottom:1px dashed #000;padding-bottom:.4em;margin-bottom:.4em}
dl{margin:0}dt{font-weight:400;color:#333;margin-top:.35em}dd{margin:0;font-weight:700}
.transfer{border-top:1px dashed #000;padding-top:.3em;margin-top:.3em}
footer{border-top:1px dashed #000;padding-top:.4em;text-align:center}`
  return `${common}
@page{size:A4;margin:${p.marginMm}mm}
body{font-family:system-ui,"DejaVu Sans",Arial,sans-serif}
header{border-bottom:2px solid #000;padding-bottom:6pt;margin-bottom:8pt}
dl{display:grid;grid-template-columns:minmax(30mm,max-content) 1fr;gap:3pt 12pt;margin:0}
dt{color:#333}dd{margin:0;font-weight:600}
table{width:100%;border-collapse:collapse;table-layout:fixed;margin-top:4pt}
th,td{text-align:left;padding:3pt 4pt;border-bottom:1px dotted #888;vertical-align:top}
th{font-weight:600}td.n,th.n{text-align:right}
td{overflow-wrap:normal;word-break:normal}td.wrap{overflow-wrap:anywhere}td.keep{white-space:nowrap}`
}

const pair = (label: string, value: string) =>
  `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>`

export function receiptHtml(receipt: Receipt, paper: ReceiptPaper = 'a4'): string {
  const e = escapeHtml
  const thermal = PAPER[paper].thermal
  const w = documentWords(receipt.language).receipt
  const head: [string, string][] = [
    [w.customer, receipt.customer],
    [w.time, receipt.time],
    [w.till, receipt.till],
    [w.cashier, receipt.cashier],
  ]
  const details = [...head, ...receipt.lines.map((l) => [l.label, l.value] as [string, string])]
    .map(([l, v]) => pair(l, v))
    .join('')
  let transfers = ''
  if (receipt.transfers.length > 0) {
    transfers = thermal
      ? `<h2>${e(w.transfers)}</h2>${receipt.transfers
          .map(
            (t) =>
              `<div class="transfer"><dl>${pair(w.from, t.payer)}${pair(w.reference, t.reference)}${pair(w.time, t.at)}${pair(w.amount, `${t.amount} · ${t.status}`)}</dl></div>`,
          )
          .join('')}`
      : `<h2>${e(w.transfers)}</h2><table><colgroup><col style="width:26%"><col style="width:24%"><col style="width:17%"><col style="width:12%"><col style="width:21%"></colgroup><tr><th>${e(w.from)}</th><th>${e(w.reference)}</th><th>${e(w.time)}</th><th>${e(w.status)}</th><th class="n">${e(w.amount)}</th></tr>${receipt.transfers
          .map(
            (t) =>
              `<tr><td class="wrap">${e(t.payer)}</td><td class="wrap">${e(t.reference)}</td><td>${e(t.at)}</td><td>${e(t.status)}</td><td class="n keep">${e(t.amount)}</td></tr>`,
          )
          .join('')}</table>`
  }
  return `<!doctype html><html lang="${receipt.language}"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>${e(receipt.number)}</title>
<style>${css(paper)}</style></head><body class="paper-${paper}">
<header><h1>${e(receipt.title)}</h1><p class="total n">${e(receipt.amount)}</p><p class="muted">${e(receipt.number)}</p></header>
<dl>${details}</dl>
${transfers}
<footer><p>${e(receipt.footer)}</p><p class="muted">${e(issuedLine(receipt))}</p></footer>
</body></html>`
}

/**
 * About how long a thermal receipt runs, in mm, for the printer's page size: a header, a line
 * per detail (long values wrap to two), and a block per transfer. Generous, since a roll only
 * feeds a little more blank paper, while too short would cut the receipt.
 */
export function receiptLengthMm(receipt: Receipt, paper: ReceiptPaper): number {
  const p = PAPER[paper]
  const line = (p.fontPt * 1.3 * 25.4) / 72
  const charsPerLine = Math.floor((p.widthMm - 2 * p.marginMm) / ((p.fontPt * 0.6 * 25.4) / 72))
  const rows = (text: string) => Math.max(1, Math.ceil(text.length / charsPerLine))
  let lines = 8 // title, amount, number, footer
  for (const l of receipt.lines) lines += 1 + rows(l.value)
  lines += 4 * 2 // customer, time, till, cashier
  for (const t of receipt.transfers)
    lines += 4 + rows(t.payer) + rows(t.reference) + rows(t.at) + rows(t.amount)
  return Math.ceil(lines * line + 2 * p.marginMm + 10)
}
