// A receipt as a self-contained HTML page (no scripts, no external resources) for printToPDF.
// Every value is escaped: names and narrations come from customers.
import type { Receipt } from '../../common/ipc/collections'

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!)

export function receiptHtml(receipt: Receipt): string {
  const e = escapeHtml
  const lines = receipt.lines
    .map((l) => `<tr><th>${e(l.label)}</th><td>${e(l.value)}</td></tr>`)
    .join('')
  const transfers = receipt.transfers.length
    ? `<h2>Transfers</h2><table class="t"><tr><th>Reference</th><th>Time</th><th>Status</th><th>Amount</th></tr>${receipt.transfers
        .map(
          (t) =>
            `<tr><td>${e(t.reference)}</td><td>${e(t.at)}</td><td>${e(t.status)}</td><td class="n">${e(t.amount)}</td></tr>`,
        )
        .join('')}</table>`
    : ''
  return `<!doctype html><html><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>${e(receipt.number)}</title>
<style>
body{font-family:system-ui,sans-serif;margin:24px;color:#111;font-size:12pt}
h1{font-size:18pt;margin:0}h2{font-size:12pt;margin:16px 0 4px}
p{margin:2px 0;color:#444}table{width:100%;border-collapse:collapse;margin-top:12px}
th,td{text-align:left;padding:4px 6px;border-bottom:1px dotted #bbb}td{font-weight:600}
.t td{font-weight:400}.n{text-align:right}footer{margin-top:16px;color:#555;font-size:10pt}
</style></head><body>
<h1>${e(receipt.title)}</h1>
<p>${e(receipt.till)} · ${e(receipt.number)} · issued ${e(new Date(receipt.issuedAt).toLocaleString('en-NG'))}</p>
<table>${lines}</table>
${transfers}
<footer><p>Cashier: ${e(receipt.cashier)}</p><p>${e(receipt.footer)}</p></footer>
</body></html>`
}
