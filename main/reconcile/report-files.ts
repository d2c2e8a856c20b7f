// The day's reconciliation as files: CSV for a spreadsheet (formula-safe, the collections CSV
// writer), and an A4 HTML page printed to PDF by the same renderer as the Z-reports
// (main/shifts/pdf.ts) for a bookkeeper to file. Every value is escaped: references and
// statuses come from the gateway.
import type {
  ReconcileDifference,
  ReconcileReport,
  ReconcileStatus,
} from '../../common/ipc/reconcile'
import { formatMoney, type Minor } from '../../common/money'
import { csvRow } from '../collections/csv'
import { escapeHtml as e } from '../collections/receiptHtml'
import { sourceWords } from '../../common/words/reconcile'

export type Language = 'en' | 'fr'

const LABELS = {
  en: {
    title: 'Reconciliation against the gateway',
    day: 'Day',
    zone: 'Time zone',
    checked: 'Checked',
    scope: 'Records of',
    result: 'Result:',
    matched: 'Matched',
    totals: 'Totals (amounts paid or received)',
    list: 'List',
    currency: 'Currency',
    gateway: 'Gateway',
    tilldesk: 'Tilldesk',
    differences: 'Differences',
    none: 'None.',
    notes: 'Not checked',
    reference: 'Reference',
    what: 'What differs',
    todo: 'What to do:',
    kind: 'Kind',
    status: {
      reconciled: 'Reconciled: every record matches.',
      differences: 'Differences found: see below.',
      incomplete: 'Not complete: part of the day could not be checked.',
    } satisfies Record<ReconcileStatus, string>,
    kinds: {
      gateway_only: 'Unknown to Tilldesk',
      till_only: 'Unknown to the gateway',
      amount: 'Amount differs',
      status: 'Status differs',
    },
    signed: 'Checked by (name, signature, date)',
  },
  fr: {
    title: 'Rapprochement avec la passerelle',
    day: 'Jour',
    zone: 'Fuseau horaire',
    checked: 'Vérifié le',
    scope: 'Enregistrements de',
    result: 'Résultat :',
    matched: 'Concordants',
    totals: 'Totaux (montants payés ou reçus)',
    list: 'Liste',
    currency: 'Devise',
    gateway: 'Passerelle',
    tilldesk: 'Tilldesk',
    differences: 'Écarts',
    none: 'Aucun.',
    notes: 'Non vérifié',
    reference: 'Référence',
    what: 'Écart',
    todo: 'Que faire :',
    kind: 'Type',
    status: {
      reconciled: 'Rapproché : tout concorde.',
      differences: 'Écarts trouvés : voir ci-dessous.',
      incomplete: "Incomplet : une partie du jour n'a pas pu être vérifiée.",
    } satisfies Record<ReconcileStatus, string>,
    kinds: {
      gateway_only: 'Inconnu de Tilldesk',
      till_only: 'Inconnu de la passerelle',
      amount: 'Montant différent',
      status: 'Statut différent',
    },
    signed: 'Vérifié par (nom, signature, date)',
  },
} as const

const amountText = (d: ReconcileDifference, side: 'gateway' | 'till') => {
  const s = d[side]
  return s && s.amount !== null ? String(s.amount) : ''
}

/** One row per difference, then the totals; amounts in integer minor units. */
export function reconcileCsv(report: ReconcileReport, language: Language): string {
  const L = LABELS[language]
  let out = csvRow([
    'day',
    'kind',
    'list',
    'reference',
    'till',
    'gateway_amount_minor',
    'gateway_currency',
    'gateway_status',
    'tilldesk_amount_minor',
    'tilldesk_currency',
    'tilldesk_status',
    'what',
    'todo',
  ])
  for (const d of report.differences)
    out += csvRow([
      report.day,
      L.kinds[d.kind],
      sourceWords(d.source)[language],
      d.reference,
      d.till?.till ?? '',
      amountText(d, 'gateway'),
      d.gateway?.currency ?? '',
      d.gateway?.status ?? '',
      amountText(d, 'till'),
      d.till?.currency ?? '',
      d.till?.status ?? '',
      d.what[language],
      d.todo[language],
    ])
  out += csvRow([])
  out += csvRow([
    'list',
    'currency',
    'gateway_count',
    'tilldesk_count',
    'matched',
    'gateway_settled_minor',
    'tilldesk_settled_minor',
  ])
  for (const t of report.totals)
    out += csvRow([
      sourceWords(t.source)[language],
      t.currency,
      t.gatewayCount,
      t.tillCount,
      t.matched,
      t.gatewaySettledMinor,
      t.tillSettledMinor,
    ])
  // A byte-order mark makes spreadsheet programs read the file as UTF-8 (₦, accents).
  return `\uFEFF${out}`
}

const money = (minor: string, currency: string, locale: string) =>
  /^\d{1,15}$/.test(minor) && currency.length === 3
    ? formatMoney(Number(minor) as Minor, currency, locale)
    : `${minor} ${currency}`

export function reconcileHtml(report: ReconcileReport, language: Language): string {
  const L = LABELS[language]
  const locale = language === 'fr' ? 'fr-CI' : 'en-NG'
  const time = (iso: string) =>
    new Intl.DateTimeFormat(locale, {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: report.timeZone,
    }).format(Date.parse(iso))
  const totals = report.totals
    .map(
      (t) =>
        `<tr><td>${e(sourceWords(t.source)[language])}</td><td>${e(t.currency)}</td><td class="n">${t.matched} / ${t.gatewayCount} / ${t.tillCount}</td><td class="n">${e(money(t.gatewaySettledMinor, t.currency, locale))}</td><td class="n">${e(money(t.tillSettledMinor, t.currency, locale))}</td></tr>`,
    )
    .join('')
  const differences = report.differences
    .map(
      (d) =>
        `<section class="d"><h3>${e(L.kinds[d.kind])} — ${e(sourceWords(d.source)[language])} <span class="ref">${e(d.reference)}</span></h3><p>${e(d.what[language])}</p><p><b>${e(L.todo)}</b> ${e(d.todo[language])}</p></section>`,
    )
    .join('')
  const notes = report.notes.map((n) => `<li>${e(n[language])}</li>`).join('')
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${e(L.title)} ${e(report.day)}</title>
<style>@page{size:A4;margin:15mm}*{box-sizing:border-box}
body{margin:0;color:#000;font:10pt/1.35 system-ui,"DejaVu Sans",sans-serif;overflow-wrap:anywhere}
h1{font-size:16pt;margin:0 0 3mm}h2{font-size:12pt;margin:5mm 0 1.5mm}h3{font-size:10.5pt;margin:2mm 0 1mm}
p{margin:0.5mm 0}table{width:100%;border-collapse:collapse;table-layout:fixed}
td,th{padding:0.8mm 1mm;vertical-align:top;text-align:left;border-bottom:0.2mm solid #999}
th{font-weight:700}td.n,th.n{text-align:right}td.n{white-space:nowrap}
section.d{break-inside:avoid;border-left:0.6mm solid #000;padding-left:2mm;margin:2mm 0}
.ref{font-family:ui-monospace,"DejaVu Sans Mono",monospace;font-weight:400}
.result{border:0.4mm solid #000;padding:2mm;margin:3mm 0;font-weight:700}
.sign{margin-top:12mm;border-top:0.2mm solid #000;padding-top:1mm;width:90mm}</style></head><body>
<h1>${e(L.title)}</h1>
<table><tbody>
<tr><th>${e(L.day)}</th><td>${e(report.day)}</td></tr>
<tr><th>${e(L.zone)}</th><td>${e(report.timeZone)}</td></tr>
<tr><th>${e(L.checked)}</th><td>${e(time(report.checkedAt))}</td></tr>
<tr><th>${e(L.scope)}</th><td>${e(report.tills.join(', '))}</td></tr>
<tr><th>${e(L.matched)}</th><td>${report.matched}</td></tr>
</tbody></table>
<p class="result">${e(L.result)} ${e(L.status[report.status])}</p>
<h2>${e(L.totals)}</h2>
<table><thead><tr><th>${e(L.list)}</th><th>${e(L.currency)}</th><th class="n">${e(L.matched)} / ${e(L.gateway)} / ${e(L.tilldesk)}</th><th class="n">${e(L.gateway)}</th><th class="n">${e(L.tilldesk)}</th></tr></thead><tbody>${totals}</tbody></table>
<h2>${e(L.differences)} (${report.differences.length})</h2>
${differences || `<p>${e(L.none)}</p>`}
${notes ? `<h2>${e(L.notes)}</h2><ul>${notes}</ul>` : ''}
<p class="sign">${e(L.signed)}</p>
</body></html>`
}
