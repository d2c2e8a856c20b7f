// Main's refusals and explanations, in every language the till speaks: the gateway's
// explanations, payouts, refunds, payments, mandates, shop mode, damaged or tampered files,
// refused input. Main words its English from here (`english`, main/kernel/errors.ts), sends the
// key with the values (`Said`), and the renderer joins these groups to its catalogue's `errors`
// (renderer/i18n/catalogue.ts), so a French screen says them in French. The gateway's own text
// stays as the gateway wrote it, quoted, inside our sentence. Words are the glossary's
// (docs/glossary.md); placeholders are `{{name}}`; a count has `_one` and `_other` forms.
// Longer than the 500 lines a source file keeps to: it is a catalogue (data, like
// renderer/i18n/en.json), two languages side by side, and its length is its number of sentences.
import type { Language } from '../ipc/appearance'
import { INTEGRITY_WORDS } from './integrity'

const en = {
  gateway: {
    explained: '{{problem}} {{action}}',
    theGateway: 'the gateway',
    theKey: 'the key',
    keyNamed: 'key {{keyId}}',
    said: 'The gateway said: “{{message}}”.',
    unknownKey:
      "The gateway does not recognise {{key}}. It may have been revoked or rotated, or it belongs to the other environment (sandbox keys don't work on live and vice versa).",
    enterKeyAgain:
      'Open the merchant dashboard → API keys, copy the current key id and secret for this environment, and enter them again in Settings → API key.',
    badSecret:
      'The gateway knows {{key}} but the secret does not match, so every signed request is refused.',
    copySecret:
      'Copy the secret again from the dashboard (it is shown only when the key is created; rotate the key if you no longer have it) and enter it in Settings → API key.',
    clock:
      "This computer's clock is too far from the gateway's clock (more than 5 minutes), so the gateway refuses its requests.",
    fixClock:
      "Turn on automatic date and time in the operating system's settings (and check the time zone), then test again.",
    badToken: 'The gateway rejected a session token as invalid or expired.',
    testAgain: 'Test the connection again; if it persists, re-enter the API key.',
    noCapability: '{{key}} works, but it lacks a permission this action needs.',
    grantCapability:
      'In the merchant dashboard → API keys, grant the key the missing capability (or create a key with it) and enter it here.',
    rateLimited: 'The gateway is limiting how often this till may call it.',
    waitSeconds_one: 'Wait {{count}} second and try again.',
    waitSeconds_other: 'Wait {{count}} seconds and try again.',
    waitMinute: 'Wait a minute and try again.',
    server: 'The gateway had an internal problem.',
    serverStatus: 'The gateway had an internal problem (HTTP {{status}}).',
    notThisTill:
      "It is not something on this till. Try again in a few minutes; if it persists, check the gateway's status page.",
    unreachable: "Can't reach {{host}}: no connection could be made.",
    checkNetwork:
      'Check the network cable or Wi-Fi, any proxy or firewall, and that the base URL in Settings → Environment is right.',
    slow: '{{host}} did not answer in time.',
    slowAction:
      'The network may be slow or the gateway busy. Try again; if it keeps happening, check the connection.',
    notGateway: '{{host}} answered, but not like the payment gateway does.',
    checkBaseUrl:
      'Check the base URL in Settings → Environment: it may point at a website, a captive portal, or the wrong path.',
    noEndpoint: '{{host}} has no such endpoint or record.',
    missingPath:
      'If this happened in the connection test, the base URL is probably missing a path part.',
    invalid: 'The gateway rejected the request as invalid.',
    invalidSaid: 'The gateway rejected the request as invalid: “{{message}}”.',
    correctFields: 'Correct the highlighted details and try again.',
    conflict: 'The gateway reports a conflict with an existing record.',
    checkExisting: 'Check the existing record before trying again.',
    refused: 'The gateway refused the request.',
    tryThenTest: 'Try again; if it persists, run the connection test in Settings.',
  },
  actions: {
    startPayment: 'start the payment',
    lookUpPayment: 'look up the payment',
    simulateCustomer: 'simulate the customer',
    checkPayment: 'check the payment',
    issueRefund: 'issue the refund',
    lookUpRefund: 'look up the refund',
    loadRefundHistory: 'load the refund history',
    countRefunds: 'count refunds',
    chargeMandate: 'charge the mandate',
    lookUpDebit: 'look up the debit',
    checkDebit: 'check the debit',
    loadBanks: 'load the list of banks',
    checkAccount: 'check the account',
    createMandate: 'create the mandate',
    activateMandate: 'activate the mandate',
    askForCode: 'ask the bank to send the code',
    sendActivationCode: 'send the activation code',
    cancelMandate: 'cancel the mandate',
    lookUpMandate: 'look up the mandate',
    reconcileDay: 'reconcile the day',
    loadPayments: 'load payments',
    loadTransfers: 'load transfers',
    loadPayouts: 'load payouts',
  },
  cashier: {
    internal: 'Could not {{action}}. Try again; if it keeps happening, tell an admin.',
    keyNotAllowed:
      "Could not {{action}}. The till's API key is not allowed to do this. Ask an admin to run the connection test in Settings.",
    clockWrong:
      "Could not {{action}}. This computer's clock is wrong, so the gateway refused the request. Ask an admin to run the connection test in Settings.",
    keyRefused:
      "Could not {{action}}. The gateway did not accept the till's API key. Ask an admin to run the connection test in Settings.",
    fieldSaid: 'The gateway said: “{{message}}”.',
    refusedSaid: 'Could not {{action}}: the gateway said “{{message}}”.',
    notValid: 'Could not {{action}}: some details are not valid.',
    noRecord: 'Could not {{action}}: the gateway has no such record.',
    wrongState: 'Could not {{action}}: the record is not in a state that allows it.',
    notAllowed: 'Could not {{action}}: the gateway would not allow it.',
    busy: 'The gateway is busy. Try again in a few seconds.',
    busySeconds_one: 'The gateway is busy. Try again in {{count}} second.',
    busySeconds_other: 'The gateway is busy. Try again in {{count}} seconds.',
    unreachable:
      "Could not {{action}}: the payment gateway can't be reached. Check the till's internet connection, then try again.",
    timeout: 'Could not {{action}}: the gateway did not answer in time. Try again.',
    server: 'Could not {{action}}: the gateway had a problem on its side. Try again in a moment.',
    unreadable:
      'Could not {{action}}: the gateway gave an answer Tilldesk could not read. Try again; if it keeps happening, tell an admin.',
    keepsChecking: '{{problem}} The till keeps checking.',
  },
  input: {
    checkFields: 'Check the highlighted fields.',
    form: {
      accountName: "Enter the account holder's name.",
      enterAmount: 'Enter an amount.',
      dailyUnderPerPayout: 'The daily limit must be at least the per-payout limit.',
    },
    endBeforeStart: 'The end date is before the start date.',
    dayMissing: 'Choose a day that exists.',
    dayMissingField: 'This day does not exist.',
    dayAhead: 'Choose today or a day before: this day has not begun.',
    dayAheadField: 'This day has not begun.',
    pdfNeedsDesktop:
      'Saving as PDF needs the desktop app here. Export the CSV instead, or print the page.',
    feedNotAllowed: 'This copy of Tilldesk takes updates only from {{feeds}}.',
    feedNotAllowedField: 'This copy does not take updates from that address.',
    contract: {
      accountReferencesAreAtMost64: 'Account references are at most 64 characters.',
      crashReportsHttps: 'Enter the https:// address crash reports go to.',
      amountTooLong: 'That amount is too long.',
      enterAnAmount: 'Enter an amount.',
      gatewayReferenceForIt: "Enter the gateway's reference for it.",
      gatewayReferenceForTransfer: "Enter the gateway's reference for the transfer.",
      gatewayReferenceForRefund: "Enter the gateway's reference for the refund.",
      pick25To100: 'Pick 25, 50 or 100.',
      secretSpaces: 'The secret starts or ends with spaces; copy it again.',
      baseUrlHttps:
        'Enter an https:// address (http:// only for this computer), without ?query or #fragment.',
      timeLike2200: 'Use a time like 22:00.',
      pickTimeZone: 'Pick a time zone from the list.',
      wholeCertificate:
        'Paste the whole certificate, from -----BEGIN CERTIFICATE----- to -----END CERTIFICATE-----.',
      shopOwnerUser: "Enter the shop owner's database user.",
      shopOwnerPassword: "Enter the shop owner's database password.",
      atLeast1Minute: 'At least 1 minute.',
      atLeast5Minutes: 'At least 5 minutes.',
      atMost7Days: 'At most 7 days.',
      chooseTheBankFromTheList: 'Choose the bank from the list.',
      codesLookLikeK7m2qXr9td: 'Codes look like K7M2Q-XR9TD.',
      databaseNamesHaveLettersDigitsAnd: 'Database names have letters, digits, - and _ only.',
      enterAFullEMailAddress: 'Enter a full e-mail address.',
      enterAHostNameOrIp: 'Enter a host name or IP address, nothing else.',
      enterAMandateReference: 'Enter a mandate reference.',
      enterAName: 'Enter a name.',
      enterAPaymentReference: 'Enter a payment reference.',
      enterAReferenceOrEMail: 'Enter a reference or e-mail.',
      enterAReference: 'Enter a reference.',
      enterATillName: 'Enter a till name.',
      enterAValidEMailAddress: 'Enter a valid e-mail address, or leave it empty.',
      enterThe10DigitAccountNumber: 'Enter the 10-digit account number.',
      enterTheAccountReference: 'Enter the account reference.',
      enterTheDatabaseName: 'Enter the database name.',
      enterTheKeyId: 'Enter the key id.',
      enterTheServerAddress: 'Enter the server address.',
      giveAReasonAFewWords: 'Give a reason (a few words).',
      keepNamesTo40Characters: 'Keep names to 40 characters.',
      keepTheNarrationTo100Characters: 'Keep the narration to 100 characters.',
      keepTheNoteTo200Characters: 'Keep the note to 200 characters.',
      keepTheReasonTo300Characters: 'Keep the reason to 300 characters.',
      keepTheTillNameTo40: 'Keep the till name to 40 characters.',
      keyIdsHaveNoSpacesOr: 'Key ids have no spaces or special characters.',
      nameTheShop: 'Name the shop.',
      pickABankFromTheList: 'Pick a bank from the list.',
      referencesAreAtMost64Characters: 'References are at most 64 characters.',
      referencesUseOnlyLettersDigitsDot:
        'References use only letters, digits, dot, dash and underscore.',
      saleReferencesAreAtMost64: 'Sale references are at most 64 characters.',
      sayHowYouKnowItWas: 'Say how you know it was paid.',
      sayWhyItWasNotPaid: 'Say why it was not paid.',
      sayWhyTheMoneyIsGoing: 'Say why the money is going back (at least 3 characters).',
      sendingCrashReportsNeedsTheAddress: 'Sending crash reports needs the address they go to.',
      thatFloatIsTooLarge: 'That float is too large.',
      thatKeyIdIsTooLong: 'That key id is too long.',
      thatNameIsTooLong: 'That name is too long.',
      thatSecretIsTooLong: 'That secret is too long.',
      thatSecretIsTooShortCopy: 'That secret is too short; copy it again from the dashboard.',
      theOtpIs4To8: 'The OTP is 4 to 8 digits.',
      thePinIs4To6: 'The PIN is 4 to 6 digits.',
      theAccountNumberIs10Digits: 'The account number is 10 digits.',
      theFloatCannotBeNegative: 'The float cannot be negative.',
      theFloatIsAWholeNumber: 'The float is a whole number of minor units.',
      typeANamePhoneEMail: 'Type a name, phone, e-mail or reference.',
      unknownZReport: 'Unknown Z-report.',
      unknownCharge: 'Unknown charge.',
      unknownPayout: 'Unknown payout.',
      unknownShift: 'Unknown shift.',
      unknownUser: 'Unknown user.',
      useADateLike202501: 'Use a date like 2025-01-31.',
      useADateYyyyMmDd: 'Use a date, YYYY-MM-DD.',
      useLettersDigitsDotDashOr: 'Use letters, digits, dot, dash or underscore.',
      useWholeMilliseconds: 'Use whole milliseconds.',
      useWholeMinutes: 'Use whole minutes.',
    },
    zod: {
      required: 'This is required.',
      invalidType: 'This is not the kind of value expected here.',
      tooShort_one: 'Enter at least {{count}} character.',
      tooShort_other: 'Enter at least {{count}} characters.',
      tooLong_one: 'Keep it to {{count}} character.',
      tooLong_other: 'Keep it to {{count}} characters.',
      tooSmall: 'Enter {{minimum}} or more.',
      tooBig: 'Enter {{maximum}} or less.',
      format: 'This is not written the way it should be.',
      choice: 'Choose one of the choices offered.',
      unknownKeys: 'Tilldesk got details it does not expect here. Update Tilldesk, or restart it.',
      invalid: 'Check this value.',
    },
    checkDetails: 'Check the details and try again.',
  },
  payments: {
    // Why the checkout page was not opened (main/payments/payments-service.ts, checkout-link.ts).
    checkout: {
      noPage: 'This payment has no checkout page to open.',
      notWaiting: 'This payment is no longer waiting for the customer.',
      useQr: 'Open the link or let the customer scan the QR code with their phone.',
      noBrowser: 'The system browser could not be opened. Use the QR code instead.',
      noGateway: 'No gateway is configured, so the checkout page cannot be checked.',
      notAddress: 'The checkout address is not a valid web address.',
      notSecure: 'The checkout address is not a secure (https) page.',
      credentials: 'The checkout address carries a user name or password.',
      notGatewaySite:
        "The checkout address is not on the gateway's site ({{host}}), so the till will not open it.",
    },
    noSuch: 'No payment has the reference {{reference}}.',
    notice: {
      waitingCustomer:
        "Still waiting for the customer. Press Check status when they say they've paid.",
      unknownStatus:
        'The gateway reports this payment as "{{status}}", a status this till does not know. It is not counted as paid or failed; check with the gateway.',
    },
    noSuchCheckReceipt:
      "No payment has the reference {{reference}}. Check it against the customer's receipt.",
    unknownStatus:
      'The gateway reports payment {{reference}} as "{{status}}", a status this till does not know, so it can\'t be shown here. Check it with the gateway.',
    recordIncomplete:
      "The gateway's record of payment {{reference}} does not give its amount and currency, so it can't be shown here. Its status at the gateway: {{status}}.",
    demoOnly:
      'Simulating the customer is only possible on the demo gateway. The customer must pay on the checkout page.',
  },
  refunds: {
    noSuch: 'No refund has the reference {{reference}}.',
    amountRefused:
      'The gateway would not refund this amount. The refundable balance may have changed: look the payment up again.',
    unconfirmed:
      "The gateway hasn't confirmed refund {{reference}} yet. Don't issue it again: the till keeps checking, and it will appear under this payment once confirmed.",
    notCompleted:
      "This payment hasn't been completed yet. Only completed payments can be refunded.",
    didNotGoThrough: 'This payment did not go through, so there is nothing to refund.',
    restInProgress:
      'The rest of this payment is already being refunded. Wait for those refunds to finish.',
    refundedInFull: 'This payment has already been refunded in full.',
    unknownStatus:
      'The gateway reports this payment as "{{status}}", a status this till does not know. Only payments the gateway calls complete can be refunded.',
    atMost: 'At most {{mostAmount}} can be refunded on this payment.',
    recordIncomplete:
      "The gateway's record of payment {{reference}} does not give its amount and currency, so what can be refunded can't be worked out here. Nothing was refunded.",
    inProgress: 'A refund for this payment is being sent. Wait for it to finish.',
  },
  mandates: {
    form: {
      customerName: "Enter the account holder's full name, as the bank has it.",
      emailMissing: "Enter the customer's e-mail address.",
      emailIncomplete: 'That e-mail address looks incomplete, e.g. name@example.com.',
      bankMissing: "Choose the customer's bank.",
      bankThreeDigits:
        "This bank can't take a direct-debit mandate: mandates need a bank with a three-digit code.",
      startMissing: 'Enter the first day of the mandate, e.g. 2025-02-01.',
      startPast: 'The mandate cannot start in the past.',
      endMissing: 'Enter the last day of the mandate, e.g. 2025-12-31.',
      tooShort: 'The mandate must run at least {{days}} days: end on {{endDay}} or later.',
      monthlyZero: 'Enter a monthly limit more than zero.',
      monthlyMissing: 'Enter the monthly limit, like 50000.',
      countMissing: 'Enter how many debits a month are allowed, 1 or more.',
      countTooMany: 'At most {{max}} debits a month.',
      debitZero: 'Enter an amount more than zero.',
      debitMissing: 'Enter an amount, like 5000.',
      narrationMissing: 'Enter what the customer will see on their bank statement.',
      overMonthLeft: "Only {{leftAmount}} is left of this month's {{limitAmount}} limit.",
    },
    noSuch: 'No mandate has the reference {{reference}}.',
    noSuchDebit: 'No debit has the reference {{reference}}.',
    noSuchAccount:
      'The bank has no account with that number. Check the number and the bank with the customer.',
    overMonthlyLimit:
      "The gateway refused: this debit would go over the mandate's monthly limit (debits made elsewhere count too).",
    gatewayNotActive: "The gateway says this mandate is not active, so it can't be charged.",
    sendCodeFirst:
      'Send the code first: press "Send code to customer", then enter the code they receive.',
    codeRefused:
      "The bank didn't accept the code or PIN. Check them with the customer and try again.",
    status: {
      pending_activation: 'waiting for activation',
      active: 'active',
      cancelled: 'cancelled',
      expired: 'expired',
      unknown: 'in a status this till does not know (check with the gateway)',
    },
    debitInProgress: 'A debit on this mandate is being sent. Wait for it to finish.',
    debitNotice: {
      waiting:
        "The gateway hasn't confirmed this debit yet. Don't charge again: the till keeps checking.",
      gaveUp: 'Still not settled after two hours. Press Check status later, or ask the bank.',
    },
    notice: {
      waiting:
        "The gateway hasn't confirmed this mandate yet. The till asks again each time it is opened; don't create it again.",
      review:
        "The gateway never confirmed this mandate: it may or may not exist. A supervisor must check its reference with the gateway. Don't create it again.",
    },
    notActiveYet: 'This mandate is not active yet. Activate it with the customer first.',
    cannotCharge:
      "This mandate is {{status}}, so it can't be charged. Set up a new mandate with the customer.",
    allDebitsUsed_one:
      'This mandate has used the {{count}} debit allowed for {{month}}. The next debit can be made next month.',
    allDebitsUsed_other:
      'This mandate has used all {{count}} debits allowed for {{month}}. The next debit can be made next month.',
    debitNoCurrency:
      "The gateway's record of debit {{reference}} does not give its currency, and its mandate {{mandate}} could not be looked up, so its amount can't be shown here. Its status at the gateway: {{status}}.",
    recordIncomplete_one:
      "The gateway's record of mandate {{reference}} does not give its detail ({{fields}}), and this till did not create it, so it can't be shown or charged here. Its status at the gateway: {{status}}.",
    recordIncomplete_other:
      "The gateway's record of mandate {{reference}} does not give its details ({{fields}}), and this till did not create it, so it can't be shown or charged here. Its status at the gateway: {{status}}.",
    unconfirmedInList:
      "The gateway hasn't confirmed mandate {{reference}} yet. It is in the list: open it in a moment to check. Don't create it again.",
    neverConfirmed:
      "The gateway never confirmed mandate {{reference}}: it may or may not exist. A supervisor must check this reference with the gateway. Don't create it again.",
    unconfirmed:
      "The gateway hasn't confirmed mandate {{reference}} yet. The till asks again when it is opened; don't create it again.",
    noActivation: 'This mandate is {{status}}; it needs no activation.',
    activationUnconfirmed:
      "The gateway hasn't confirmed the activation. Ask the customer for a new code and try again.",
    already: 'This mandate is already {{status}}.',
    cancelUnconfirmed: "The gateway hasn't confirmed the cancellation. Try again.",
    busy: 'This mandate is being updated. Wait a moment.',
  },
  collections: {
    // The cashier's notice after "create customer" (main/collections/customers.ts).
    customer: {
      existing:
        '{{name}} already has an account ({{how}}): {{bank}} {{number}}. No second account was made.',
      byEmail: 'found by e-mail',
      byBvn: 'found by BVN',
      created: 'Account created for {{name}}: {{bank}} {{number}}.',
    },
    noCurrency: 'The gateway did not say which currency this account is in.',
    unreachable: "{{what}} The gateway can't be reached right now; try again in a moment.",
    lookUp: 'Could not look the account up.',
    lookUpEmail: 'Could not look the e-mail up.',
    mayNotBeCreated: 'The account may not have been created.',
    notCreated: 'The account was not created.',
    emailUnchecked:
      "The account was not created: the gateway can't be reached to check whether this e-mail already has an account. Try again in a moment.",
    emailUnknown:
      'The account was not created: the gateway did not say whether this e-mail already has an account (it said “{{message}}”). Try again, or find the customer by e-mail.',
    notEmail: '"{{email}}" is not an e-mail address.',
    enterEmail: 'Enter an e-mail address, e.g. ada@example.com.',
    notReference: 'That is not an account reference.',
    referenceChars: 'Use letters, digits, dot, dash or underscore.',
    referenceExists:
      'An account with reference "{{reference}}" already exists. Find it by reference instead, or use another reference.',
    referenceTaken: 'This reference is already taken.',
    accountRefused: 'The gateway refused the account: “{{message}}”',
    demoOnly: {
      transfers: 'Simulated transfers exist only in the Demo environment, for training.',
      outages: 'Simulated outages exist only in the Demo environment, for training.',
      answers: 'Lost answers exist only in the Demo environment, for training.',
    },
    demoRefused: 'The demo gateway refused: “{{message}}”',
    fromAfterTo: 'The "from" date is after the "to" date.',
    pickFrom: 'Pick a date on or before "to".',
    historyRefused: 'The gateway refused the history request: “{{message}}”',
    noAccount: 'No account with reference "{{reference}}". Find or create the customer first.',
  },
  tamper: {
    journal:
      '{{file}} was changed, damaged or replaced outside Tilldesk. Tilldesk stopped reading it and left the file as it is; nothing in it is acted on until it is looked at. Restore it from a backup, or ask support to look at it.',
    journalLine:
      '{{file}}, line {{line}}, was changed, damaged or replaced outside Tilldesk. Tilldesk stopped reading this journal and left the file as it is; nothing in it is acted on until it is looked at. Restore it from a backup, or ask support to look at it.',
    authority:
      'The settings that decide where money goes (environment, gateway addresses, key ids, till name, idle lock times or staff) were changed outside Tilldesk, or the file was replaced by another copy.',
    nothingSent:
      'Nothing is sent to the {{environment}} gateway: the settings that decide where money goes were changed outside Tilldesk, or the file was replaced by another copy. An admin should look at what changed at the top of Settings and confirm the settings with their PIN.',
    payoutsOffKeychain: 'Payouts in {{environment}} are off: {{why}}',
    payoutsOffAuthority:
      'Payouts in {{environment}} are off: the settings that decide where money goes were changed outside Tilldesk, or the file was replaced by another copy. An admin should look at what changed in Settings and confirm the settings with their PIN.',
    profile:
      "{{name}}'s profile was changed outside Tilldesk (it does not match its seal), so Tilldesk does not honour it. An admin should remove it and add the person again.",
    noSetupAgain:
      'Tilldesk will not set this till up again: the keychain shows it was set up before, and the settings file was changed outside Tilldesk or replaced by another copy. Restore the settings file from a backup.',
    policy:
      'Payouts are stopped: the payout limits or the approval lifetime were changed outside Tilldesk, or the policy file was replaced by an older copy. An admin should check the limits and save them again.',
  },
  decision: {
    signIn: 'Sign in to decide.',
    signInToAcknowledge: 'Sign in to acknowledge.',
    this: {
      payment: 'this payment',
      refund: 'this refund',
      debit: 'this debit',
      payout: 'this payout',
      mandate: 'this mandate',
    },
    makerBlock: {
      payment: 'You took this payment, so another supervisor must decide whether it was paid.',
      refund: 'You issued this refund, so another supervisor must decide whether it was made.',
      debit: 'You charged this debit, so another supervisor must decide whether it was paid.',
      payout: 'You drafted this payout, so another supervisor must decide whether it was paid.',
    },
    fenced:
      'A request for {{what}} may still reach the gateway, so deciding now could contradict it. It can be decided from {{time}}; the till keeps checking meanwhile.',
    asking:
      'The till is asking the gateway about {{what}} right now. It can be decided from {{time}}, once that answer is in.',
    noAlarm: {
      payment: 'This payment has no alarm to acknowledge.',
      refund: 'This refund has no alarm to acknowledge.',
      debit: 'This debit has no alarm to acknowledge.',
      payout: 'This payout has no alarm to acknowledge.',
    },
    onlyUnknown: {
      payment: 'Only a payment whose outcome is unknown can be marked as paid or not paid.',
      debit: 'Only a debit whose outcome is unknown can be marked as paid or not paid.',
      refund: 'Only a refund whose outcome is unknown can be marked as made or not made.',
      payout: 'Only a payout whose outcome is unknown can be marked as paid or not paid.',
    },
  },
  outcome: {
    step: {
      lostHttp:
        "The gateway's answer was lost ({{kind}}, HTTP {{status}}); it may or may not have taken the {{noun}}.",
      lost: "The gateway's answer was lost ({{kind}}); it may or may not have taken the {{noun}}.",
      lateHttp:
        'The gateway did not answer in time (HTTP {{status}}); it may or may not have taken the {{noun}}.',
      late: 'The gateway did not answer in time; it may or may not have taken the {{noun}}.',
      notAskedHttp: 'The gateway could not be asked ({{kind}}, HTTP {{status}}).',
      notAsked: 'The gateway could not be asked ({{kind}}).',
      has: 'The gateway has the {{noun}}.',
      hasNo: 'The gateway says it has no {{noun}} with this reference.',
      stopped:
        'The till stopped while this was being sent, so the request may have reached the gateway.',
      ownProblem:
        'The till hit a problem of its own ({{what}}) while sending, so the request may have reached the gateway.',
      notTrusted:
        'Not sent again: this gateway has not yet shown that it keeps our reference (a second request could make a second {{noun}}). The till keeps looking the reference up.',
    },
    noun: {
      payment: 'payment',
      refund: 'refund',
      debit: 'debit',
      payout: 'payout',
      mandate: 'mandate',
    },
    // The gateway error's kind, as the evidence names it (main/gateway/errors.ts).
    kind: {
      invalid_api_key: 'invalid_api_key',
      invalid_timestamp: 'invalid_timestamp',
      timestamp_too_old: 'timestamp_too_old',
      invalid_signature: 'invalid_signature',
      invalid_token: 'invalid_token',
      missing_capability: 'missing_capability',
      conflict: 'conflict',
      validation: 'validation',
      unprocessable: 'unprocessable',
      not_found: 'not_found',
      payload_too_large: 'payload_too_large',
      rate_limited: 'rate_limited',
      server: 'server',
      network: 'network',
      timeout: 'timeout',
      aborted: 'aborted',
      bad_response: 'bad_response',
    },
    unknown:
      "The gateway has not said whether it has {{what}}, so it may or may not have happened. The till keeps asking about this reference; don't do it again.",
    latest: '{{why}} Latest: {{latest}}',
    noAnswerYet: 'no answer yet.',
    review:
      "The till could not find out from the gateway whether {{what}} went through (last answer: {{last}}) It may or may not have happened. Don't do it again: a supervisor checks this reference with the gateway and decides.",
    settled: 'The outcome was unknown for a while; it is settled now.',
    noticeWaiting:
      "Not confirmed by the gateway yet: {{what}} may or may not have gone through. The till keeps checking; don't do it again.",
    noticeReview:
      "Not confirmed by the gateway: {{what}} may or may not have gone through. A supervisor must check its reference with the gateway. Don't do it again.",
    onlySupervisor: 'Only a supervisor can decide whether this payout was paid.',
    madePayout: 'You made this payout, so another supervisor must decide whether it was paid.',
    marked: 'Marked as {{word}} by {{name}} (gateway reference {{reference}}): {{reason}}',
    markedNot: 'Marked as not {{word}} by {{name}}: {{reason}}',
    word: { paid: 'paid', made: 'made' },
  },
  environment: {
    demo: 'Demo',
    sandbox: 'Sandbox',
    live: 'Live',
    liveConfirm: 'Switching to Live moves real money. Type {{word}} to confirm.',
    typeWord: 'Type {{word}} to confirm.',
    notSetUp: 'The gateway is not set up yet.',
    noSecret: 'No secret is stored for key {{keyId}}.',
    demoFailed:
      'The demo gateway did not start. Restart Tilldesk; if it keeps happening, call support.',
    demoStarting: 'The demo gateway is starting.',
    enterBaseUrl: 'Enter the {{environment}} base URL in Settings → Environment.',
    badBaseUrl:
      'The {{environment}} base URL in the settings file is not one Tilldesk may use (it must be https://, or http:// only to this computer, without ?query or #fragment), so nothing is sent to it. Enter the base URL again in Settings → Environment.',
    enterKey: 'Enter the {{environment}} API key (key id and secret) in Settings → API key.',
    noTillSecret:
      "This till has no secret for key {{keyId}}. Secrets are kept per till in the OS keychain: a key id in the settings file (copied, or left from another till on this computer) does not give this till another till's secret. Enter the key id and secret again in Settings → API key.",

    // Why the till is offline (main/environment/connectivity.ts, main/collections/watcher.ts).
    offline: {
      answeredError: 'The gateway answered with an error (HTTP {{status}}).',
      late: 'The gateway did not answer in time.',
      noNetwork: "Can't reach the gateway: check the network connection.",
      unavailable: 'The gateway is unavailable (HTTP {{status}}).',
      refused: 'The gateway refused the request: {{message}}',
      slowDown: 'The gateway asked us to slow down.',
      problems: 'The gateway is having problems (HTTP {{status}}).',
      noAnswer: 'The gateway cannot be reached (no answer from the network).',
    },
  },
  connection: {
    // The admin's connection test (main/environment/connection-test.ts), step by step.
    title: {
      configuration: 'Configuration',
      reachable: 'Gateway reachable',
      signed: 'Signed request',
      capabilities: 'Key capabilities',
      clock: 'Clock',
    },
    capability: {
      virtual_accounts: 'Collections into virtual accounts',
      disbursements: 'Payouts to bank accounts',
      banks: 'Bank list and account name lookup',
      payments: 'Card and checkout payments',
      transactions: 'Payment history',
      direct_debits: 'Direct debit mandates',
      refunds: 'Refunds',
      sandbox: 'Sandbox controls (simulate transfers)',
    },
    list: '{{first}}, {{next}}',
    skipped: 'Not checked: an earlier step failed.',
    unexpected: 'The check failed unexpectedly.',
    tryRestart: 'Try again; if it persists, restart Tilldesk.',
    configured: '{{environment}} at {{baseUrl}}, key {{keyId}} (secret in {{storage}}).',
    inMemory: 'memory only',
    inKeychain: 'the OS keychain',
    answered: 'The gateway answered in {{ms}} ms.',
    accepted: 'The gateway accepted a request signed with key {{keyId}}.',
    acceptedNoBanks:
      'The gateway accepted the signature of key {{keyId}} (the key lacks the bank-list capability; see below).',
    lacks: 'The key lacks: {{list}}.',
    unconfirmed: 'Could not confirm: {{list}}.',
    holdsAll: 'The key holds every capability Tilldesk uses.',
    grantMissing:
      'Screens that need a missing capability will refuse. Grant it in the merchant dashboard → API keys if this till needs it.',
    runAgain: 'Run the test again; if it persists, check the gateway status.',
    clockMatches: "This computer's clock matches the gateway's.",
    clockAhead: "This computer's clock is {{seconds}} s ahead of the gateway's.",
    clockBehind: "This computer's clock is {{seconds}} s behind the gateway's.",
    fixClock:
      "Turn on automatic date and time in the operating system's settings. The gateway refuses requests more than 5 minutes off.",
    noTime: "The gateway's answers carried no time to compare with.",
  },
  keychain: {
    linux:
      'No OS keychain is reachable, so Tilldesk cannot store API secrets. On Linux it uses the Secret Service: install and run GNOME Keyring (or KWallet) with libsecret, make sure it is unlocked when you sign in to the desktop, then restart Tilldesk. Tilldesk never writes secrets to a plain file instead.',
    darwin:
      'macOS Keychain refused access, so Tilldesk cannot store API secrets. Unlock the login keychain (Keychain Access) and allow Tilldesk when asked. Tilldesk never writes secrets to a plain file instead.',
    windows:
      'Windows Credential Manager is not reachable, so Tilldesk cannot store API secrets. Sign in to Windows with a normal user profile and try again. Tilldesk never writes secrets to a plain file instead.',
  },
  settings: {
    // Why the authority settings are not trusted (main/settings/seals.ts), and why what changed
    // cannot be shown (main/settings/authority.ts): Settings' "Confirm these settings".
    trust: {
      noSeals:
        'The settings file has no seals, but this till seals it on every change (the file was replaced, or written by something other than Tilldesk).',
      changed:
        'The environment, base URLs, key ids, till name, idle lock times or the list of staff in the settings file were changed outside Tilldesk.',
      older:
        'The settings file is an older copy (version {{generation}}; this till last wrote version {{seq}}).',
      replaced: 'The settings file was replaced by another copy.',
      noCopy:
        'This till has no copy of earlier trusted settings (it is kept from the first time the settings pass their check), so what changed cannot be shown.',
      copyDamaged:
        'The copy of the last trusted settings ({{file}}) was changed, replaced or damaged outside Tilldesk, so what changed cannot be shown.',
    },
    changedSinceShown:
      'The settings changed after they were shown. Look at them again before confirming.',
    badVersion:
      'The settings file has an invalid schemaVersion. Restore it from a backup or delete it to start over.',
    tooNew:
      'These settings were written by a newer Tilldesk (settings version {{from}}; this build reads up to {{target}}). Update Tilldesk on this till.',
    unreadable:
      'The settings file in {{where}} is not readable, so Tilldesk cannot tell who may sign in. It was left as it is: restore it from a backup, or call support.',
    invalid:
      'The settings file at {{where}} is not valid. Restore it from a backup or remove it to start the first-run setup again.',
  },
  payouts: {
    approveBlocked: {
      onlySupervisor: 'Only a supervisor can approve payouts.',
      created: 'You created this payout, so another supervisor must approve it.',
      edited: 'You edited this payout, so another supervisor must approve it.',
    },
    role: {
      cashier: 'cashier',
      supervisor: 'supervisor',
      admin: 'admin',
    },
    limit: {
      itemMaker:
        'This payout of {{totalAmount}} is above the {{role}} limit of {{limitAmount}} per payout. A supervisor must create it.',
      itemChecker:
        "This payout of {{totalAmount}} is above {{name}}'s approval limit of {{limitAmount}} per payout. Someone with a higher limit must approve it.",
      accountDay_one:
        'With {{count}} other payout to this account today, the total would be {{totalAmount}}, above the limit of {{limitAmount}} per payout. Payouts to one account are added up, so splitting does not get around the limit.',
      accountDay_other:
        'With {{count}} other payouts to this account today, the total would be {{totalAmount}}, above the limit of {{limitAmount}} per payout. Payouts to one account are added up, so splitting does not get around the limit.',
      dayMaker:
        '{{name}} ({{role}}) would reach {{totalAmount}} of payouts today, above the daily limit of {{limitAmount}}.',
      dayChecker:
        '{{name}} would have approved {{totalAmount}} today, above the daily approval limit of {{limitAmount}}.',
      outOfStep:
        '{{refusal}} This till is not in step with the shop. Until it is, each limit counts as {{share}}% of itself, since other tills may have paid out what this till has not heard of.',
    },
    nameMismatch:
      'The bank says account {{account}} belongs to "{{bankName}}", not "{{typed}}". Check with the customer before paying.',
    notApproved: 'Not approved: {{why}}',
    wrongState: "This payout can't be changed that way now. {{meaning}}",
    enterGatewayReference: "Enter the gateway's reference for the transfer.",
    environmentSwitched:
      'The environment changed; payouts made in {{environment}} wait until it is active again.',
    starting: 'Payouts are starting; try again in a moment.',
    wholeAuditLog:
      'Only a supervisor can see the whole audit log; open a payout to see its history.',
    storage:
      "The payouts' files could not be read or written, so nothing was changed. An admin should look at Settings → Integrity; the files are left as they are.",
    changedMeanwhile:
      'That change is not allowed any more; the payout changed meanwhile. Look at it again.',
    banksCached: '{{why}} The saved list is still used.',
    gw: {
      unexpected: 'Tilldesk hit an unexpected problem talking to the gateway. It will try again.',
      said: ' The gateway said: "{{message}}".',
      auth: "The gateway refused Tilldesk's API key, so nothing was sent.{{said}} An admin must check the key in Settings; payouts wait until then.",
      rateLimited:
        'The gateway asked us to slow down. Tilldesk waits as asked, then checks before sending again.',
      held: 'The gateway asked Tilldesk to wait before sending more payouts; this one goes once that wait has passed.',
      refusedAgain:
        'The gateway refused to take this payout again.{{said}} That does not show the earlier attempt failed, so Tilldesk keeps checking by reference and never sends it again.',
      refused: 'The gateway refused this payout, so no transfer was made.{{said}}',
      acceptedUnreadable:
        'The gateway accepted this payout but its answer could not be read, so the transfer exists. Tilldesk looks it up by reference and never sends it again.',
      duplicate:
        'The gateway already has a transfer with this reference; Tilldesk is checking it instead of sending again.',
      notFound: 'The gateway has no transfer with this reference yet.',
      notSent:
        'The request did not leave this till (no connection). Nothing reached the gateway; Tilldesk sends it when the connection is back.',
      notSentDetail:
        'The request did not leave this till ({{detail}}). Nothing reached the gateway; Tilldesk sends it when the connection is back.',
      notFoundAnswer:
        'The gateway answered "not found" without saying whether it has this transfer (HTTP {{status}}, an answer about the address, not this reference). Tilldesk keeps checking.',
      what: {
        timeout408: 'The gateway did not answer in time (HTTP 408)',
        timeout: 'The gateway did not answer in time',
        dropped: 'The connection to the gateway dropped',
        server: 'The gateway had a problem (HTTP {{status}})',
        unreadable: 'The gateway gave an answer Tilldesk could not read',
      },
      mayHaveTaken:
        '{{what}}. It may or may not have taken the payment, so Tilldesk checks by reference before sending anything again.',
      cantReach: "Can't reach the gateway right now. Tilldesk will keep trying.",
      trouble:
        'The gateway is having trouble (it answered with error {{status}}). Tilldesk will keep trying.',
      unreadable: 'The gateway gave an answer Tilldesk could not read. Tilldesk will keep trying.',
      bankFailed:
        'The bank reported: "{{message}}". No money left the merchant\'s account; check the details and create a new payout if needed.',
      bankFailedNoReason:
        "The bank reported the transfer failed without a reason. No money left the merchant's account.",
      // main/payouts/sender.ts, while the bank's name check can't be asked before sending.
      waitingName: 'Waiting to check the name with the bank: {{why}}',
      mismatch:
        "The gateway's transfer with reference {{reference}} has a different {{fields}} from this payout. Do not pay it again; ask the gateway's support to check this reference.",
      differs: {
        amount: 'amount',
        amountAnd: 'amount, {{more}}',
        accountNumber: 'account number',
        accountNumberAnd: 'account number, {{more}}',
        bank: 'bank',
        bankAnd: 'bank, {{more}}',
        currency: 'currency',
      },
    },
    review: {
      unknown:
        "Tilldesk could not find out from the gateway whether this payout went out (last answer: {{latest}}) It may or may not have been paid. Do not pay it again: check this reference with the gateway, then a supervisor marks it as paid (with the gateway's reference) or not paid.",
      changed:
        'The details no longer match what the supervisor approved; it must be approved again.',
      unsigned:
        'The approval is not signed by this till (it was copied or written outside Tilldesk); it must be approved again.',
      nameMismatch:
        'The bank says account {{account}} belongs to "{{bankName}}", not "{{name}}". Check with the customer before paying.',
      noAccount:
        'The bank has no account {{account}} at this bank. Check the account number and the bank.',
    },
  },
  shop: {
    // The shop's audit log, what each event says (main/shop/audit-log.ts).
    log: {
      payout: 'Payout {{reference}} {{state}}: {{sum}} to {{payee}}{{maker}}',
      state: {
        awaiting_approval: 'waiting for approval',
        approved: 'approved',
        sending: 'being sent',
        submitted: 'processing',
        success: 'paid',
        failed: 'failed',
        reversed: 'returned',
        rejected: 'rejected',
        needs_review: 'needs review',
        unknown: 'outcome unknown',
        expired: 'expired',
      },
      stateUnknown: 'in a state this till does not know ({{state}})',
      money: '{{sumAmount}}',
      minorUnits: '{{amount}} minor units {{currency}}',
      aPayee: 'a payee',
      draftedBy: ', drafted by {{name}}',
      shiftOpened: 'Shift {{shift}} opened',
      shiftClosed: 'Shift {{shift}} closed, Z-report {{z}}{{received}}',
      received: ': received {{sums}}',
      plus: '{{sum}} + {{rest}}',
      wrongPin: 'Wrong PIN for {{name}}',
      transferMoved:
        "Transfer {{reference}} of {{sum}} counted here while out of step, moved to {{till}}'s sale by the shop's rule",
      anotherTill: 'another till',
      staff: 'Staff {{change}}{{whom}}{{role}}',
      staffUpserted: 'added or changed',
      whom: ': {{name}}',
      role: ' ({{role}})',
      decision: 'Payout {{reference}} {{decision}}{{drafted}}{{reason}}',
      decided: 'decided',
      draftedAt: ' (drafted at {{till}})',
      because: ': {{reason}}',
      tillJoined: 'Joined the shop',
      tillPinned: "Vouched for another till's key",
      other: '{{kind}}{{reference}}',
      // Why this till did not apply another till's event (main/shop/sync.ts, staff.ts).
      refusal: {
        bad_signature: 'Refused: its signature does not match the till it claims to come from',
        gap: 'Held back: an earlier event of that till is missing, so nothing after it is applied',
        unknown_till: 'Refused: it names a till the shop has not enrolled',
        unpinned: 'Refused: it comes from a till whose key no till of the shop has vouched for',
        malformed: 'Refused: it could not be read',
        not_admin:
          'Refused: a staff change whose author was not an admin in the staff list at that point',
      },
      refusalOther: 'Refused ({{why}})',
      refusedEvent: '{{words}} (event {{event}})',
      till: {
        own_one: '{{count}} event, signed on this till',
        own_other: '{{count}} events, signed on this till',
        gap_one:
          '{{count}} event, signatures checked; stopped at a missing event: nothing after it is applied until it arrives',
        gap_other:
          '{{count}} events, signatures checked; stopped at a missing event: nothing after it is applied until it arrives',
        refused_one: '{{count}} event, signatures checked; {{refused}} refused',
        refused_other: '{{count}} events, signatures checked; {{refused}} refused',
        checked_one: '{{count}} event, signatures checked, no gaps',
        checked_other: '{{count}} events, signatures checked, no gaps',
      },
    },
    // Settings' integrity finding for another till's event this till refused (main/shop/sync.ts).
    finding: {
      file: 'shop server',
      record: 'event {{event}} from {{till}}',
      problem: {
        bad_signature: "The event's signature does not match the till it claims to come from.",
        gap: 'An event of that till is missing on the server.',
        unknown_till: 'The event names a till the shop server does not list.',
        unpinned:
          'The event comes from a till whose key this till has not pinned: no till of the shop vouched for it with an enrolment code.',
        malformed: 'The event could not be read.',
        not_admin:
          'A staff change whose author was not an admin in the staff list at that point (a till signed it, no admin made it).',
      },
      consequence: 'It was not applied on this till.',
    },
    // The shop's state, for the status bar and Settings → Shop (main/shop/service.ts).
    state: {
      inStep: 'In step with {{shop}}.',
      joined:
        "Joined {{shop}}: waiting for the till that made the code to confirm this till. Until then this till's events stay here.",
      alone: 'Shop server not reachable: this till works alone and catches up when it is back.',
      aloneBecause:
        'Shop server not reachable: this till works alone and catches up when it is back. ({{reason}})',
    },
    unreachable:
      'The shop server could not be reached. Check the address and port, and that it is running.',
    loginRefused: 'The server refused the user name or password.',
    certificate: "The server's certificate could not be verified. Paste the shop's CA certificate.",
    codeNotValid:
      'That code is not valid: it was used, it expired, or it was mistyped. Make a new one.',
    noTls: 'The server does not offer TLS. Tilldesk only talks to a shop server over TLS.',
    refused: 'The shop server refused: “{{message}}”',
    notInShopMode: 'This till is not in shop mode.',
    notInShop: 'This till is not in a shop.',
    alreadyInShop: 'This till is already in a shop. Leave it first.',
    joinFirst: 'Join or create a shop first.',
    approveOnTheirTill: 'This till is not in a shop: approve payouts on their till.',
    overLimit: '{{refusal}} Payouts of every till in the shop are counted.',
    noLongerWaiting:
      'That payout is no longer waiting for approval (its till decided or changed it). Look at the list again.',
    detailsChanged:
      'This payout changed while you were looking at it. Check the details again before deciding.',
    cannotDecide:
      'You cannot decide this payout here: you drafted it or already decided it, or its till did not say what an approval binds to. Look at the list again.',
    blocked: {
      drafted: 'You drafted this payout, so another supervisor must decide it.',
      approved: 'You already approved it; {{till}} applies it as soon as it hears.',
      rejected: 'You already rejected it; {{till}} applies it as soon as it hears.',
      itsTill: 'its till',
      noBinding:
        'Its till did not say which details an approval binds to; approve it on that till.',
    },
  },
  // Settings' integrity findings (common/words/integrity.ts).
  integrity: INTEGRITY_WORDS.en,
  report: {
    source: {
      collections: 'Collections',
      hosted: 'Hosted payments',
      refunds: 'Refunds',
      payouts: 'Payouts',
      debits: 'Direct debits',
    },
    chargeLeftOut: 'Charge {{id}} could not be reconciled and is left out.',
    payoutJournal:
      'The payout journal could not be read in full; payouts after record {{seq}} are left out. An admin should look at Settings → Integrity.',
    sourceLeftOut:
      '{{source}} could not be read or did not pass their check; they are left out of this report. An admin should look at Settings → Integrity.',
    zMissing:
      'Z-report {{number}} is missing or unreadable: what it counted may be counted again in this report. Compare with its printed copy.',
    books:
      'The books kept for reports ({{file}}) did not pass their check; hosted payments and refunds their journals no longer hold may be missing from this report. An admin should look at Settings → Integrity.',
    leftOut:
      'Part of what this report counts could not be read and is left out. An admin should look at Settings → Integrity.',
  },
}

const fr: ErrorWords = {
  gateway: {
    explained: '{{problem}} {{action}}',
    theGateway: 'la passerelle',
    theKey: 'la clé',
    keyNamed: 'la clé {{keyId}}',
    said: 'La passerelle a répondu : « {{message}} ».',
    unknownKey:
      'La passerelle ne reconnaît pas {{key}}. Elle a peut-être été révoquée ou renouvelée, ou elle appartient à l’autre environnement (les clés du bac à sable ne fonctionnent pas en réel, et inversement).',
    enterKeyAgain:
      'Ouvrez le tableau de bord du commerçant → Clés d’API, copiez l’identifiant et le secret actuels de la clé pour cet environnement, puis saisissez-les de nouveau dans Paramètres → Clé d’API.',
    badSecret:
      'La passerelle connaît {{key}}, mais le secret ne correspond pas : chaque requête signée est refusée.',
    copySecret:
      'Copiez de nouveau le secret depuis le tableau de bord (il n’est affiché qu’à la création de la clé ; renouvelez la clé si vous ne l’avez plus) et saisissez-le dans Paramètres → Clé d’API.',
    clock:
      'L’horloge de cet ordinateur est trop éloignée de celle de la passerelle (plus de 5 minutes) : la passerelle refuse ses requêtes.',
    fixClock:
      'Activez la date et l’heure automatiques dans les réglages du système (et vérifiez le fuseau horaire), puis testez de nouveau.',
    badToken: 'La passerelle a refusé un jeton d’accès non valable ou expiré.',
    testAgain:
      'Testez de nouveau la connexion ; si le problème persiste, saisissez de nouveau la clé d’API.',
    noCapability:
      '{{key}} fonctionne, mais il lui manque une autorisation nécessaire à cette action.',
    grantCapability:
      'Dans le tableau de bord du commerçant → Clés d’API, donnez à la clé l’autorisation qui manque (ou créez une clé qui l’a) et saisissez-la ici.',
    rateLimited: 'La passerelle limite la fréquence des appels de cette caisse.',
    waitSeconds_one: 'Patientez {{count}} seconde, puis réessayez.',
    waitSeconds_other: 'Patientez {{count}} secondes, puis réessayez.',
    waitMinute: 'Patientez une minute, puis réessayez.',
    server: 'La passerelle a eu un problème interne.',
    serverStatus: 'La passerelle a eu un problème interne (HTTP {{status}}).',
    notThisTill:
      'Le problème ne vient pas de cette caisse. Réessayez dans quelques minutes ; s’il persiste, consultez la page d’état de la passerelle.',
    unreachable: 'Impossible de joindre {{host}} : aucune connexion n’a pu être établie.',
    checkNetwork:
      'Vérifiez le câble réseau ou le Wi-Fi, tout proxy ou pare-feu, et l’URL de base dans Paramètres → Environnement.',
    slow: '{{host}} n’a pas répondu à temps.',
    slowAction:
      'Le réseau est peut-être lent ou la passerelle occupée. Réessayez ; si cela se répète, vérifiez la connexion.',
    notGateway: '{{host}} a répondu, mais pas comme la passerelle de paiement.',
    checkBaseUrl:
      'Vérifiez l’URL de base dans Paramètres → Environnement : elle désigne peut-être un site web, un portail captif ou un mauvais chemin.',
    noEndpoint: '{{host}} n’a pas ce point d’accès ni cet enregistrement.',
    missingPath:
      'Si cela s’est produit pendant le test de connexion, il manque sans doute une partie du chemin à l’URL de base.',
    invalid: 'La passerelle a refusé la requête comme non valable.',
    invalidSaid: 'La passerelle a refusé la requête comme non valable : « {{message}} ».',
    correctFields: 'Corrigez les éléments signalés, puis réessayez.',
    conflict: 'La passerelle signale un conflit avec un enregistrement existant.',
    checkExisting: 'Vérifiez l’enregistrement existant avant de réessayer.',
    refused: 'La passerelle a refusé la requête.',
    tryThenTest:
      'Réessayez ; si le problème persiste, lancez le test de connexion dans Paramètres.',
  },
  actions: {
    startPayment: 'de démarrer le paiement',
    lookUpPayment: 'de retrouver le paiement',
    simulateCustomer: 'de simuler le client',
    checkPayment: 'de vérifier le paiement',
    issueRefund: 'd’effectuer le remboursement',
    lookUpRefund: 'de retrouver le remboursement',
    loadRefundHistory: 'de charger l’historique des remboursements',
    countRefunds: 'de compter les remboursements',
    chargeMandate: 'de débiter le mandat',
    lookUpDebit: 'de retrouver le prélèvement',
    checkDebit: 'de vérifier le prélèvement',
    loadBanks: 'de charger la liste des banques',
    checkAccount: 'de vérifier le compte',
    createMandate: 'de créer le mandat',
    activateMandate: 'd’activer le mandat',
    askForCode: 'de demander à la banque d’envoyer le code',
    sendActivationCode: 'd’envoyer le code d’activation',
    cancelMandate: 'd’annuler le mandat',
    lookUpMandate: 'de retrouver le mandat',
    reconcileDay: 'de rapprocher la journée',
    loadPayments: 'de charger les paiements',
    loadTransfers: 'de charger les virements',
    loadPayouts: 'de charger les versements',
  },
  cashier: {
    internal: 'Impossible {{action}}. Réessayez ; si cela se répète, prévenez un administrateur.',
    keyNotAllowed:
      'Impossible {{action}}. La clé d’API de la caisse n’a pas le droit de faire cela. Demandez à un administrateur de lancer le test de connexion dans Paramètres.',
    clockWrong:
      'Impossible {{action}}. L’horloge de cet ordinateur est fausse : la passerelle a refusé la requête. Demandez à un administrateur de lancer le test de connexion dans Paramètres.',
    keyRefused:
      'Impossible {{action}}. La passerelle n’a pas accepté la clé d’API de la caisse. Demandez à un administrateur de lancer le test de connexion dans Paramètres.',
    fieldSaid: 'La passerelle a répondu : « {{message}} ».',
    refusedSaid: 'Impossible {{action}} : la passerelle a répondu « {{message}} ».',
    notValid: 'Impossible {{action}} : certains éléments ne sont pas valables.',
    noRecord: 'Impossible {{action}} : la passerelle n’a pas cet enregistrement.',
    wrongState: 'Impossible {{action}} : l’enregistrement n’est pas dans un état qui le permet.',
    notAllowed: 'Impossible {{action}} : la passerelle ne l’a pas permis.',
    busy: 'La passerelle est occupée. Réessayez dans quelques secondes.',
    busySeconds_one: 'La passerelle est occupée. Réessayez dans {{count}} seconde.',
    busySeconds_other: 'La passerelle est occupée. Réessayez dans {{count}} secondes.',
    unreachable:
      'Impossible {{action}} : la passerelle de paiement est injoignable. Vérifiez la connexion Internet de la caisse, puis réessayez.',
    timeout: 'Impossible {{action}} : la passerelle n’a pas répondu à temps. Réessayez.',
    server:
      'Impossible {{action}} : la passerelle a eu un problème de son côté. Réessayez dans un instant.',
    unreadable:
      'Impossible {{action}} : la passerelle a donné une réponse que Tilldesk n’a pas pu lire. Réessayez ; si cela se répète, prévenez un administrateur.',
    keepsChecking: '{{problem}} La caisse continue de vérifier.',
  },
  input: {
    checkFields: 'Vérifiez les champs signalés.',
    form: {
      accountName: 'Saisissez le nom du titulaire du compte.',
      enterAmount: 'Saisissez un montant.',
      dailyUnderPerPayout:
        'Le plafond journalier doit être au moins égal au plafond par versement.',
    },
    endBeforeStart: 'La date de fin est avant la date de début.',
    dayMissing: 'Choisissez un jour qui existe.',
    dayMissingField: 'Ce jour n’existe pas.',
    dayAhead: 'Choisissez aujourd’hui ou un jour passé : ce jour n’a pas commencé.',
    dayAheadField: 'Ce jour n’a pas commencé.',
    pdfNeedsDesktop:
      'L’enregistrement en PDF demande l’application de bureau. Exportez plutôt le CSV, ou imprimez la page.',
    feedNotAllowed: 'Cette copie de Tilldesk ne prend ses mises à jour que depuis {{feeds}}.',
    feedNotAllowedField: 'Cette copie ne prend pas de mises à jour depuis cette adresse.',
    contract: {
      accountReferencesAreAtMost64: 'Les références de compte ont au plus 64 caractères.',
      crashReportsHttps: 'Saisissez l’adresse https:// où partent les rapports de plantage.',
      amountTooLong: 'Ce montant est trop long.',
      enterAnAmount: 'Saisissez un montant.',
      gatewayReferenceForIt: 'Saisissez la référence de la passerelle pour celui-ci.',
      gatewayReferenceForTransfer: 'Saisissez la référence de la passerelle pour le virement.',
      gatewayReferenceForRefund: 'Saisissez la référence de la passerelle pour le remboursement.',
      pick25To100: 'Choisissez 25, 50 ou 100.',
      secretSpaces: 'Le secret commence ou finit par des espaces ; copiez-le à nouveau.',
      baseUrlHttps:
        'Saisissez une adresse https:// (http:// seulement pour cet ordinateur), sans ?requête ni #fragment.',
      timeLike2200: 'Saisissez une heure comme 22:00.',
      pickTimeZone: 'Choisissez un fuseau horaire dans la liste.',
      wholeCertificate:
        'Collez le certificat entier, de -----BEGIN CERTIFICATE----- à -----END CERTIFICATE-----.',
      shopOwnerUser: 'Saisissez l’utilisateur de base de données du propriétaire de la boutique.',
      shopOwnerPassword:
        'Saisissez le mot de passe de base de données du propriétaire de la boutique.',
      atLeast1Minute: 'Au moins 1 minute.',
      atLeast5Minutes: 'Au moins 5 minutes.',
      atMost7Days: 'Au plus 7 jours.',
      chooseTheBankFromTheList: 'Choisissez la banque dans la liste.',
      codesLookLikeK7m2qXr9td: 'Les codes ressemblent à K7M2Q-XR9TD.',
      databaseNamesHaveLettersDigitsAnd:
        'Les noms de base de données n’ont que des lettres, des chiffres, - et _.',
      enterAFullEMailAddress: 'Saisissez une adresse e-mail complète.',
      enterAHostNameOrIp: 'Saisissez un nom d’hôte ou une adresse IP, rien d’autre.',
      enterAMandateReference: 'Saisissez une référence de mandat.',
      enterAName: 'Saisissez un nom.',
      enterAPaymentReference: 'Saisissez une référence de paiement.',
      enterAReferenceOrEMail: 'Saisissez une référence ou une adresse e-mail.',
      enterAReference: 'Saisissez une référence.',
      enterATillName: 'Saisissez un nom de caisse.',
      enterAValidEMailAddress: 'Saisissez une adresse e-mail valable, ou laissez le champ vide.',
      enterThe10DigitAccountNumber: 'Saisissez le numéro de compte à 10 chiffres.',
      enterTheAccountReference: 'Saisissez la référence du compte.',
      enterTheDatabaseName: 'Saisissez le nom de la base de données.',
      enterTheKeyId: 'Saisissez l’identifiant de la clé.',
      enterTheServerAddress: 'Saisissez l’adresse du serveur.',
      giveAReasonAFewWords: 'Donnez un motif (quelques mots).',
      keepNamesTo40Characters: 'Les noms ont au plus 40 caractères.',
      keepTheNarrationTo100Characters: 'Le libellé a au plus 100 caractères.',
      keepTheNoteTo200Characters: 'La note a au plus 200 caractères.',
      keepTheReasonTo300Characters: 'Le motif a au plus 300 caractères.',
      keepTheTillNameTo40: 'Le nom de la caisse a au plus 40 caractères.',
      keyIdsHaveNoSpacesOr: 'Les identifiants de clé n’ont ni espaces ni caractères spéciaux.',
      nameTheShop: 'Donnez un nom à la boutique.',
      pickABankFromTheList: 'Choisissez une banque dans la liste.',
      referencesAreAtMost64Characters: 'Les références ont au plus 64 caractères.',
      referencesUseOnlyLettersDigitsDot:
        'Les références n’utilisent que des lettres, des chiffres, le point, le tiret et le tiret bas.',
      saleReferencesAreAtMost64: 'Les références de vente ont au plus 64 caractères.',
      sayHowYouKnowItWas: 'Dites comment vous savez qu’il a été payé.',
      sayWhyItWasNotPaid: 'Dites pourquoi il n’a pas été payé.',
      sayWhyTheMoneyIsGoing: 'Dites pourquoi l’argent est rendu (au moins 3 caractères).',
      sendingCrashReportsNeedsTheAddress:
        'L’envoi des rapports de plantage demande l’adresse à laquelle ils vont.',
      thatFloatIsTooLarge: 'Ce fonds de caisse est trop élevé.',
      thatKeyIdIsTooLong: 'Cet identifiant de clé est trop long.',
      thatNameIsTooLong: 'Ce nom est trop long.',
      thatSecretIsTooLong: 'Ce secret est trop long.',
      thatSecretIsTooShortCopy:
        'Ce secret est trop court ; copiez-le de nouveau depuis le tableau de bord.',
      theOtpIs4To8: 'Le code OTP a 4 à 8 chiffres.',
      thePinIs4To6: 'Le code PIN a 4 à 6 chiffres.',
      theAccountNumberIs10Digits: 'Le numéro de compte a 10 chiffres.',
      theFloatCannotBeNegative: 'Le fonds de caisse ne peut pas être négatif.',
      theFloatIsAWholeNumber: 'Le fonds de caisse est un nombre entier de centimes.',
      typeANamePhoneEMail: 'Tapez un nom, un téléphone, une adresse e-mail ou une référence.',
      unknownZReport: 'Rapport Z inconnu.',
      unknownCharge: 'Demande de paiement inconnue.',
      unknownPayout: 'Versement inconnu.',
      unknownShift: 'Service inconnu.',
      unknownUser: 'Utilisateur inconnu.',
      useADateLike202501: 'Utilisez une date comme 2025-01-31.',
      useADateYyyyMmDd: 'Utilisez une date, AAAA-MM-JJ.',
      useLettersDigitsDotDashOr:
        'Utilisez des lettres, des chiffres, le point, le tiret ou le tiret bas.',
      useWholeMilliseconds: 'Utilisez des millisecondes entières.',
      useWholeMinutes: 'Utilisez des minutes entières.',
    },
    zod: {
      required: 'Ce champ est obligatoire.',
      invalidType: 'Ce n’est pas le type de valeur attendu ici.',
      tooShort_one: 'Saisissez au moins {{count}} caractère.',
      tooShort_other: 'Saisissez au moins {{count}} caractères.',
      tooLong_one: 'Au plus {{count}} caractère.',
      tooLong_other: 'Au plus {{count}} caractères.',
      tooSmall: 'Saisissez {{minimum}} ou plus.',
      tooBig: 'Saisissez {{maximum}} ou moins.',
      format: 'Ce n’est pas écrit sous la forme attendue.',
      choice: 'Choisissez l’un des choix proposés.',
      unknownKeys:
        'Tilldesk a reçu des éléments inattendus ici. Mettez Tilldesk à jour, ou redémarrez-le.',
      invalid: 'Vérifiez cette valeur.',
    },
    checkDetails: 'Vérifiez les éléments, puis réessayez.',
  },
  payments: {
    checkout: {
      noPage: 'Ce paiement n’a pas de page de paiement à ouvrir.',
      notWaiting: 'Ce paiement n’attend plus le client.',
      useQr: 'Ouvrez le lien, ou laissez le client scanner le code QR avec son téléphone.',
      noBrowser: 'Le navigateur du système n’a pas pu s’ouvrir. Utilisez plutôt le code QR.',
      noGateway:
        'Aucune passerelle n’est configurée : la page de paiement ne peut pas être vérifiée.',
      notAddress: 'L’adresse de la page de paiement n’est pas une adresse web valable.',
      notSecure: 'L’adresse de la page de paiement n’est pas une page sécurisée (https).',
      credentials:
        'L’adresse de la page de paiement contient un nom d’utilisateur ou un mot de passe.',
      notGatewaySite:
        'L’adresse de la page de paiement n’est pas sur le site de la passerelle ({{host}}) : la caisse ne l’ouvrira pas.',
    },
    noSuch: 'Aucun paiement n’a la référence {{reference}}.',
    notice: {
      waitingCustomer:
        'Toujours en attente du client. Appuyez sur Vérifier l’état quand il dit avoir payé.',
      unknownStatus:
        'La passerelle indique ce paiement comme « {{status}} », un état que cette caisse ne connaît pas. Il n’est compté ni comme payé ni comme échoué ; vérifiez auprès de la passerelle.',
    },
    noSuchCheckReceipt:
      'Aucun paiement n’a la référence {{reference}}. Comparez-la au ticket de caisse du client.',
    unknownStatus:
      'La passerelle indique le paiement {{reference}} comme « {{status}} », un état que cette caisse ne connaît pas : il ne peut pas être affiché ici. Vérifiez-le auprès de la passerelle.',
    recordIncomplete:
      'L’enregistrement du paiement {{reference}} à la passerelle n’indique ni son montant ni sa devise : il ne peut pas être affiché ici. Son état à la passerelle : {{status}}.',
    demoOnly:
      'Simuler le client n’est possible que sur la passerelle de démo. Le client doit payer sur la page de paiement.',
  },
  refunds: {
    noSuch: 'Aucun remboursement n’a la référence {{reference}}.',
    amountRefused:
      'La passerelle n’a pas accepté de rembourser ce montant. Le solde remboursable a peut-être changé : recherchez de nouveau le paiement.',
    unconfirmed:
      'La passerelle n’a pas encore confirmé le remboursement {{reference}}. Ne l’effectuez pas une seconde fois : la caisse continue de vérifier, et il apparaîtra sous ce paiement une fois confirmé.',
    notCompleted:
      'Ce paiement n’est pas encore terminé. Seuls les paiements terminés peuvent être remboursés.',
    didNotGoThrough: 'Ce paiement n’a pas abouti : il n’y a rien à rembourser.',
    restInProgress:
      'Le reste de ce paiement est déjà en cours de remboursement. Attendez la fin de ces remboursements.',
    refundedInFull: 'Ce paiement a déjà été remboursé en totalité.',
    unknownStatus:
      'La passerelle indique ce paiement comme « {{status}} », un état que cette caisse ne connaît pas. Seuls les paiements que la passerelle dit terminés peuvent être remboursés.',
    atMost: 'Au plus {{mostAmount}} peuvent être remboursés sur ce paiement.',
    recordIncomplete:
      'L’enregistrement du paiement {{reference}} à la passerelle n’indique ni son montant ni sa devise : ce qui peut être remboursé ne peut pas être calculé ici. Rien n’a été remboursé.',
    inProgress: 'Un remboursement de ce paiement est en cours d’envoi. Attendez qu’il se termine.',
  },
  mandates: {
    form: {
      customerName: 'Saisissez le nom complet du titulaire du compte, tel que la banque l’écrit.',
      emailMissing: 'Saisissez l’adresse e-mail du client.',
      emailIncomplete: 'Cette adresse e-mail semble incomplète, par exemple nom@exemple.com.',
      bankMissing: 'Choisissez la banque du client.',
      bankThreeDigits:
        'Cette banque ne peut pas recevoir de mandat de prélèvement : un mandat exige une banque au code à trois chiffres.',
      startMissing: 'Saisissez le premier jour du mandat, par exemple 2025-02-01.',
      startPast: 'Le mandat ne peut pas commencer dans le passé.',
      endMissing: 'Saisissez le dernier jour du mandat, par exemple 2025-12-31.',
      tooShort:
        'Le mandat doit durer au moins {{days}} jours : terminez-le le {{endDay}} ou plus tard.',
      monthlyZero: 'Saisissez un plafond mensuel supérieur à zéro.',
      monthlyMissing: 'Saisissez le plafond mensuel, par exemple 50000.',
      countMissing: 'Saisissez combien de prélèvements par mois sont permis : 1 ou plus.',
      countTooMany: 'Au plus {{max}} prélèvements par mois.',
      debitZero: 'Saisissez un montant supérieur à zéro.',
      debitMissing: 'Saisissez un montant, par exemple 5000.',
      narrationMissing: 'Saisissez ce que le client verra sur son relevé bancaire.',
      overMonthLeft: 'Il ne reste que {{leftAmount}} sur le plafond de {{limitAmount}} de ce mois.',
    },
    noSuch: 'Aucun mandat n’a la référence {{reference}}.',
    noSuchDebit: 'Aucun prélèvement n’a la référence {{reference}}.',
    noSuchAccount:
      'La banque n’a aucun compte avec ce numéro. Vérifiez le numéro et la banque avec le client.',
    overMonthlyLimit:
      'La passerelle a refusé : ce prélèvement dépasserait la limite mensuelle du mandat (les prélèvements faits ailleurs comptent aussi).',
    gatewayNotActive:
      'Selon la passerelle, ce mandat n’est pas actif : il ne peut pas être débité.',
    sendCodeFirst:
      'Envoyez d’abord le code : appuyez sur « Envoyer le code au client », puis saisissez le code qu’il reçoit.',
    codeRefused:
      'La banque n’a pas accepté le code ou le code PIN. Vérifiez-les avec le client, puis réessayez.',
    status: {
      pending_activation: 'en attente d’activation',
      active: 'actif',
      cancelled: 'annulé',
      expired: 'expiré',
      unknown: 'dans un état que cette caisse ne connaît pas (vérifiez auprès de la passerelle)',
    },
    debitInProgress:
      'Un prélèvement sur ce mandat est en cours d’envoi. Attendez qu’il se termine.',
    debitNotice: {
      waiting:
        'La passerelle n’a pas encore confirmé ce prélèvement. Ne débitez pas une seconde fois : la caisse continue de vérifier.',
      gaveUp:
        'Toujours pas réglé au bout de deux heures. Appuyez plus tard sur Vérifier l’état, ou demandez à la banque.',
    },
    notice: {
      waiting:
        'La passerelle n’a pas encore confirmé ce mandat. La caisse le redemande à chaque ouverture ; ne le créez pas une seconde fois.',
      review:
        'La passerelle n’a jamais confirmé ce mandat : il existe peut-être, peut-être pas. Un superviseur doit vérifier sa référence auprès de la passerelle. Ne le créez pas une seconde fois.',
    },
    notActiveYet: 'Ce mandat n’est pas encore actif. Activez-le d’abord avec le client.',
    cannotCharge:
      'Ce mandat est {{status}} : il ne peut pas être débité. Créez un nouveau mandat avec le client.',
    allDebitsUsed_one:
      'Ce mandat a utilisé le {{count}} prélèvement permis pour {{month}}. Le prochain prélèvement pourra être fait le mois prochain.',
    allDebitsUsed_other:
      'Ce mandat a utilisé les {{count}} prélèvements permis pour {{month}}. Le prochain prélèvement pourra être fait le mois prochain.',
    debitNoCurrency:
      'L’enregistrement du prélèvement {{reference}} à la passerelle n’indique pas sa devise, et son mandat {{mandate}} n’a pas pu être retrouvé : son montant ne peut pas être affiché ici. Son état à la passerelle : {{status}}.',
    recordIncomplete_one:
      'L’enregistrement du mandat {{reference}} à la passerelle n’indique pas cet élément ({{fields}}), et cette caisse ne l’a pas créé : il ne peut être ni affiché ni débité ici. Son état à la passerelle : {{status}}.',
    recordIncomplete_other:
      'L’enregistrement du mandat {{reference}} à la passerelle n’indique pas ces éléments ({{fields}}), et cette caisse ne l’a pas créé : il ne peut être ni affiché ni débité ici. Son état à la passerelle : {{status}}.',
    unconfirmedInList:
      'La passerelle n’a pas encore confirmé le mandat {{reference}}. Il est dans la liste : ouvrez-le dans un instant pour vérifier. Ne le créez pas une seconde fois.',
    neverConfirmed:
      'La passerelle n’a jamais confirmé le mandat {{reference}} : il existe peut-être, peut-être pas. Un superviseur doit vérifier cette référence auprès de la passerelle. Ne le créez pas une seconde fois.',
    unconfirmed:
      'La passerelle n’a pas encore confirmé le mandat {{reference}}. La caisse redemande à son ouverture ; ne le créez pas une seconde fois.',
    noActivation: 'Ce mandat est {{status}} : il n’a pas besoin d’activation.',
    activationUnconfirmed:
      'La passerelle n’a pas confirmé l’activation. Demandez un nouveau code au client, puis réessayez.',
    already: 'Ce mandat est déjà {{status}}.',
    cancelUnconfirmed: 'La passerelle n’a pas confirmé l’annulation. Réessayez.',
    busy: 'Ce mandat est en cours de mise à jour. Patientez un instant.',
  },
  collections: {
    customer: {
      existing:
        '{{name}} a déjà un compte ({{how}}) : {{bank}} {{number}}. Aucun second compte n’a été ouvert.',
      byEmail: 'trouvé par e-mail',
      byBvn: 'trouvé par BVN',
      created: 'Compte ouvert pour {{name}} : {{bank}} {{number}}.',
    },
    noCurrency: 'La passerelle n’a pas indiqué la devise de ce compte.',
    unreachable:
      '{{what}} La passerelle est injoignable pour le moment ; réessayez dans un instant.',
    lookUp: 'Impossible de rechercher le compte.',
    lookUpEmail: 'Impossible de rechercher l’adresse e-mail.',
    mayNotBeCreated: 'Le compte n’a peut-être pas été créé.',
    notCreated: 'Le compte n’a pas été créé.',
    emailUnchecked:
      'Le compte n’a pas été créé : la passerelle est injoignable pour vérifier si cette adresse e-mail a déjà un compte. Réessayez dans un instant.',
    emailUnknown:
      'Le compte n’a pas été créé : la passerelle n’a pas indiqué si cette adresse e-mail a déjà un compte (elle a répondu « {{message}} »). Réessayez, ou recherchez le client par e-mail.',
    notEmail: '« {{email}} » n’est pas une adresse e-mail.',
    enterEmail: 'Saisissez une adresse e-mail, par exemple ada@example.com.',
    notReference: 'Ce n’est pas une référence de compte.',
    referenceChars: 'Utilisez des lettres, des chiffres, le point, le tiret ou le tiret bas.',
    referenceExists:
      'Un compte avec la référence « {{reference}} » existe déjà. Recherchez-le par sa référence, ou choisissez une autre référence.',
    referenceTaken: 'Cette référence est déjà utilisée.',
    accountRefused: 'La passerelle a refusé le compte : « {{message}} »',
    demoOnly: {
      transfers:
        'Les virements simulés n’existent que dans l’environnement Démo, pour la formation.',
      outages: 'Les pannes simulées n’existent que dans l’environnement Démo, pour la formation.',
      answers: 'Les réponses perdues n’existent que dans l’environnement Démo, pour la formation.',
    },
    demoRefused: 'La passerelle de démo a refusé : « {{message}} »',
    fromAfterTo: 'La date de début est après la date de fin.',
    pickFrom: 'Choisissez une date antérieure ou égale à la date de fin.',
    historyRefused: 'La passerelle a refusé la demande d’historique : « {{message}} »',
    noAccount:
      'Aucun compte n’a la référence « {{reference}} ». Recherchez ou créez d’abord le client.',
  },
  tamper: {
    journal:
      '{{file}} a été modifié, endommagé ou remplacé en dehors de Tilldesk. Tilldesk a cessé de le lire et a laissé le fichier tel quel ; rien de son contenu n’est pris en compte tant qu’il n’a pas été examiné. Restaurez-le depuis une sauvegarde, ou demandez à l’assistance de l’examiner.',
    journalLine:
      '{{file}}, ligne {{line}}, a été modifié, endommagé ou remplacé en dehors de Tilldesk. Tilldesk a cessé de lire ce journal et a laissé le fichier tel quel ; rien de son contenu n’est pris en compte tant qu’il n’a pas été examiné. Restaurez-le depuis une sauvegarde, ou demandez à l’assistance de l’examiner.',
    authority:
      'Les paramètres qui décident où va l’argent (environnement, adresses de la passerelle, identifiants de clé, nom de la caisse, délais de verrouillage ou personnel) ont été modifiés en dehors de Tilldesk, ou le fichier a été remplacé par une autre copie.',
    nothingSent:
      'Rien n’est envoyé à la passerelle {{environment}} : les paramètres qui décident où va l’argent ont été modifiés en dehors de Tilldesk, ou le fichier a été remplacé par une autre copie. Un administrateur doit examiner ce qui a changé en haut de Paramètres et confirmer les paramètres avec son code PIN.',
    payoutsOffKeychain: 'Les versements en {{environment}} sont arrêtés : {{why}}',
    payoutsOffAuthority:
      'Les versements en {{environment}} sont arrêtés : les paramètres qui décident où va l’argent ont été modifiés en dehors de Tilldesk, ou le fichier a été remplacé par une autre copie. Un administrateur doit examiner ce qui a changé dans Paramètres et confirmer les paramètres avec son code PIN.',
    profile:
      'Le profil de {{name}} a été modifié en dehors de Tilldesk (il ne correspond pas à son sceau) : Tilldesk n’en tient pas compte. Un administrateur doit le supprimer et ajouter de nouveau la personne.',
    noSetupAgain:
      'Tilldesk ne configurera pas cette caisse une seconde fois : le trousseau montre qu’elle a déjà été configurée, et le fichier des paramètres a été modifié en dehors de Tilldesk ou remplacé par une autre copie. Restaurez le fichier des paramètres depuis une sauvegarde.',
    policy:
      'Les versements sont arrêtés : les plafonds de versement ou la durée de validité des approbations ont été modifiés en dehors de Tilldesk, ou le fichier a été remplacé par une copie plus ancienne. Un administrateur doit vérifier les plafonds et les enregistrer de nouveau.',
  },
  decision: {
    signIn: 'Connectez-vous pour décider.',
    signInToAcknowledge: 'Connectez-vous pour en prendre acte.',
    this: {
      payment: 'ce paiement',
      refund: 'ce remboursement',
      debit: 'ce prélèvement',
      payout: 'ce versement',
      mandate: 'ce mandat',
    },
    makerBlock: {
      payment:
        'Vous avez encaissé ce paiement : un autre superviseur doit décider s’il a été payé.',
      refund:
        'Vous avez effectué ce remboursement : un autre superviseur doit décider s’il a été fait.',
      debit: 'Vous avez fait ce prélèvement : un autre superviseur doit décider s’il a été payé.',
      payout: 'Vous avez préparé ce versement : un autre superviseur doit décider s’il a été payé.',
    },
    fenced:
      'Une requête pour {{what}} peut encore parvenir à la passerelle : décider maintenant pourrait la contredire. La décision est possible à partir de {{time}} ; la caisse continue de vérifier en attendant.',
    asking:
      'La caisse interroge la passerelle sur {{what}} en ce moment. La décision est possible à partir de {{time}}, une fois la réponse reçue.',
    noAlarm: {
      payment: 'Ce paiement n’a aucune alerte à prendre en compte.',
      refund: 'Ce remboursement n’a aucune alerte à prendre en compte.',
      debit: 'Ce prélèvement n’a aucune alerte à prendre en compte.',
      payout: 'Ce versement n’a aucune alerte à prendre en compte.',
    },
    onlyUnknown: {
      payment: 'Seul un paiement au résultat inconnu peut être marqué comme payé ou non payé.',
      debit: 'Seul un prélèvement au résultat inconnu peut être marqué comme payé ou non payé.',
      refund:
        'Seul un remboursement au résultat inconnu peut être marqué comme effectué ou non effectué.',
      payout: 'Seul un versement au résultat inconnu peut être marqué comme payé ou non payé.',
    },
  },
  outcome: {
    step: {
      lostHttp:
        'La réponse de la passerelle a été perdue ({{kind}}, HTTP {{status}}) : elle a peut-être pris le {{noun}}, peut-être pas.',
      lost: 'La réponse de la passerelle a été perdue ({{kind}}) : elle a peut-être pris le {{noun}}, peut-être pas.',
      lateHttp:
        'La passerelle n’a pas répondu à temps (HTTP {{status}}) : elle a peut-être pris le {{noun}}, peut-être pas.',
      late: 'La passerelle n’a pas répondu à temps : elle a peut-être pris le {{noun}}, peut-être pas.',
      notAskedHttp: 'La passerelle n’a pas pu être interrogée ({{kind}}, HTTP {{status}}).',
      notAsked: 'La passerelle n’a pas pu être interrogée ({{kind}}).',
      has: 'La passerelle a le {{noun}}.',
      hasNo: 'La passerelle dit n’avoir aucun {{noun}} sous cette référence.',
      stopped:
        'La caisse s’est arrêtée pendant l’envoi : la demande a peut-être atteint la passerelle.',
      ownProblem:
        'La caisse a eu un problème de son côté ({{what}}) pendant l’envoi : la demande a peut-être atteint la passerelle.',
      notTrusted:
        'Pas renvoyé : cette passerelle n’a pas encore montré qu’elle garde notre référence (une deuxième demande pourrait créer un deuxième {{noun}}). La caisse continue de chercher cette référence.',
    },
    // Every noun is masculine in French (le paiement, le mandat…): the sentences say "le".
    noun: {
      payment: 'paiement',
      refund: 'remboursement',
      debit: 'prélèvement',
      payout: 'versement',
      mandate: 'mandat',
    },
    kind: {
      invalid_api_key: 'clé d’API refusée',
      invalid_timestamp: 'horodatage refusé',
      timestamp_too_old: 'horodatage trop ancien',
      invalid_signature: 'signature refusée',
      invalid_token: 'jeton refusé',
      missing_capability: 'droit manquant',
      conflict: 'conflit',
      validation: 'requête refusée',
      unprocessable: 'requête refusée',
      not_found: 'introuvable',
      payload_too_large: 'requête trop grande',
      rate_limited: 'trop de requêtes',
      server: 'erreur du serveur',
      network: 'réseau',
      timeout: 'délai dépassé',
      aborted: 'interrompu',
      bad_response: 'réponse illisible',
    },
    unknown:
      'La passerelle n’a pas dit si elle a reçu {{what}} : il a pu avoir lieu ou non. La caisse continue de l’interroger sur cette référence ; ne le refaites pas.',
    latest: '{{why}} Dernière réponse : {{latest}}',
    noAnswerYet: 'pas encore de réponse.',
    review:
      'La caisse n’a pas pu savoir par la passerelle si {{what}} a abouti (dernière réponse : {{last}}). Il a pu avoir lieu ou non. Ne le refaites pas : un superviseur vérifie cette référence auprès de la passerelle et décide.',
    settled: 'Le résultat a été inconnu un moment ; il est réglé maintenant.',
    noticeWaiting:
      'Pas encore confirmé par la passerelle : {{what}} a pu aboutir ou non. La caisse continue de vérifier ; ne le refaites pas.',
    noticeReview:
      'Non confirmé par la passerelle : {{what}} a pu aboutir ou non. Un superviseur doit vérifier sa référence auprès de la passerelle. Ne le refaites pas.',
    onlySupervisor: 'Seul un superviseur peut décider si ce versement a été payé.',
    madePayout: 'Vous avez fait ce versement : un autre superviseur doit décider s’il a été payé.',
    marked:
      'Marqué comme {{word}} par {{name}} (référence de la passerelle {{reference}}) : {{reason}}',
    markedNot: 'Marqué comme non {{word}} par {{name}} : {{reason}}',
    word: { paid: 'payé', made: 'effectué' },
  },
  environment: {
    demo: 'Démo',
    sandbox: 'Bac à sable',
    live: 'Réel',
    liveConfirm: 'Passer en Réel déplace de l’argent réel. Tapez {{word}} pour confirmer.',
    typeWord: 'Tapez {{word}} pour confirmer.',
    notSetUp: 'La passerelle n’est pas encore configurée.',
    noSecret: 'Aucun secret n’est enregistré pour la clé {{keyId}}.',
    demoFailed:
      'La passerelle de démo n’a pas démarré. Redémarrez Tilldesk ; si cela se répète, appelez l’assistance.',
    demoStarting: 'La passerelle de démo démarre.',
    enterBaseUrl:
      'Saisissez l’URL de base de l’environnement {{environment}} dans Paramètres → Environnement.',
    badBaseUrl:
      'L’URL de base de l’environnement {{environment}} dans le fichier des paramètres n’est pas utilisable par Tilldesk (elle doit commencer par https://, ou http:// seulement vers cet ordinateur, sans ?requête ni #fragment) : rien n’y est envoyé. Saisissez de nouveau l’URL de base dans Paramètres → Environnement.',
    enterKey:
      'Saisissez la clé d’API de l’environnement {{environment}} (identifiant et secret) dans Paramètres → Clé d’API.',
    noTillSecret:
      'Cette caisse n’a pas de secret pour la clé {{keyId}}. Les secrets sont gardés par caisse dans le trousseau du système : un identifiant de clé dans le fichier des paramètres (copié, ou laissé par une autre caisse de cet ordinateur) ne donne pas à cette caisse le secret d’une autre. Saisissez de nouveau l’identifiant et le secret dans Paramètres → Clé d’API.',

    offline: {
      answeredError: 'La passerelle a répondu par une erreur (HTTP {{status}}).',
      late: 'La passerelle n’a pas répondu à temps.',
      noNetwork: 'Impossible de joindre la passerelle : vérifiez la connexion au réseau.',
      unavailable: 'La passerelle est indisponible (HTTP {{status}}).',
      refused: 'La passerelle a refusé la requête : {{message}}',
      slowDown: 'La passerelle a demandé de ralentir.',
      problems: 'La passerelle a des difficultés (HTTP {{status}}).',
      noAnswer: 'La passerelle est injoignable (aucune réponse du réseau).',
    },
  },
  connection: {
    title: {
      configuration: 'Configuration',
      reachable: 'Passerelle joignable',
      signed: 'Requête signée',
      capabilities: 'Autorisations de la clé',
      clock: 'Horloge',
    },
    capability: {
      virtual_accounts: 'Encaissements sur comptes virtuels',
      disbursements: 'Versements vers des comptes bancaires',
      banks: 'Liste des banques et vérification du nom du compte',
      payments: 'Paiements par carte et en ligne',
      transactions: 'Historique des paiements',
      direct_debits: 'Mandats de prélèvement',
      refunds: 'Remboursements',
      sandbox: 'Commandes du bac à sable (simuler des virements)',
    },
    list: '{{first}}, {{next}}',
    skipped: 'Non vérifié : une étape précédente a échoué.',
    unexpected: 'La vérification a échoué de façon inattendue.',
    tryRestart: 'Réessayez ; si cela persiste, redémarrez Tilldesk.',
    configured: '{{environment}} à {{baseUrl}}, clé {{keyId}} (secret gardé {{storage}}).',
    inMemory: 'en mémoire seulement',
    inKeychain: 'dans le trousseau du système',
    answered: 'La passerelle a répondu en {{ms}} ms.',
    accepted: 'La passerelle a accepté une requête signée avec la clé {{keyId}}.',
    acceptedNoBanks:
      'La passerelle a accepté la signature de la clé {{keyId}} (la clé n’a pas l’autorisation de la liste des banques ; voir plus bas).',
    lacks: 'Il manque à la clé : {{list}}.',
    unconfirmed: 'Impossible de confirmer : {{list}}.',
    holdsAll: 'La clé a toutes les autorisations dont Tilldesk se sert.',
    grantMissing:
      'Les écrans qui ont besoin d’une autorisation manquante refuseront. Accordez-la dans le tableau de bord du marchand → Clés d’API si cette caisse en a besoin.',
    runAgain: 'Relancez le test ; si cela persiste, consultez l’état de la passerelle.',
    clockMatches: 'L’horloge de cet ordinateur est à l’heure de la passerelle.',
    clockAhead: 'L’horloge de cet ordinateur avance de {{seconds}} s sur celle de la passerelle.',
    clockBehind: 'L’horloge de cet ordinateur retarde de {{seconds}} s sur celle de la passerelle.',
    fixClock:
      'Activez la date et l’heure automatiques dans les réglages du système. La passerelle refuse les requêtes décalées de plus de 5 minutes.',
    noTime: 'Les réponses de la passerelle ne portaient aucune heure à comparer.',
  },
  keychain: {
    linux:
      'Aucun trousseau du système n’est joignable : Tilldesk ne peut pas garder les secrets d’API. Sous Linux, il utilise le Secret Service : installez et lancez GNOME Keyring (ou KWallet) avec libsecret, vérifiez qu’il est déverrouillé à l’ouverture de session, puis redémarrez Tilldesk. Tilldesk n’écrit jamais les secrets dans un simple fichier à la place.',
    darwin:
      'Le trousseau de macOS a refusé l’accès : Tilldesk ne peut pas garder les secrets d’API. Déverrouillez le trousseau de session (Trousseaux d’accès) et autorisez Tilldesk quand il le demande. Tilldesk n’écrit jamais les secrets dans un simple fichier à la place.',
    windows:
      'Le Gestionnaire d’identification de Windows est injoignable : Tilldesk ne peut pas garder les secrets d’API. Ouvrez une session Windows avec un profil d’utilisateur normal, puis réessayez. Tilldesk n’écrit jamais les secrets dans un simple fichier à la place.',
  },
  settings: {
    trust: {
      noSeals:
        'Le fichier des paramètres n’a pas de sceaux, alors que cette caisse le scelle à chaque modification (le fichier a été remplacé, ou écrit par autre chose que Tilldesk).',
      changed:
        'L’environnement, les URL de base, les identifiants de clé, le nom de la caisse, les délais de verrouillage ou la liste du personnel du fichier des paramètres ont été modifiés hors de Tilldesk.',
      older:
        'Le fichier des paramètres est une copie plus ancienne (version {{generation}} ; cette caisse a écrit en dernier la version {{seq}}).',
      replaced: 'Le fichier des paramètres a été remplacé par une autre copie.',
      noCopy:
        'Cette caisse n’a pas de copie des paramètres approuvés auparavant (elle est gardée dès que les paramètres passent leur vérification) : ce qui a changé ne peut pas être montré.',
      copyDamaged:
        'La copie des derniers paramètres approuvés ({{file}}) a été modifiée, remplacée ou abîmée hors de Tilldesk : ce qui a changé ne peut pas être montré.',
    },
    changedSinceShown:
      'Les paramètres ont changé après leur affichage. Relisez-les avant de confirmer.',
    badVersion:
      'Le fichier des paramètres a une version (schemaVersion) non valable. Restaurez-le depuis une sauvegarde, ou supprimez-le pour repartir de zéro.',
    tooNew:
      'Ces paramètres ont été écrits par un Tilldesk plus récent (version {{from}} ; cette version lit jusqu’à la {{target}}). Mettez Tilldesk à jour sur cette caisse.',
    unreadable:
      'Le fichier des paramètres dans {{where}} est illisible : Tilldesk ne peut pas savoir qui peut se connecter. Il a été laissé tel quel : restaurez-le depuis une sauvegarde, ou appelez l’assistance.',
    invalid:
      'Le fichier des paramètres {{where}} n’est pas valable. Restaurez-le depuis une sauvegarde, ou supprimez-le pour refaire la première configuration.',
  },
  payouts: {
    approveBlocked: {
      onlySupervisor: 'Seul un superviseur peut approuver les versements.',
      created: 'Vous avez créé ce versement : un autre superviseur doit l’approuver.',
      edited: 'Vous avez modifié ce versement : un autre superviseur doit l’approuver.',
    },
    role: {
      cashier: 'caissier',
      supervisor: 'superviseur',
      admin: 'administrateur',
    },
    limit: {
      itemMaker:
        'Ce versement de {{totalAmount}} dépasse le plafond {{role}} de {{limitAmount}} par versement. Un superviseur doit le créer.',
      itemChecker:
        'Ce versement de {{totalAmount}} dépasse le plafond d’approbation de {{name}}, de {{limitAmount}} par versement. Une personne au plafond plus élevé doit l’approuver.',
      accountDay_one:
        'Avec {{count}} autre versement vers ce compte aujourd’hui, le total serait de {{totalAmount}}, au-dessus du plafond de {{limitAmount}} par versement. Les versements vers un même compte s’additionnent : les fractionner ne contourne pas le plafond.',
      accountDay_other:
        'Avec {{count}} autres versements vers ce compte aujourd’hui, le total serait de {{totalAmount}}, au-dessus du plafond de {{limitAmount}} par versement. Les versements vers un même compte s’additionnent : les fractionner ne contourne pas le plafond.',
      dayMaker:
        '{{name}} ({{role}}) atteindrait {{totalAmount}} de versements aujourd’hui, au-dessus du plafond journalier de {{limitAmount}}.',
      dayChecker:
        '{{name}} aurait approuvé {{totalAmount}} aujourd’hui, au-dessus du plafond journalier d’approbation de {{limitAmount}}.',
      outOfStep:
        '{{refusal}} Cette caisse n’est pas synchronisée avec la boutique. En attendant, chaque plafond compte pour {{share}} % de lui-même, car d’autres caisses ont pu verser ce dont cette caisse n’a pas connaissance.',
    },
    nameMismatch:
      'Selon la banque, le compte {{account}} appartient à « {{bankName}} », et non à « {{typed}} ». Vérifiez avec le client avant de payer.',
    notApproved: 'Non approuvé : {{why}}',
    wrongState: 'Ce versement ne peut plus être modifié ainsi. {{meaning}}',
    enterGatewayReference: 'Saisissez la référence du virement donnée par la passerelle.',
    environmentSwitched:
      'L’environnement a changé ; les versements faits en {{environment}} attendent qu’il soit de nouveau actif.',
    starting: 'Les versements démarrent ; réessayez dans un instant.',
    wholeAuditLog:
      'Seul un superviseur peut voir tout le journal d’audit ; ouvrez un versement pour voir son historique.',
    storage:
      'Les fichiers des versements n’ont pas pu être lus ou écrits : rien n’a été modifié. Un administrateur doit consulter Paramètres → Intégrité ; les fichiers sont laissés tels quels.',
    changedMeanwhile:
      'Ce changement n’est plus permis : le versement a changé entre-temps. Regardez-le de nouveau.',
    banksCached: '{{why}} La liste enregistrée reste utilisée.',
    gw: {
      unexpected: 'Tilldesk a rencontré un problème inattendu avec la passerelle. Il réessaiera.',
      said: ' La passerelle a répondu : « {{message}} ».',
      auth: 'La passerelle a refusé la clé d’API de Tilldesk : rien n’a été envoyé.{{said}} Un administrateur doit vérifier la clé dans Paramètres ; les versements attendent jusque-là.',
      rateLimited:
        'La passerelle a demandé de ralentir. Tilldesk attend comme demandé, puis vérifie avant de renvoyer.',
      held: 'La passerelle a demandé à Tilldesk d’attendre avant d’envoyer d’autres versements ; celui-ci part une fois ce délai passé.',
      refusedAgain:
        'La passerelle a refusé de reprendre ce versement.{{said}} Cela ne prouve pas que la tentative précédente a échoué : Tilldesk continue de vérifier par la référence et ne le renvoie jamais.',
      refused: 'La passerelle a refusé ce versement : aucun virement n’a été fait.{{said}}',
      acceptedUnreadable:
        'La passerelle a accepté ce versement, mais sa réponse était illisible : le virement existe. Tilldesk le retrouve par sa référence et ne le renvoie jamais.',
      duplicate:
        'La passerelle a déjà un virement avec cette référence ; Tilldesk le vérifie au lieu de renvoyer.',
      notFound: 'La passerelle n’a pas encore de virement avec cette référence.',
      notSent:
        'La requête n’est pas partie de cette caisse (pas de connexion). Rien n’est parvenu à la passerelle ; Tilldesk l’envoie au retour de la connexion.',
      notSentDetail:
        'La requête n’est pas partie de cette caisse ({{detail}}). Rien n’est parvenu à la passerelle ; Tilldesk l’envoie au retour de la connexion.',
      notFoundAnswer:
        'La passerelle a répondu « introuvable » sans dire si elle a ce virement (HTTP {{status}}, une réponse sur l’adresse, pas sur cette référence). Tilldesk continue de vérifier.',
      what: {
        timeout408: 'La passerelle n’a pas répondu à temps (HTTP 408)',
        timeout: 'La passerelle n’a pas répondu à temps',
        dropped: 'La connexion à la passerelle a été coupée',
        server: 'La passerelle a eu un problème (HTTP {{status}})',
        unreadable: 'La passerelle a donné une réponse que Tilldesk n’a pas pu lire',
      },
      mayHaveTaken:
        '{{what}}. Elle a peut-être pris le paiement, peut-être pas : Tilldesk vérifie par la référence avant de renvoyer quoi que ce soit.',
      cantReach: 'La passerelle est injoignable pour le moment. Tilldesk continuera d’essayer.',
      trouble:
        'La passerelle a des difficultés (elle a répondu par l’erreur {{status}}). Tilldesk continuera d’essayer.',
      unreadable:
        'La passerelle a donné une réponse que Tilldesk n’a pas pu lire. Tilldesk continuera d’essayer.',
      bankFailed:
        'La banque a répondu : « {{message}} ». Aucun argent n’a quitté le compte du commerçant ; vérifiez les coordonnées et créez un nouveau versement si besoin.',
      bankFailedNoReason:
        'La banque a signalé l’échec du virement sans en donner la raison. Aucun argent n’a quitté le compte du commerçant.',
      waitingName: 'En attente de la vérification du nom auprès de la banque : {{why}}',
      mismatch:
        'Le virement que la passerelle a sous la référence {{reference}} diffère de ce versement ({{fields}}). Ne le payez pas une seconde fois ; demandez à l’assistance de la passerelle de vérifier cette référence.',
      differs: {
        amount: 'montant',
        amountAnd: 'montant, {{more}}',
        accountNumber: 'numéro de compte',
        accountNumberAnd: 'numéro de compte, {{more}}',
        bank: 'banque',
        bankAnd: 'banque, {{more}}',
        currency: 'devise',
      },
    },
    review: {
      unknown:
        'Tilldesk n’a pas pu savoir auprès de la passerelle si ce versement est parti (dernière réponse : {{latest}}) Il a peut-être été payé, peut-être pas. Ne le payez pas une seconde fois : vérifiez cette référence auprès de la passerelle, puis un superviseur le marque payé (avec la référence de la passerelle) ou non payé.',
      changed:
        'Les coordonnées ne correspondent plus à ce que le superviseur a approuvé ; il faut l’approuver de nouveau.',
      unsigned:
        'L’approbation n’est pas signée par cette caisse (elle a été copiée ou écrite hors de Tilldesk) ; il faut l’approuver de nouveau.',
      nameMismatch:
        'D’après la banque, le compte {{account}} est au nom de « {{bankName}} », et non de « {{name}} ». Vérifiez auprès du client avant de payer.',
      noAccount:
        'La banque n’a pas de compte {{account}}. Vérifiez le numéro de compte et la banque.',
    },
  },
  shop: {
    log: {
      payout: 'Versement {{reference}} {{state}} : {{sum}} à {{payee}}{{maker}}',
      state: {
        awaiting_approval: 'en attente d’approbation',
        approved: 'approuvé',
        sending: 'en cours d’envoi',
        submitted: 'en traitement',
        success: 'payé',
        failed: 'échoué',
        reversed: 'retourné',
        rejected: 'rejeté',
        needs_review: 'à vérifier',
        unknown: 'au résultat inconnu',
        expired: 'expiré',
      },
      stateUnknown: 'dans un état que cette caisse ne connaît pas ({{state}})',
      money: '{{sumAmount}}',
      minorUnits: '{{amount}} unités mineures {{currency}}',
      aPayee: 'un bénéficiaire',
      draftedBy: ', préparé par {{name}}',
      shiftOpened: 'Service {{shift}} ouvert',
      shiftClosed: 'Service {{shift}} clôturé, rapport Z {{z}}{{received}}',
      received: ' : reçu {{sums}}',
      plus: '{{sum}} + {{rest}}',
      wrongPin: 'Code PIN erroné pour {{name}}',
      transferMoved:
        'Virement {{reference}} de {{sum}} compté ici hors synchronisation, attribué par la règle de la boutique à la vente de {{till}}',
      anotherTill: 'une autre caisse',
      staff: 'Personnel {{change}}{{whom}}{{role}}',
      staffUpserted: 'ajouté ou modifié',
      whom: ' : {{name}}',
      role: ' ({{role}})',
      decision: 'Versement {{reference}} {{decision}}{{drafted}}{{reason}}',
      decided: 'décidé',
      draftedAt: ' (préparé sur {{till}})',
      because: ' : {{reason}}',
      tillJoined: 'A rejoint la boutique',
      tillPinned: 'S’est porté garant de la clé d’une autre caisse',
      other: '{{kind}}{{reference}}',
      refusal: {
        bad_signature: 'Refusé : sa signature ne correspond pas à la caisse dont il dit venir',
        gap: 'Retenu : un événement antérieur de cette caisse manque, donc rien après lui n’est appliqué',
        unknown_till: 'Refusé : il nomme une caisse que la boutique n’a pas inscrite',
        unpinned:
          'Refusé : il vient d’une caisse dont aucune caisse de la boutique ne garantit la clé',
        malformed: 'Refusé : il n’a pas pu être lu',
        not_admin:
          'Refusé : une modification du personnel dont l’auteur n’était pas administrateur dans la liste du personnel à ce moment-là',
      },
      refusalOther: 'Refusé ({{why}})',
      refusedEvent: '{{words}} (événement {{event}})',
      till: {
        own_one: '{{count}} événement, signé sur cette caisse',
        own_other: '{{count}} événements, signés sur cette caisse',
        gap_one:
          '{{count}} événement, signatures vérifiées ; arrêté à un événement manquant : rien après lui n’est appliqué avant qu’il arrive',
        gap_other:
          '{{count}} événements, signatures vérifiées ; arrêté à un événement manquant : rien après lui n’est appliqué avant qu’il arrive',
        refused_one: '{{count}} événement, signatures vérifiées ; {{refused}} refusé(s)',
        refused_other: '{{count}} événements, signatures vérifiées ; {{refused}} refusé(s)',
        checked_one: '{{count}} événement, signatures vérifiées, aucun manque',
        checked_other: '{{count}} événements, signatures vérifiées, aucun manque',
      },
    },
    finding: {
      file: 'serveur de la boutique',
      record: 'événement {{event}} de {{till}}',
      problem: {
        bad_signature:
          'La signature de l’événement ne correspond pas à la caisse dont il dit venir.',
        gap: 'Un événement de cette caisse manque sur le serveur.',
        unknown_till: 'L’événement nomme une caisse que le serveur de la boutique ne connaît pas.',
        unpinned:
          'L’événement vient d’une caisse dont cette caisse n’a pas retenu la clé : aucune caisse de la boutique ne l’a garantie avec un code d’inscription.',
        malformed: 'L’événement n’a pas pu être lu.',
        not_admin:
          'Une modification du personnel dont l’auteur n’était pas administrateur dans la liste du personnel à ce moment-là (une caisse l’a signée, aucun administrateur ne l’a faite).',
      },
      consequence: 'Il n’a pas été appliqué sur cette caisse.',
    },
    state: {
      inStep: 'Synchronisée avec {{shop}}.',
      joined:
        'A rejoint {{shop}} : en attente de la confirmation de la caisse qui a créé le code. D’ici là, les événements de cette caisse restent ici.',
      alone:
        'Serveur de la boutique injoignable : cette caisse travaille seule et se met à jour à son retour.',
      aloneBecause:
        'Serveur de la boutique injoignable : cette caisse travaille seule et se met à jour à son retour. ({{reason}})',
    },
    unreachable:
      'Le serveur de la boutique est injoignable. Vérifiez l’adresse et le port, et qu’il est bien démarré.',
    loginRefused: 'Le serveur a refusé le nom d’utilisateur ou le mot de passe.',
    certificate:
      'Le certificat du serveur n’a pas pu être vérifié. Collez le certificat d’autorité (CA) de la boutique.',
    codeNotValid:
      'Ce code n’est pas valable : il a déjà servi, il a expiré ou il a été mal saisi. Créez-en un nouveau.',
    noTls:
      'Le serveur ne propose pas TLS. Tilldesk ne communique avec un serveur de boutique qu’en TLS.',
    refused: 'Le serveur de la boutique a refusé : « {{message}} »',
    notInShopMode: 'Cette caisse n’est pas en mode boutique.',
    notInShop: 'Cette caisse ne fait partie d’aucune boutique.',
    alreadyInShop: 'Cette caisse fait déjà partie d’une boutique. Quittez-la d’abord.',
    joinFirst: 'Rejoignez ou créez d’abord une boutique.',
    approveOnTheirTill:
      'Cette caisse ne fait partie d’aucune boutique : approuvez les versements sur leur caisse.',
    overLimit: '{{refusal}} Les versements de toutes les caisses de la boutique sont comptés.',
    noLongerWaiting:
      'Ce versement n’attend plus d’approbation (sa caisse l’a décidé ou modifié). Regardez de nouveau la liste.',
    detailsChanged:
      'Ce versement a changé pendant que vous le consultiez. Vérifiez de nouveau les détails avant de décider.',
    cannotDecide:
      'Vous ne pouvez pas décider de ce versement ici : vous l’avez préparé ou déjà décidé, ou sa caisse n’a pas indiqué à quoi une approbation est liée. Regardez de nouveau la liste.',
    blocked: {
      drafted: 'Vous avez préparé ce versement : un autre superviseur doit en décider.',
      approved: 'Vous l’avez déjà approuvé ; {{till}} l’appliquera dès réception.',
      rejected: 'Vous l’avez déjà refusé ; {{till}} l’appliquera dès réception.',
      itsTill: 'sa caisse',
      noBinding:
        'Sa caisse n’a pas indiqué à quels détails une approbation est liée : approuvez-le sur cette caisse.',
    },
  },
  // Settings' integrity findings (common/words/integrity.ts).
  integrity: INTEGRITY_WORDS.fr,
  report: {
    source: {
      collections: 'Les encaissements',
      hosted: 'Les paiements en ligne',
      refunds: 'Les remboursements',
      payouts: 'Les versements',
      debits: 'Les prélèvements',
    },
    chargeLeftOut:
      'La demande de paiement {{id}} n’a pas pu être rapprochée : elle est laissée de côté.',
    payoutJournal:
      'Le journal des versements n’a pas pu être lu en entier ; les versements après l’enregistrement {{seq}} sont laissés de côté. Un administrateur doit consulter Paramètres → Intégrité.',
    sourceLeftOut:
      '{{source}} n’ont pas pu être lus ou n’ont pas passé leur contrôle : ils sont laissés hors de ce rapport. Un administrateur doit consulter Paramètres → Intégrité.',
    zMissing:
      'Le rapport Z {{number}} est manquant ou illisible : ce qu’il comptait peut être compté de nouveau dans ce rapport. Comparez avec sa copie imprimée.',
    books:
      'Les livres tenus pour les rapports ({{file}}) n’ont pas passé leur contrôle ; des paiements en ligne et des remboursements que leurs journaux ne gardent plus peuvent manquer dans ce rapport. Un administrateur doit consulter Paramètres → Intégrité.',
    leftOut:
      'Une partie de ce que ce rapport compte n’a pas pu être lue et est laissée de côté. Un administrateur doit consulter Paramètres → Intégrité.',
  },
}

/** Every leaf a string: the shape each language fills. */
type Words<T> = { [K in keyof T]: T[K] extends string ? string : Words<T[K]> }
export type ErrorWords = Words<typeof en>

export const ERROR_WORDS: Readonly<Record<Language, ErrorWords>> = { en, fr }

/** What the cashier was doing when the gateway failed (main/gateway/cashier-errors.ts). */
export type CashierAction = keyof typeof en.actions
