// The hosted checkout page at a payment's authorization_url. Plain HTML forms, no script: the
// customer (or a trainee) picks a test card or an outcome button. Everything is escaped.
import type { FullPaymentRecord as PaymentRecord } from '../common/api/payments'
import { formatMoney } from '../common/money'

export interface TestCard {
  number: string
  outcome: 'success' | 'failed'
  label: string
}

/** Test cards of the sandbox checkout (docs/sandbox.md). Other numbers are declined. */
export const TEST_CARDS: readonly TestCard[] = [
  { number: '4084084084084081', outcome: 'success', label: 'Visa — approved' },
  { number: '5060666666666666666', outcome: 'success', label: 'Verve — approved' },
  { number: '4000000000000002', outcome: 'failed', label: 'Visa — declined' },
  { number: '5399838383838381', outcome: 'failed', label: 'Mastercard — insufficient funds' },
]

/** Outcome of paying with a card number (spaces and dashes ignored). */
export function cardOutcome(cardNumber: string): 'success' | 'failed' {
  const digits = cardNumber.replace(/[\s-]/g, '')
  return TEST_CARDS.find((c) => c.number === digits)?.outcome ?? 'failed'
}

const escape = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  )

const STYLE = `body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#1b1b1f}
h1{font-size:1.3rem}.amount{font-size:2rem;font-weight:600;margin:.5rem 0}.muted{color:#5a5a66}
fieldset{border:1px solid #ccd;border-radius:.5rem;margin:1rem 0;padding:1rem}
button{font:inherit;padding:.5rem 1rem;margin:.25rem .25rem 0 0;border-radius:.4rem;border:1px solid #889;cursor:pointer}
input,select{font:inherit;padding:.4rem;width:100%;box-sizing:border-box;margin:.25rem 0 .5rem}
table{border-collapse:collapse;width:100%}td{padding:.2rem .4rem;border-bottom:1px solid #eee}
.banner{background:#fff4ce;border:1px solid #e5c55a;padding:.5rem;border-radius:.4rem}`

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escape(title)}</title><style>${STYLE}</style></head><body><p class="banner">Sandbox checkout — no real money moves.</p>${body}</body></html>`
}

export function checkoutPage(payment: PaymentRecord): string {
  const action = `/checkout/${encodeURIComponent(payment.reference)}/complete`
  const amount = formatMoney(payment.amount, payment.currency)
  const summary = `<h1>Pay ${escape(amount)}</h1><p class="amount">${escape(amount)}</p>
<p class="muted">${escape(payment.email)} · reference ${escape(payment.reference)}</p>`
  if (payment.status !== 'pending')
    return page(
      'Payment',
      `${summary}<p>This payment is already <strong>${escape(payment.status)}</strong>.</p>`,
    )
  const cards = TEST_CARDS.map(
    (c) => `<tr><td><code>${escape(c.number)}</code></td><td>${escape(c.label)}</td></tr>`,
  ).join('')
  return page(
    `Pay ${amount}`,
    `${summary}
<form method="post" action="${action}"><fieldset><legend>Pay with a test card</legend>
<label>Card number<input name="card_number" inputmode="numeric" autocomplete="off" value="${TEST_CARDS[0]?.number ?? ''}"></label>
<input type="hidden" name="payment_method" value="card">
<button type="submit" name="outcome" value="card">Pay ${escape(amount)}</button></fieldset></form>
<table><caption class="muted">Test cards (any expiry date and CVV)</caption>${cards}</table>
<form method="post" action="${action}"><fieldset><legend>Or choose the outcome</legend>
<label>Payment method<select name="payment_method"><option value="card">Card</option><option value="bank_transfer">Bank transfer</option><option value="ussd">USSD</option></select></label>
<button type="submit" name="outcome" value="success">Success</button>
<button type="submit" name="outcome" value="failed">Failed</button>
<button type="submit" name="outcome" value="abandoned">Abandon</button></fieldset></form>`,
  )
}

export function resultPage(payment: PaymentRecord): string {
  return page(
    'Payment finished',
    `<h1>Payment ${escape(payment.status)}</h1><p class="muted">Reference ${escape(payment.reference)}. You can close this window.</p>`,
  )
}

export function messagePage(title: string, message: string): string {
  return page(title, `<h1>${escape(title)}</h1><p>${escape(message)}</p>`)
}
