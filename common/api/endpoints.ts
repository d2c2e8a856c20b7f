// The one table of the gateway's endpoints. The client builds its typed calls from it, the
// sandbox registers its routes from it, and docs/openapi.json is generated from it.
import type * as z from 'zod'
import { HealthResponse } from './health'
import * as payments from './payments'
import * as va from './virtualAccounts'
import * as dd from './directDebits'
import * as refunds from './refunds'
import * as transfers from './disbursements'
import * as banks from './banks'
import * as sb from './sandboxControls'
import { PageQuery } from './pagination'
import * as read from './read/records'

export const CAPABILITIES = [
  'payments',
  'transactions',
  'virtual_accounts',
  'direct_debits',
  'refunds',
  'disbursements',
  'banks',
  'sandbox',
] as const
export type Capability = (typeof CAPABILITIES)[number]

/**
 * How a caller may retry after an unknown outcome (timeout, reset, 5xx):
 * - `safe`: a read; retry freely.
 * - `by_reference`: a write keyed by a merchant reference; a repeat gets 409, so verify by
 *   reference (or read the 409 as "it exists") before sending again.
 * - `verify_first`: a write with no merchant key; read the resource's state before any retry.
 */
export type RetryPolicy = 'safe' | 'by_reference' | 'verify_first'

export interface EndpointDef {
  readonly method: 'GET' | 'POST' | 'PATCH'
  readonly path: string
  readonly capability: Capability | null
  readonly summary: string
  readonly retry: RetryPolicy
  readonly params?: z.ZodObject
  readonly query?: z.ZodObject
  readonly body?: z.ZodType
  /** The full answer our sandbox sends (and docs/openapi.json describes). */
  readonly response: z.ZodType
  /**
   * How the client reads the answer from any gateway: only what the spec guarantees is
   * required (common/api/read). Defaults to `response` where the two agree.
   */
  readonly read?: z.ZodType
}

const def = <const T extends EndpointDef>(d: T): T => d

export const endpoints = {
  health: def({
    method: 'GET',
    path: '/health',
    capability: null,
    summary: 'Liveness; unauthenticated.',
    retry: 'safe',
    response: HealthResponse,
  }),

  initializePayment: def({
    method: 'POST',
    path: '/payments/initialize',
    capability: 'payments',
    summary: 'Start a hosted-checkout payment.',
    retry: 'by_reference',
    body: payments.InitializePaymentRequest,
    response: payments.InitializePaymentResponse,
    read: read.InitializePaymentResponseRead,
  }),
  verifyPayment: def({
    method: 'GET',
    path: '/payments/verify/:reference',
    capability: 'payments',
    summary: 'Status and full record of a payment.',
    retry: 'safe',
    params: payments.VerifyPaymentParams,
    response: payments.PaymentRecord,
    read: read.PaymentRecordRead,
  }),
  merchantTransactions: def({
    method: 'GET',
    path: '/merchants/transactions',
    capability: 'transactions',
    summary: 'Paginated payment transactions.',
    retry: 'safe',
    query: payments.MerchantTransactionsQuery,
    response: payments.MerchantTransactionsResponse,
    read: read.MerchantTransactionsRead,
  }),

  createVirtualAccount: def({
    method: 'POST',
    path: '/virtual-accounts',
    capability: 'virtual_accounts',
    summary: 'Reserve a dedicated account number for a customer.',
    retry: 'by_reference',
    body: va.CreateVirtualAccountRequest,
    response: va.VirtualAccount,
    read: read.VirtualAccountRead,
  }),
  getVirtualAccount: def({
    method: 'GET',
    path: '/virtual-accounts/:account_reference',
    capability: 'virtual_accounts',
    summary: 'Look up a virtual account by the merchant reference.',
    retry: 'safe',
    params: va.VirtualAccountParams,
    response: va.VirtualAccount,
    read: read.VirtualAccountRead,
  }),
  virtualAccountByEmail: def({
    method: 'POST',
    path: '/virtual-accounts/email',
    capability: 'virtual_accounts',
    summary: "The customer's most recently created virtual account.",
    retry: 'safe',
    body: va.VirtualAccountByEmailRequest,
    response: va.VirtualAccountByEmailResponse,
    read: read.VirtualAccountByEmailRead,
  }),
  virtualAccountTransactions: def({
    method: 'GET',
    path: '/merchants/virtual-accounts/transactions',
    capability: 'virtual_accounts',
    summary: 'Paginated incoming transfers into virtual accounts.',
    retry: 'safe',
    query: va.VaTransactionsQuery,
    response: va.VaTransactionsResponse,
    read: read.VaTransactionsRead,
  }),

  createMandate: def({
    method: 'POST',
    path: '/direct-debits/mandates',
    capability: 'direct_debits',
    summary: 'Create a direct-debit mandate (pending_activation).',
    retry: 'by_reference',
    body: dd.CreateMandateRequest,
    response: dd.CreateMandateResponse,
    read: read.CreateMandateResponseRead,
  }),
  initiateMandateActivation: def({
    method: 'POST',
    path: '/direct-debits/mandates/:mandate_reference/initiate-activation',
    capability: 'direct_debits',
    summary: "Ask the customer's bank to send an activation challenge.",
    retry: 'safe',
    params: dd.MandateParams,
    response: dd.MandateActionResponse,
    read: read.MandateActionResponseRead,
  }),
  validateMandateActivation: def({
    method: 'POST',
    path: '/direct-debits/mandates/:mandate_reference/validate-activation',
    capability: 'direct_debits',
    summary: 'Submit the activation credentials; the mandate becomes active.',
    retry: 'verify_first',
    params: dd.MandateParams,
    body: dd.ActivationCredentials,
    response: dd.MandateActionResponse,
    read: read.MandateActionResponseRead,
  }),
  getMandate: def({
    method: 'GET',
    path: '/direct-debits/mandates/:mandate_reference',
    capability: 'direct_debits',
    summary: 'Current state of a mandate.',
    retry: 'safe',
    params: dd.MandateParams,
    response: dd.Mandate,
    read: read.MandateRead,
  }),
  cancelMandate: def({
    method: 'PATCH',
    path: '/direct-debits/mandates/:mandate_reference/cancel',
    capability: 'direct_debits',
    summary: 'Cancel a mandate; it cannot be reactivated.',
    retry: 'verify_first',
    params: dd.MandateParams,
    response: dd.MandateActionResponse,
    read: read.MandateActionResponseRead,
  }),
  debit: def({
    method: 'POST',
    path: '/direct-debits/debit',
    capability: 'direct_debits',
    summary: 'Charge an active mandate; processed asynchronously.',
    retry: 'by_reference',
    body: dd.DebitRequest,
    response: dd.DebitRecord,
    read: read.DebitAcceptedRead,
  }),
  debitStatus: def({
    method: 'GET',
    path: '/direct-debits/status/:payment_reference',
    capability: 'direct_debits',
    summary: 'Status of one debit.',
    retry: 'safe',
    params: dd.DebitStatusParams,
    response: dd.DebitRecord,
    read: read.DebitRecordRead,
  }),
  directDebitDisburse: def({
    method: 'POST',
    path: '/direct-debits/disburse',
    capability: 'direct_debits',
    summary: 'Move collected direct-debit funds to a destination account.',
    retry: 'by_reference',
    body: dd.DirectDebitDisburseRequest,
    response: transfers.Transfer,
    read: read.TransferRead,
  }),

  initializeRefund: def({
    method: 'POST',
    path: '/refunds/initialize',
    capability: 'refunds',
    summary: 'Refund a completed payment in full or in part; asynchronous.',
    retry: 'by_reference',
    body: refunds.InitializeRefundRequest,
    response: refunds.Refund,
    read: read.RefundRead,
  }),
  getRefund: def({
    method: 'GET',
    path: '/refunds/:reference',
    capability: 'refunds',
    summary: 'Status of one refund.',
    retry: 'safe',
    params: refunds.RefundParams,
    response: refunds.Refund,
    read: read.RefundRead,
  }),
  refundsOfPayment: def({
    method: 'GET',
    path: '/refunds/payment/:payment_reference',
    capability: 'refunds',
    summary: 'Refunds issued against one payment.',
    retry: 'safe',
    params: refunds.RefundsOfPaymentParams,
    query: PageQuery,
    response: refunds.RefundListResponse,
    read: read.RefundListRead,
  }),
  refundHistory: def({
    method: 'GET',
    path: '/refunds',
    capability: 'refunds',
    summary: 'Paginated refund history.',
    retry: 'safe',
    query: refunds.RefundHistoryQuery,
    response: refunds.RefundListResponse,
    read: read.RefundListRead,
  }),
  refundCounts: def({
    method: 'GET',
    path: '/refunds/counts',
    capability: 'refunds',
    summary: 'Number of refunds in each status.',
    retry: 'safe',
    // Our own path (the spec shows none for counts): read strictly, as our sandbox sends it.
    response: refunds.RefundCountsResponse,
  }),

  initializeDisbursement: def({
    method: 'POST',
    path: '/disbursements/initialize',
    capability: 'disbursements',
    summary: 'Send money to a bank account; asynchronous.',
    retry: 'by_reference',
    body: transfers.InitializeDisbursementRequest,
    response: transfers.Transfer,
    read: read.TransferRead,
  }),
  verifyDisbursement: def({
    method: 'GET',
    path: '/disbursements/verify',
    capability: 'disbursements',
    summary: 'Status and details of a transfer, by merchant reference.',
    retry: 'safe',
    query: transfers.VerifyDisbursementQuery,
    response: transfers.Transfer,
    read: read.TransferRead,
  }),
  listDisbursements: def({
    method: 'GET',
    path: '/merchants/disbursements',
    capability: 'disbursements',
    summary: 'Paginated transfers.',
    retry: 'safe',
    query: transfers.DisbursementListQuery,
    response: transfers.DisbursementListResponse,
    read: read.TransferListRead,
  }),

  listBanks: def({
    method: 'GET',
    path: '/banks',
    capability: 'banks',
    summary: 'Supported banks of a country.',
    retry: 'safe',
    query: banks.BanksQuery,
    response: banks.BanksResponse,
    read: read.BanksRead,
  }),
  resolveBankAccount: def({
    method: 'POST',
    path: '/banks/resolve',
    capability: 'banks',
    summary: "Name enquiry: the account holder's registered name.",
    retry: 'safe',
    body: banks.ResolveRequest,
    response: banks.ResolveResponse,
    read: read.ResolveRead,
  }),
} as const

/** Sandbox-only controls; signed, capability `sandbox`. */
export const sandboxEndpoints = {
  simulateTransfer: def({
    method: 'POST',
    path: '/sandbox/virtual-accounts/:account_reference/transfers',
    capability: 'sandbox',
    summary: "Simulate a customer's incoming bank transfer.",
    retry: 'verify_first',
    params: sb.SimulateTransferParams,
    body: sb.SimulateTransferRequest,
    response: sb.SimulateTransferResponse,
  }),
  completePayment: def({
    method: 'POST',
    path: '/sandbox/payments/:reference/complete',
    capability: 'sandbox',
    summary: 'Finish a checkout as the customer would.',
    retry: 'safe',
    params: sb.CompletePaymentParams,
    body: sb.CompletePaymentRequest,
    response: sb.CompletePaymentResponse,
  }),
  getFaults: def({
    method: 'GET',
    path: '/sandbox/faults',
    capability: 'sandbox',
    summary: 'Current fault-injection rules.',
    retry: 'safe',
    response: sb.FaultsResponse,
  }),
  setFaults: def({
    method: 'POST',
    path: '/sandbox/faults',
    capability: 'sandbox',
    summary: 'Replace the fault-injection rules.',
    retry: 'safe',
    body: sb.SetFaultsRequest,
    response: sb.FaultsResponse,
  }),
  advanceClock: def({
    method: 'POST',
    path: '/sandbox/clock/advance',
    capability: 'sandbox',
    summary: "Move the sandbox's clock forward.",
    retry: 'verify_first',
    body: sb.AdvanceClockRequest,
    response: sb.ClockResponse,
  }),
  createSessionToken: def({
    method: 'POST',
    path: '/sandbox/session-tokens',
    capability: 'sandbox',
    summary: 'Issue a session token for the Authorization header.',
    retry: 'safe',
    body: sb.SessionTokenRequest,
    response: sb.SessionTokenResponse,
  }),
  getVariants: def({
    method: 'GET',
    path: '/sandbox/variants',
    capability: 'sandbox',
    summary: 'Spec-variation switches currently on.',
    retry: 'safe',
    response: sb.VariantsResponse,
  }),
  setVariants: def({
    method: 'POST',
    path: '/sandbox/variants',
    capability: 'sandbox',
    summary: 'Replace the spec-variation switches (each legal under the spec).',
    retry: 'safe',
    body: sb.SetVariantsRequest,
    response: sb.VariantsResponse,
  }),
  webhookDeliveries: def({
    method: 'GET',
    path: '/sandbox/webhook-deliveries',
    capability: 'sandbox',
    summary: 'Webhook delivery log.',
    retry: 'safe',
    response: sb.WebhookDeliveriesResponse,
  }),
} as const

export type Endpoints = typeof endpoints
export type EndpointName = keyof Endpoints
export type SandboxEndpointName = keyof typeof sandboxEndpoints
