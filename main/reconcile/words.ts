// Every difference in words, in English and French, with what to do about it. Main writes the
// words once, so the screen, the CSV and the PDF a bookkeeper files all say the same thing.
import { formatMoney, type Minor } from '../../common/money'
import type {
  BothLanguages,
  DifferenceKind,
  ReconcileSide,
  ReconcileSource,
} from '../../common/ipc/reconcile'

const WHAT: Record<ReconcileSource, BothLanguages> = {
  transfer_in: { en: 'Transfer received', fr: 'Virement reçu' },
  payment: { en: 'Online payment', fr: 'Paiement en ligne' },
  payout: { en: 'Payout', fr: 'Versement' },
  refund: { en: 'Refund', fr: 'Remboursement' },
  debit: { en: 'Direct debit', fr: 'Prélèvement' },
}

/** The gateway's list of each kind, as a plural noun. */
const LIST: Record<ReconcileSource, BothLanguages> = {
  transfer_in: { en: 'transfers received', fr: 'virements reçus' },
  payment: { en: 'online payments', fr: 'paiements en ligne' },
  payout: { en: 'payouts', fr: 'versements' },
  refund: { en: 'refunds', fr: 'remboursements' },
  debit: { en: 'direct debits', fr: 'prélèvements' },
}

/** Where each kind of record is looked at and settled in Tilldesk: the screens' names in the menu. */
const SCREEN: Record<ReconcileSource, BothLanguages> = {
  transfer_in: { en: 'Transfers', fr: 'Virements' },
  payment: { en: 'Payments', fr: 'Paiements' },
  payout: { en: 'Payouts', fr: 'Versements' },
  refund: { en: 'Refunds', fr: 'Remboursements' },
  debit: { en: 'Mandates', fr: 'Mandats' },
}

export const sourceWords = (source: ReconcileSource): BothLanguages => WHAT[source]

/** The glossary's word for a status (docs/glossary.md, "Statuses"): "success" is never shown. */
const STATUS: Record<string, BothLanguages> = {
  pending: { en: 'Processing', fr: 'En cours' },
  processing: { en: 'Processing', fr: 'En cours' },
  submitted: { en: 'Processing', fr: 'En cours' },
  sending: { en: 'Processing', fr: 'En cours' },
  starting: { en: 'Processing', fr: 'En cours' },
  failed: { en: 'Failed', fr: 'Échoué' },
  abandoned: { en: 'Failed', fr: 'Échoué' },
  not_paid: { en: 'Failed', fr: 'Échoué' },
  not_refunded: { en: 'Failed', fr: 'Échoué' },
  not_sent: { en: 'Failed', fr: 'Échoué' },
  reversed: { en: 'Returned', fr: 'Retourné' },
  needs_review: { en: 'Needs review', fr: 'À vérifier' },
  unknown: { en: 'Outcome unknown', fr: 'Résultat inconnu' },
  awaiting_approval: { en: 'Waiting for approval', fr: 'En attente d’approbation' },
  approved: { en: 'Approved', fr: 'Approuvé' },
  rejected: { en: 'Rejected', fr: 'Refusé' },
}

function statusWord(source: ReconcileSource, status: string, fr: boolean): string {
  if (status === 'success')
    return source === 'transfer_in' ? (fr ? 'Reçu' : 'Received') : fr ? 'Payé' : 'Paid'
  const known = STATUS[status]
  if (known) return fr ? known.fr : known.en
  // A word the gateway uses that Tilldesk does not know: shown as it came, said so.
  return fr
    ? `« ${status} » (mot inconnu de Tilldesk)`
    : `"${status}" (a word Tilldesk does not know)`
}

const FR = 'fr-CI'

const money = (side: ReconcileSide, locale: string): string =>
  side.amount === null
    ? locale.startsWith('fr')
      ? 'montant non indiqué'
      : 'amount not given'
    : formatMoney(side.amount as Minor, side.currency ?? 'NGN', locale)

const tillName = (side: ReconcileSide, fr: boolean): string =>
  side.till ? (fr ? ` (caisse ${side.till})` : ` (till ${side.till})`) : ''

export function explain(
  kind: DifferenceKind,
  source: ReconcileSource,
  gateway: ReconcileSide | null,
  till: ReconcileSide | null,
): { what: BothLanguages; todo: BothLanguages } {
  const thing = WHAT[source]
  const screen = SCREEN[source]
  switch (kind) {
    case 'gateway_only': {
      const g = gateway!
      return {
        what: {
          en: `${thing.en} of ${money(g, 'en-NG')} (${statusWord(source, g.status, false)}) is at the gateway but Tilldesk has no record of it.`,
          fr: `${thing.fr} de ${money(g, FR)} (${statusWord(source, g.status, true)}) figure chez la passerelle, mais Tilldesk n'en a aucune trace.`,
        },
        todo:
          source === 'transfer_in'
            ? {
                en: 'Find the customer who sent it (the account and narration), match it to a sale by hand or refund it, and note it in the books.',
                fr: "Retrouvez le client qui l'a envoyé (compte et libellé), rapprochez-le d'une vente à la main ou remboursez-le, et notez-le dans les comptes.",
              }
            : {
                en: `Nobody at this shop started it in Tilldesk: check who did in the gateway's dashboard, and record it in the books. If nobody knows it, tell the admin: the API key may be used elsewhere.`,
                fr: `Personne dans ce magasin ne l'a lancé dans Tilldesk : vérifiez qui l'a fait dans le tableau de bord de la passerelle et notez-le dans les comptes. Si personne ne le connaît, prévenez l'administrateur : la clé API sert peut-être ailleurs.`,
              },
      }
    }
    case 'till_only': {
      const t = till!
      return {
        what: {
          en: `${thing.en} of ${money(t, 'en-NG')} (${statusWord(source, t.status, false)}) is in Tilldesk${tillName(t, false)} but the gateway has no record of it for this day.`,
          fr: `${thing.fr} de ${money(t, FR)} (${statusWord(source, t.status, true)}) est dans Tilldesk${tillName(t, true)}, mais la passerelle n'en a aucune trace pour ce jour.`,
        },
        todo: {
          en: `Do not pay out or hand over goods on it. Open it on ${screen.en}: if the gateway still does not know it tomorrow, count it as not received (or not sent) and correct the books.`,
          fr: `Ne versez rien et ne remettez pas de marchandise sur cette base. Ouvrez-le dans ${screen.fr} : si la passerelle ne le connaît toujours pas demain, comptez-le comme non reçu (ou non envoyé) et corrigez les comptes.`,
        },
      }
    }
    case 'amount': {
      const g = gateway!
      const t = till!
      return {
        what: {
          en: `${thing.en}: the gateway says ${money(g, 'en-NG')}, Tilldesk${tillName(t, false)} recorded ${money(t, 'en-NG')}.`,
          fr: `${thing.fr} : la passerelle indique ${money(g, FR)}, Tilldesk${tillName(t, true)} a enregistré ${money(t, FR)}.`,
        },
        todo: {
          en: "The gateway's amount is what moved. Correct the books to it and tell a supervisor: a record changed after it was written is checked on Settings → Integrity.",
          fr: 'Le montant de la passerelle est celui qui a circulé. Corrigez les comptes en conséquence et prévenez un superviseur : un enregistrement modifié après coup se vérifie dans Réglages → Intégrité.',
        },
      }
    }
    case 'status': {
      const g = gateway!
      const t = till!
      return {
        what: {
          en: `${thing.en} of ${money(g, 'en-NG')}: the gateway says ${statusWord(source, g.status, false)}, Tilldesk${tillName(t, false)} says ${statusWord(source, t.status, false)}.`,
          fr: `${thing.fr} de ${money(g, FR)} : la passerelle indique ${statusWord(source, g.status, true)}, Tilldesk${tillName(t, true)} indique ${statusWord(source, t.status, true)}.`,
        },
        todo: {
          en: `Open it on ${screen.en}: Tilldesk checks it again with the gateway. If the two still differ, the gateway's status is the one to book.`,
          fr: `Ouvrez-le dans ${screen.fr} : Tilldesk le vérifie à nouveau auprès de la passerelle. Si les deux diffèrent toujours, c'est le statut de la passerelle qui compte.`,
        },
      }
    }
  }
}

/** Why part of the day could not be read, for the report's notes. */
export const notes = {
  listUnavailable: (source: ReconcileSource, reason: string): BothLanguages => ({
    en: `The gateway's list of ${LIST[source].en} could not be read (${reason}); those are not checked.`,
    fr: `La liste des ${LIST[source].fr} de la passerelle n'a pas pu être lue (${reason}) ; ils ne sont pas vérifiés.`,
  }),
  skipped: (source: ReconcileSource, count: number): BothLanguages => ({
    en: `${count} item${count === 1 ? '' : 's'} in the gateway's list of ${LIST[source].en} could not be read and ${count === 1 ? 'is' : 'are'} left out: look at ${count === 1 ? 'it' : 'them'} in the gateway's dashboard.`,
    fr: `${count} élément${count === 1 ? '' : 's'} de la liste des ${LIST[source].fr} de la passerelle ${count === 1 ? 'est illisible, laissé' : 'sont illisibles, laissés'} de côté : consultez le tableau de bord de la passerelle.`,
  }),
  truncated: (source: ReconcileSource, count: number): BothLanguages => ({
    en: `The gateway's list of ${LIST[source].en} has more than ${count} records for the day; only the first ${count} were checked.`,
    fr: `La liste des ${LIST[source].fr} de la passerelle compte plus de ${count} opérations pour ce jour ; seules les ${count} premières ont été vérifiées.`,
  }),
  unchecked: (source: ReconcileSource, count: number): BothLanguages => ({
    en: `${count} of the ${LIST[source].en} recorded in Tilldesk could not be checked at the gateway; check again later.`,
    fr: `${count} des ${LIST[source].fr} enregistrés dans Tilldesk n'ont pas pu être vérifiés auprès de la passerelle ; vérifiez plus tard.`,
  }),
  tillRecords: (problem: string): BothLanguages => ({
    en: `Some of Tilldesk's own records could not be read: ${problem}`,
    fr: `Certains enregistrements de Tilldesk n'ont pas pu être lus : ${problem}`,
  }),
  shopStale: (): BothLanguages => ({
    en: "This till is not in step with the shop's server: the other tills' latest records may be missing.",
    fr: "Cette caisse n'est pas synchronisée avec le serveur du magasin : les derniers enregistrements des autres caisses peuvent manquer.",
  }),
}
