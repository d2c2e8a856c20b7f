// Reconciliation's words (main/reconcile), in every language the till speaks, in one
// catalogue with the documents' words: each difference explained with what to do about it,
// and the notes on what could not be checked. Main fills them once, in both languages, so
// the Reconcile screen, the CSV and the PDF a bookkeeper files all say the same thing.
// Placeholders are `{{name}}`, filled by `fill` (index.ts). The words are the glossary's
// (docs/glossary.md), and a screen is named as the menu names it.
import type { Language } from '../ipc/appearance'
import type {
  BothLanguages,
  DifferenceKind,
  ReconcileSide,
  ReconcileSource,
} from '../ipc/reconcile'
import { formatMoney, type Minor } from '../money'
import { fill, FORMAT_LOCALE } from './index'

type BySource = Record<ReconcileSource, string>

const en = {
  /** What a record of each kind is. */
  what: {
    transfer_in: 'Transfer received',
    payment: 'Online payment',
    payout: 'Payout',
    refund: 'Refund',
    debit: 'Direct debit',
  } as BySource,
  /** The gateway's list of each kind, as a plural noun. */
  list: {
    transfer_in: 'transfers received',
    payment: 'online payments',
    payout: 'payouts',
    refund: 'refunds',
    debit: 'direct debits',
  } as BySource,
  /** Where each kind is looked at and settled: the screens' names in the menu. */
  screen: {
    transfer_in: 'Transfers',
    payment: 'Payments',
    payout: 'Payouts',
    refund: 'Refunds',
    debit: 'Mandates',
  } as BySource,
  /** The glossary's word for a status: "success" is never shown. */
  status: {
    received: 'Received',
    paid: 'Paid',
    processing: 'Processing',
    failed: 'Failed',
    returned: 'Returned',
    needsReview: 'Needs review',
    unknown: 'Outcome unknown',
    awaitingApproval: 'Waiting for approval',
    approved: 'Approved',
    rejected: 'Rejected',
    notKnown: '"{{status}}" (a word Tilldesk does not know)',
  },
  amountNotGiven: 'amount not given',
  onTill: ' (till {{till}})',
  gatewayOnly: {
    what: '{{thing}} of {{amount}} ({{status}}) is at the gateway but Tilldesk has no record of it.',
    todoTransfer:
      'Find the customer who sent it (the account and narration), match it to a sale by hand or refund it, and note it in the books.',
    todoOther:
      "Nobody at this shop started it in Tilldesk: check who did in the gateway's dashboard, and record it in the books. If nobody knows it, tell the admin: the API key may be used elsewhere.",
  },
  tillOnly: {
    what: '{{thing}} of {{amount}} ({{status}}) is in Tilldesk{{till}} but the gateway has no record of it for this day.',
    todo: 'Do not pay out or hand over goods on it. Open it on {{screen}}: if the gateway still does not know it tomorrow, count it as not received (or not sent) and correct the books.',
  },
  amount: {
    what: '{{thing}}: the gateway says {{gateway}}, Tilldesk{{till}} recorded {{recorded}}.',
    todo: "The gateway's amount is what moved. Correct the books to it and tell a supervisor: a record changed after it was written is checked on Settings → Integrity.",
  },
  statusDiffers: {
    what: '{{thing}} of {{amount}}: the gateway says {{gateway}}, Tilldesk{{till}} says {{recorded}}.',
    todo: "Open it on {{screen}}: Tilldesk checks it again with the gateway. If the two still differ, the gateway's status is the one to book.",
  },
  /** What a Z-report keeps of its period's reconciliation, in one sentence. */
  z: {
    reconciled: 'Reconciled with the gateway: {{matched}} records match.',
    differencesOne: 'Not reconciled: 1 difference with the gateway. Open Reconcile for this day.',
    differencesMany:
      'Not reconciled: {{count}} differences with the gateway. Open Reconcile for this day.',
    incomplete:
      'Not fully reconciled: part of the period could not be checked with the gateway. Open Reconcile for this day.',
    notChecked:
      'Not reconciled with the gateway at closing ({{reason}}). Open Reconcile for this day when the gateway answers.',
  },
  notes: {
    listUnavailable:
      "The gateway's list of {{list}} could not be read ({{reason}}); those are not checked.",
    skippedOne:
      "1 item in the gateway's list of {{list}} could not be read and is left out: look at it in the gateway's dashboard.",
    skippedMany:
      "{{count}} items in the gateway's list of {{list}} could not be read and are left out: look at them in the gateway's dashboard.",
    truncated:
      "The gateway's list of {{list}} has more than {{count}} records for the day; only the first {{count}} were checked.",
    unchecked:
      '{{count}} of the {{list}} recorded in Tilldesk could not be checked at the gateway; check again later.',
    tillRecords: "Some of Tilldesk's own records could not be read: {{problem}}",
    shopStale:
      "This till is not in step with the shop's server: the other tills' latest records may be missing.",
  },
}

export type ReconcileWords = typeof en

const fr: ReconcileWords = {
  what: {
    transfer_in: 'Virement reçu',
    payment: 'Paiement en ligne',
    payout: 'Versement',
    refund: 'Remboursement',
    debit: 'Prélèvement',
  },
  list: {
    transfer_in: 'virements reçus',
    payment: 'paiements en ligne',
    payout: 'versements',
    refund: 'remboursements',
    debit: 'prélèvements',
  },
  screen: {
    transfer_in: 'Virements',
    payment: 'Paiements',
    payout: 'Versements',
    refund: 'Remboursements',
    debit: 'Mandats',
  },
  status: {
    received: 'Reçu',
    paid: 'Payé',
    processing: 'En cours',
    failed: 'Échoué',
    returned: 'Retourné',
    needsReview: 'À vérifier',
    unknown: 'Résultat inconnu',
    awaitingApproval: 'En attente d’approbation',
    approved: 'Approuvé',
    rejected: 'Refusé',
    notKnown: '« {{status}} » (mot inconnu de Tilldesk)',
  },
  amountNotGiven: 'montant non indiqué',
  onTill: ' (caisse {{till}})',
  gatewayOnly: {
    what: "{{thing}} de {{amount}} ({{status}}) figure chez la passerelle, mais Tilldesk n'en a aucune trace.",
    todoTransfer:
      "Retrouvez le client qui l'a envoyé (compte et libellé), rapprochez-le d'une vente à la main ou remboursez-le, et notez-le dans les comptes.",
    todoOther:
      "Personne dans ce magasin ne l'a lancé dans Tilldesk : vérifiez qui l'a fait dans le tableau de bord de la passerelle et notez-le dans les comptes. Si personne ne le connaît, prévenez l'administrateur : la clé API sert peut-être ailleurs.",
  },
  tillOnly: {
    what: "{{thing}} de {{amount}} ({{status}}) est dans Tilldesk{{till}}, mais la passerelle n'en a aucune trace pour ce jour.",
    todo: 'Ne versez rien et ne remettez pas de marchandise sur cette base. Ouvrez-le dans {{screen}} : si la passerelle ne le connaît toujours pas demain, comptez-le comme non reçu (ou non envoyé) et corrigez les comptes.',
  },
  amount: {
    what: '{{thing}} : la passerelle indique {{gateway}}, Tilldesk{{till}} a enregistré {{recorded}}.',
    todo: 'Le montant de la passerelle est celui qui a circulé. Corrigez les comptes en conséquence et prévenez un superviseur : un enregistrement modifié après coup se vérifie dans Réglages → Intégrité.',
  },
  statusDiffers: {
    what: '{{thing}} de {{amount}} : la passerelle indique {{gateway}}, Tilldesk{{till}} indique {{recorded}}.',
    todo: "Ouvrez-le dans {{screen}} : Tilldesk le vérifie à nouveau auprès de la passerelle. Si les deux diffèrent toujours, c'est le statut de la passerelle qui compte.",
  },
  z: {
    reconciled: 'Rapproché avec la passerelle : {{matched}} opérations concordent.',
    differencesOne:
      'Non rapproché : 1 écart avec la passerelle. Ouvrez Rapprochement pour ce jour.',
    differencesMany:
      'Non rapproché : {{count}} écarts avec la passerelle. Ouvrez Rapprochement pour ce jour.',
    incomplete:
      "Rapprochement incomplet : une partie de la période n'a pas pu être vérifiée. Ouvrez Rapprochement pour ce jour.",
    notChecked:
      'Non rapproché avec la passerelle à la clôture ({{reason}}). Ouvrez Rapprochement pour ce jour quand la passerelle répond.',
  },
  notes: {
    listUnavailable:
      "La liste des {{list}} de la passerelle n'a pas pu être lue ({{reason}}) ; ils ne sont pas vérifiés.",
    skippedOne:
      '1 élément de la liste des {{list}} de la passerelle est illisible, laissé de côté : consultez le tableau de bord de la passerelle.',
    skippedMany:
      '{{count}} éléments de la liste des {{list}} de la passerelle sont illisibles, laissés de côté : consultez le tableau de bord de la passerelle.',
    truncated:
      'La liste des {{list}} de la passerelle compte plus de {{count}} opérations pour ce jour ; seules les {{count}} premières ont été vérifiées.',
    unchecked:
      "{{count}} des {{list}} enregistrés dans Tilldesk n'ont pas pu être vérifiés auprès de la passerelle ; vérifiez plus tard.",
    tillRecords: "Certains enregistrements de Tilldesk n'ont pas pu être lus : {{problem}}",
    shopStale:
      "Cette caisse n'est pas synchronisée avec le serveur du magasin : les derniers enregistrements des autres caisses peuvent manquer.",
  },
}

export const RECONCILE_WORDS: Readonly<Record<Language, ReconcileWords>> = { en, fr }

/** The same words, filled in each language. */
const both = (say: (words: ReconcileWords, language: Language) => string): BothLanguages => ({
  en: say(en, 'en'),
  fr: say(fr, 'fr'),
})

export const sourceWords = (source: ReconcileSource): BothLanguages => both((w) => w.what[source])

/** Each status word the gateway and the till use, by the glossary's word for it. */
const STATUS: Record<string, keyof ReconcileWords['status']> = {
  pending: 'processing',
  processing: 'processing',
  submitted: 'processing',
  sending: 'processing',
  starting: 'processing',
  failed: 'failed',
  abandoned: 'failed',
  not_paid: 'failed',
  not_refunded: 'failed',
  not_sent: 'failed',
  reversed: 'returned',
  needs_review: 'needsReview',
  unknown: 'unknown',
  awaiting_approval: 'awaitingApproval',
  approved: 'approved',
  rejected: 'rejected',
}

function statusWord(w: ReconcileWords, source: ReconcileSource, status: string): string {
  if (status === 'success') return source === 'transfer_in' ? w.status.received : w.status.paid
  const known = STATUS[status]
  // A word the gateway uses that Tilldesk does not know: shown as it came, said so.
  return known ? w.status[known] : fill(w.status.notKnown, { status })
}

const money = (w: ReconcileWords, side: ReconcileSide, language: Language): string =>
  side.amount === null
    ? w.amountNotGiven
    : formatMoney(side.amount as Minor, side.currency ?? 'NGN', FORMAT_LOCALE[language])

const tillOf = (w: ReconcileWords, side: ReconcileSide): string =>
  side.till ? fill(w.onTill, { till: side.till }) : ''

export function explain(
  kind: DifferenceKind,
  source: ReconcileSource,
  gateway: ReconcileSide | null,
  till: ReconcileSide | null,
): { what: BothLanguages; todo: BothLanguages } {
  switch (kind) {
    case 'gateway_only': {
      const g = gateway!
      return {
        what: both((w, l) =>
          fill(w.gatewayOnly.what, {
            thing: w.what[source],
            amount: money(w, g, l),
            status: statusWord(w, source, g.status),
          }),
        ),
        todo: both((w) =>
          source === 'transfer_in' ? w.gatewayOnly.todoTransfer : w.gatewayOnly.todoOther,
        ),
      }
    }
    case 'till_only': {
      const t = till!
      return {
        what: both((w, l) =>
          fill(w.tillOnly.what, {
            thing: w.what[source],
            amount: money(w, t, l),
            status: statusWord(w, source, t.status),
            till: tillOf(w, t),
          }),
        ),
        todo: both((w) => fill(w.tillOnly.todo, { screen: w.screen[source] })),
      }
    }
    case 'amount': {
      const g = gateway!
      const t = till!
      return {
        what: both((w, l) =>
          fill(w.amount.what, {
            thing: w.what[source],
            gateway: money(w, g, l),
            recorded: money(w, t, l),
            till: tillOf(w, t),
          }),
        ),
        todo: both((w) => w.amount.todo),
      }
    }
    case 'status': {
      const g = gateway!
      const t = till!
      return {
        what: both((w, l) =>
          fill(w.statusDiffers.what, {
            thing: w.what[source],
            amount: money(w, g, l),
            gateway: statusWord(w, source, g.status),
            recorded: statusWord(w, source, t.status),
            till: tillOf(w, t),
          }),
        ),
        todo: both((w) => fill(w.statusDiffers.todo, { screen: w.screen[source] })),
      }
    }
  }
}

/** Why part of the day could not be read, for the report's notes. */
export const notes = {
  listUnavailable: (source: ReconcileSource, reason: string): BothLanguages =>
    both((w) => fill(w.notes.listUnavailable, { list: w.list[source], reason })),
  skipped: (source: ReconcileSource, count: number): BothLanguages =>
    both((w) =>
      fill(count === 1 ? w.notes.skippedOne : w.notes.skippedMany, {
        list: w.list[source],
        count,
      }),
    ),
  truncated: (source: ReconcileSource, count: number): BothLanguages =>
    both((w) => fill(w.notes.truncated, { list: w.list[source], count })),
  unchecked: (source: ReconcileSource, count: number): BothLanguages =>
    both((w) => fill(w.notes.unchecked, { list: w.list[source], count })),
  tillRecords: (problem: string): BothLanguages =>
    both((w) => fill(w.notes.tillRecords, { problem })),
  shopStale: (): BothLanguages => both((w) => w.notes.shopStale),
}

/** A Z-report's reconciliation in one sentence (main/reconcile/service.ts). */
export const zSummary = {
  reconciled: (matched: number): BothLanguages => both((w) => fill(w.z.reconciled, { matched })),
  differences: (count: number): BothLanguages =>
    both((w) => fill(count === 1 ? w.z.differencesOne : w.z.differencesMany, { count })),
  incomplete: (): BothLanguages => both((w) => w.z.incomplete),
  notChecked: (reason: string): BothLanguages => both((w) => fill(w.z.notChecked, { reason })),
}
