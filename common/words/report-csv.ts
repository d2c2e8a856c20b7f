// The shift report's CSV, for people in the till's language: its column headers, what kind of
// report it is, and its warnings (report-warnings.ts). The rows' keys (`collections`, `paid`,
// `opened_at`) stay as they are: they are for spreadsheets and scripts, like the amounts.
import type { Language } from '../ipc/appearance'

export const CSV_HEADER: Readonly<Record<Language, readonly string[]>> = {
  en: [
    'section',
    'cashier',
    'line',
    'count',
    'currency',
    'amount',
    'reference',
    'status',
    'detail',
    'time',
  ],
  fr: [
    'section',
    'caissier',
    'ligne',
    'nombre',
    'devise',
    'montant',
    'référence',
    'statut',
    'détail',
    'heure',
  ],
}

export const CSV_KIND: Readonly<Record<Language, { z: string; x: string }>> = {
  en: { z: 'Z-report', x: 'X-report (not final)' },
  fr: { z: 'Rapport Z', x: 'Rapport X (non définitif)' },
}
