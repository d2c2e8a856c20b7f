// The shift reports' words for direct debits and for corrections (a transfer the shop's rule
// gave to another till's sale after a sealed Z-report counted it here), in every language the
// till speaks. Merged into the documents' words (documents.ts), so the screen, the printout,
// the PDF and the renderer's catalogue all take them from here. The words are the glossary's.
export const BOOKS_WORDS = {
  en: {
    /** Report lines of direct debits (common/ipc/shifts.ts, DEBIT_LINES). */
    debits: {
      success: 'Charged',
      failed: 'Failed',
      pending: 'Processing',
      unknown: 'Outcome unknown',
    },
    debitsSection: 'Direct debits',
    movedOut: "Moved to another till's sale (counted in an earlier Z-report)",
    movedIn: "Moved from another till's sale (the shop's rule gave it to this till)",
  },
  fr: {
    debits: {
      success: 'Prélevé',
      failed: 'Échoué',
      pending: 'En cours',
      unknown: 'Résultat inconnu',
    },
    debitsSection: 'Prélèvements',
    movedOut: 'Passé à la vente d’une autre caisse (compté dans un rapport Z précédent)',
    movedIn:
      'Venu de la vente d’une autre caisse (la règle de la boutique l’a donné à cette caisse)',
  },
}
