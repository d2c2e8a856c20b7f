// The words of Settings' integrity findings (main/integrity/findings.ts `keyedFinding`): for
// each producer, which record failed, what is wrong and what Tilldesk does about it, in every
// language the till speaks. Joined to main's words table as its `integrity` group
// (errors.ts), so main words its English from here and a French screen says them in French.
// An engineer's detail (an exception's text, a journal's bad line, which check failed) is not
// here: it stays in the English field and the log. Another till's refused event is
// `shop.finding` (main/shop/sync.ts).

const en = {
  file: {
    keychain: 'OS keychain',
    shopTills: 'shop server: tills',
  },
  record: {
    journalHead: 'journal head',
    line: 'line {{line}}',
    staff: 'staff profile "{{name}}" ({{id}})',
    idleLock: 'idle lock times',
    tills: 'tills on this computer account',
    updateSource: 'update source',
    till: 'till {{till}}',
  },
  keychain: {
    missing:
      'No device key could be kept in the OS keychain, so Tilldesk cannot check staff records or journals for tampering. Demo keeps working; payouts in Sandbox and Live stay off until the keychain works.',
    missingThen:
      'Staff records, settings and journals are not checked in this run. Restore the keychain and restart Tilldesk.',
    head: 'A journal head could not be saved in the keychain.',
    headThen:
      'Rolling a journal back to an older copy may go unnoticed until the keychain works again.',
  },
  // A journal or a sealed file of a feature that failed to load (main/integrity/service.ts).
  journal: {
    failed: 'The {{journal}} journal for {{scope}} did not pass its check.',
    then: 'Tilldesk stopped using this journal and left its files exactly as they are; nothing in it is acted on. Keep the files and call support; the rest of the till keeps working.',
    name: {
      payouts: 'payouts',
      collections: 'collections',
      payments: 'payments',
      refunds: 'refunds',
      mandates: 'mandates',
      debits: 'debits',
      'z-reports': 'z-reports',
      books: 'books',
      customers: 'customers',
      settings: 'settings',
      'settings-trusted': 'settings-trusted',
      'payout-policy': 'payout-policy',
      updates: 'updates',
      'crash-reporting': 'crash-reporting',
      'shift-settings': 'shift-settings',
      'shop-inbox': 'shop-inbox',
      'shop-refused': 'shop-refused',
      'shop-own-order': 'shop-own-order',
      'shop-cursor': 'shop-cursor',
    },
    scope: { till: 'till', demo: 'demo', sandbox: 'sandbox', live: 'live' },
  },
  staff: {
    older:
      'This profile was changed after the copy of the settings file on disk was written (an older copy of the file was put back), so its role, PIN, state or lockout may be out of date.',
    badSeal:
      'This profile does not match its seal: its role, PIN, state or lockout was changed outside Tilldesk, an older copy of it was put back into the file, or it was added to the file by hand.',
    then: 'Tilldesk does not let this profile sign in or approve anything. An admin should remove it and, if the person is real, add them again.',
  },
  settings: {
    then: 'Nothing is sent to the gateway in Sandbox or Live (collections, payments, refunds, mandates, payouts), and the till locks no later than after the default idle times, until an admin has looked at what changed (Settings, "Confirm these settings") and confirmed them with their PIN. Saving another section does not confirm them.',
    idleLock: 'The idle lock times in the settings file are not ones Tilldesk allows.',
    idleLockThen:
      'Tilldesk locks the till after the default time for those roles until an admin chooses the times in Settings → Till and saves them.',
  },
  tills: {
    added_one:
      'Another Tilldesk till was set up in this computer account since this till last ran (till {{tills}}). That happens when a data folder is moved aside and Tilldesk is started again: it opens a fresh till with its own first-run set-up.',
    added_other:
      'Another Tilldesk till was set up in this computer account since this till last ran (tills {{tills}}). That happens when a data folder is moved aside and Tilldesk is started again: it opens a fresh till with its own first-run set-up.',
    then: 'That other till has its own staff and keys: it cannot use this till’s API secrets, staff or journals. If nobody in the shop set it up on purpose, ask who did, and check the other till’s payouts and staff before trusting it. This notice goes once an admin has seen it here.',
  },
  updates: {
    feed: 'updates.json names an update feed this copy of Tilldesk does not allow ({{feed}}). It was changed outside Tilldesk.',
    feedThen:
      'Tilldesk ignores it and takes updates only from {{feeds}}. Choose the source again in Settings → Updates.',
  },
  zReports: {
    altered: 'The Z-reports of {{scope}} do not check out.',
    then: 'Tilldesk keeps the Z-reports exactly as they are and marks them "Check this report" on screen and on every reprint. Compare them with the printed copies.',
  },
  shop: {
    ownLog:
      'This till’s own shop log failed its check: it was not written by this till, or it was changed.',
    ownLogThen:
      'This till does not sync with the shop until the file is restored as this till wrote it (or an admin leaves the shop and joins again). The file is kept as it is.',
    cursor: 'The shop sync cursor does not match what this till wrote.',
    cursorThen:
      'Tilldesk does not follow it: this till pushes its events and pulls the shop’s from the start again (nothing is applied twice).',
    config: 'The shop settings were changed outside Tilldesk, or are unreadable.',
    configThen:
      'This till does not connect to any shop server until an admin joins the shop again (Settings → Shop). The file is kept as it is.',
    configDeleted:
      'The shop settings were deleted outside Tilldesk: this till still holds its shop key.',
    configDeletedThen:
      'This till does not connect to its shop until the file is put back as it was or an admin joins the shop again (Settings → Shop).',
    file: 'The file does not match what this till wrote. It was changed outside Tilldesk, or an older copy was put back.',
    fileThen:
      'Nothing in it is acted on. Tilldesk kept it as shop/{{keptAs}} and pulls what it held from the shop server again.',
    otherKey: 'Till {{by}} named another key for till {{till}} than the one this till believes.',
    otherKeyThen:
      'The key this till pinned first is kept; events signed with the other are refused.',
    keyChanged:
      "The shop server's list of tills names another key for this till than the one pinned when it enrolled.",
    keyChangedThen:
      'Only events signed with the pinned key are applied. If the till really was set up again, an admin re-enrols it with a new code.',
  },
}

/** Every leaf a string: the shape each language fills. */
type Words<T> = { [K in keyof T]: T[K] extends string ? string : Words<T[K]> }

const fr: Words<typeof en> = {
  file: {
    keychain: 'trousseau du système',
    shopTills: 'serveur de la boutique : caisses',
  },
  record: {
    journalHead: 'tête de journal',
    line: 'ligne {{line}}',
    staff: 'profil du personnel « {{name}} » ({{id}})',
    idleLock: 'délais de verrouillage',
    tills: 'caisses de ce compte d’ordinateur',
    updateSource: 'source des mises à jour',
    till: 'caisse {{till}}',
  },
  keychain: {
    missing:
      'Aucune clé de l’appareil n’a pu être gardée dans le trousseau du système : Tilldesk ne peut donc pas vérifier que le personnel et les journaux n’ont pas été falsifiés. La démo continue de marcher ; les versements en Bac à sable et en Réel restent arrêtés jusqu’à ce que le trousseau marche.',
    missingThen:
      'Le personnel, les réglages et les journaux ne sont pas vérifiés pendant cette exécution. Rétablissez le trousseau et redémarrez Tilldesk.',
    head: 'Une tête de journal n’a pas pu être enregistrée dans le trousseau.',
    headThen:
      'Le retour d’un journal à une copie plus ancienne pourrait passer inaperçu jusqu’à ce que le trousseau remarche.',
  },
  journal: {
    failed: 'Le journal « {{journal}} » ({{scope}}) n’a pas passé son contrôle.',
    then: 'Tilldesk a cessé d’utiliser ce journal et a laissé ses fichiers tels quels ; rien de ce qu’il contient n’est appliqué. Gardez les fichiers et appelez l’assistance ; le reste de la caisse continue de marcher.',
    name: {
      payouts: 'versements',
      collections: 'encaissements',
      payments: 'paiements',
      refunds: 'remboursements',
      mandates: 'mandats',
      debits: 'prélèvements',
      'z-reports': 'rapports Z',
      books: 'livres des rapports',
      customers: 'clients',
      settings: 'réglages',
      'settings-trusted': 'réglages de confiance',
      'payout-policy': 'règles des versements',
      updates: 'mises à jour',
      'crash-reporting': 'rapports de plantage',
      'shift-settings': 'réglages des services',
      'shop-inbox': 'reçus de la boutique',
      'shop-refused': 'refusés de la boutique',
      'shop-own-order': 'ordre propre de la boutique',
      'shop-cursor': 'curseur de la boutique',
    },
    scope: { till: 'caisse', demo: 'Démo', sandbox: 'Bac à sable', live: 'Réel' },
  },
  staff: {
    older:
      'Ce profil a été modifié après l’écriture de la copie du fichier des paramètres présente sur le disque (une copie plus ancienne du fichier a été remise) : son rôle, son code PIN, son état ou son blocage peuvent ne plus être à jour.',
    badSeal:
      'Ce profil ne correspond pas à son sceau : son rôle, son code PIN, son état ou son blocage a été modifié hors de Tilldesk, une copie plus ancienne a été remise dans le fichier, ou il a été ajouté au fichier à la main.',
    then: 'Tilldesk ne laisse ce profil ni se connecter ni rien approuver. Un administrateur doit le supprimer et, si la personne existe vraiment, l’ajouter de nouveau.',
  },
  settings: {
    then: 'Rien n’est envoyé à la passerelle en Bac à sable ou en Réel (encaissements, paiements, remboursements, mandats, versements), et la caisse se verrouille au plus tard après les délais par défaut, tant qu’un administrateur n’a pas regardé ce qui a changé (Réglages, « Confirmer ces réglages ») et ne l’a pas confirmé avec son code PIN. Enregistrer une autre section ne les confirme pas.',
    idleLock:
      'Les délais de verrouillage du fichier des paramètres ne sont pas des délais que Tilldesk permet.',
    idleLockThen:
      'Tilldesk verrouille la caisse après le délai par défaut pour ces rôles tant qu’un administrateur n’a pas choisi les délais dans Réglages → Caisse et ne les a pas enregistrés.',
  },
  tills: {
    added_one:
      'Une autre caisse Tilldesk a été installée sur ce compte d’ordinateur depuis la dernière exécution de cette caisse (caisse {{tills}}). Cela arrive quand un dossier de données est mis de côté et que Tilldesk est relancé : il ouvre une nouvelle caisse avec sa propre première installation.',
    added_other:
      'D’autres caisses Tilldesk ont été installées sur ce compte d’ordinateur depuis la dernière exécution de cette caisse (caisses {{tills}}). Cela arrive quand un dossier de données est mis de côté et que Tilldesk est relancé : il ouvre une nouvelle caisse avec sa propre première installation.',
    then: 'Cette autre caisse a son propre personnel et ses propres clés : elle ne peut pas utiliser les secrets d’API, le personnel ni les journaux de cette caisse. Si personne dans la boutique ne l’a installée exprès, demandez qui l’a fait, et vérifiez ses versements et son personnel avant de lui faire confiance. Cet avis disparaît une fois qu’un administrateur l’a vu ici.',
  },
  updates: {
    feed: 'updates.json nomme une source de mises à jour que cette copie de Tilldesk ne permet pas ({{feed}}). Il a été modifié hors de Tilldesk.',
    feedThen:
      'Tilldesk l’ignore et ne prend les mises à jour que depuis {{feeds}}. Choisissez de nouveau la source dans Réglages → Mises à jour.',
  },
  zReports: {
    altered: 'Les rapports Z ({{scope}}) ne passent pas leur contrôle.',
    then: 'Tilldesk garde les rapports Z tels quels et les marque « Vérifiez ce rapport » à l’écran et à chaque réimpression. Comparez-les avec les copies imprimées.',
  },
  shop: {
    ownLog:
      'Le journal de boutique propre à cette caisse n’a pas passé son contrôle : il n’a pas été écrit par cette caisse, ou il a été modifié.',
    ownLogThen:
      'Cette caisse ne se synchronise plus avec la boutique tant que le fichier n’est pas rétabli tel que cette caisse l’a écrit (ou qu’un administrateur quitte la boutique et la rejoint de nouveau). Le fichier est gardé tel quel.',
    cursor:
      'Le curseur de synchronisation de la boutique ne correspond pas à ce que cette caisse a écrit.',
    cursorThen:
      'Tilldesk ne le suit pas : cette caisse envoie ses événements et reprend ceux de la boutique depuis le début (rien n’est appliqué deux fois).',
    config: 'Les réglages de la boutique ont été modifiés hors de Tilldesk, ou sont illisibles.',
    configThen:
      'Cette caisse ne se connecte à aucun serveur de boutique tant qu’un administrateur n’a pas rejoint la boutique de nouveau (Réglages → Boutique). Le fichier est gardé tel quel.',
    configDeleted:
      'Les réglages de la boutique ont été supprimés hors de Tilldesk : cette caisse détient toujours sa clé de boutique.',
    configDeletedThen:
      'Cette caisse ne se connecte pas à sa boutique tant que le fichier n’est pas remis tel qu’il était ou qu’un administrateur n’a pas rejoint la boutique de nouveau (Réglages → Boutique).',
    file: 'Le fichier ne correspond pas à ce que cette caisse a écrit. Il a été modifié hors de Tilldesk, ou une copie plus ancienne a été remise.',
    fileThen:
      'Rien de ce qu’il contient n’est appliqué. Tilldesk l’a gardé sous shop/{{keptAs}} et reprend ce qu’il contenait depuis le serveur de la boutique.',
    otherKey:
      'La caisse {{by}} a nommé pour la caisse {{till}} une autre clé que celle que cette caisse a retenue.',
    otherKeyThen:
      'La clé que cette caisse a retenue en premier est gardée ; les événements signés avec l’autre sont refusés.',
    keyChanged:
      'La liste des caisses du serveur de la boutique nomme pour cette caisse une autre clé que celle retenue à son inscription.',
    keyChangedThen:
      'Seuls les événements signés avec la clé retenue sont appliqués. Si la caisse a vraiment été réinstallée, un administrateur la réinscrit avec un nouveau code.',
  },
}

export const INTEGRITY_WORDS = { en, fr }
