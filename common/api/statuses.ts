// The gateway's status and method lists, as the spec shows them, in one leaf that imports
// nothing: the resource schemas (payments.ts, refunds.ts, ...) and the tolerant record readers
// (read/records.ts) both build on them, so neither has to import the other's file.

// directDebits.ts
export const MANDATE_STATUSES = ['pending_activation', 'active', 'cancelled', 'expired'] as const
export const DEBIT_STATUSES = ['pending', 'success', 'failed'] as const

// disbursements.ts
export const TRANSFER_STATUSES = ['pending', 'processing', 'success', 'failed', 'reversed'] as const

// payments.ts
export const PAYMENT_STATUSES = ['pending', 'success', 'failed', 'abandoned'] as const
export const PAYMENT_METHODS = ['card', 'bank_transfer', 'ussd'] as const

// refunds.ts
export const REFUND_STATUSES = ['pending', 'processing', 'success', 'failed'] as const

// virtualAccounts.ts
export const VA_TRANSACTION_STATUSES = ['success', 'processing', 'failed'] as const
