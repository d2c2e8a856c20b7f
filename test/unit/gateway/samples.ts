// Wire-form (decimal amounts) answers that satisfy each response schema.
const at = '2025-01-15T10:00:00.000Z'

export const payment = {
  reference: 'PAY_1',
  status: 'success',
  email: 'ada@example.com',
  amount: 12500.5,
  currency: 'NGN',
  amount_refunded: 0,
  payment_method: 'card',
  customer_name: 'Ada',
  metadata: {},
  authorization_url: 'https://checkout.example/PAY_1',
  callback_url: null,
  created_at: at,
  paid_at: at,
}
export const virtualAccount = {
  status: 'success',
  account_reference: 'CUST_1',
  customer_name: 'Ada Obi',
  customer_email: 'ada@example.com',
  currency_code: 'NGN',
  metadata: { till: 3 },
  account_number: '9012345678',
  bank_name: 'Sandbox Bank',
  bank_code: '999',
  reservation_reference: 'RSV_1',
}
export const vaTransaction = {
  reference: 'TX_1',
  account_reference: 'CUST_1',
  amount: 5000,
  currency: 'NGN',
  status: 'success',
  narration: 'rent',
  created_at: at,
}
export const mandate = {
  mandate_reference: 'MND_1',
  status: 'active',
  customer_name: 'Ada Obi',
  customer_email: 'ada@example.com',
  account_number: '0123456789',
  bank_code: '058',
  start_date: '2025-01-01',
  end_date: '2025-06-01',
  max_monthly_amount: 50000,
  max_monthly_debit_count: 4,
  currency: 'NGN',
  metadata: {},
}
export const mandateAction = { mandate_reference: 'MND_1', status: 'active', message: 'ok' }
export const debit = {
  status: 'pending',
  payment_reference: 'DD_1',
  mandate_reference: 'MND_1',
  amount: 1000.25,
  narration: 'January',
}
export const transfer = {
  reference: 'TRF_1',
  status: 'pending',
  amount: 2500,
  currency: 'NGN',
  bank_code: '058',
  account_number: '0123456789',
  narration: 'payout',
  created_at: at,
  updated_at: at,
}
export const refund = {
  reference: 'RF_1',
  payment_reference: 'PAY_1',
  amount: 100,
  currency: 'NGN',
  status: 'pending',
  reason: null,
  created_at: at,
  updated_at: at,
}
const pagination = { page: 1, page_size: 10, total_items: 1, total_pages: 1 }
export const list = <T>(item: T) => ({ status: true, data: [item], pagination })
export const banks = {
  status: true,
  data: [
    { name: 'Access Bank', code: '044' },
    { name: 'GTBank', code: '058' },
  ],
}
export const faults = { status: true, data: { rules: [] } }
export const variants = {
  status: true,
  data: {
    message_only_errors: false,
    extra_fields: false,
    missing_fields: false,
    unknown_statuses: false,
    va_status_boolean: false,
    va_processing_first: false,
    foreign_currency_transfers: false,
    commit_lag: { seconds: 5 },
    late_response: null,
  },
}
