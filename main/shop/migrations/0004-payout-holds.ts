// Migration 4: payout holds, so the payout limits are the shop's and hold across tills that
// decide at the same moment (main/shop/payout-limits.ts). A till about to send a payout for
// approval, or to approve one, takes the shop's limits lock, reads what the other tills hold
// today, checks the limits with its own payouts, and only then adds its hold, all in one
// transaction: five tills paying one account at once are counted one after the other, never
// side by side. Like events, holds are append-only and a till may add only its own: a newer
// hold for the same payout and side replaces the older one when read, and a payout that
// failed or was rejected stops counting when its till says so (a `payout.state` event).
export const migration = {
  version: 4,
  name: 'payout holds for shop-wide limits',
  sql: `
create table payout_holds (
  hold_id bigint generated always as identity primary key,
  till_id text not null references tills(till_id),
  reference text not null check (length(reference) between 1 and 100),
  side text not null check (side in ('maker', 'checker')),
  currency text not null check (currency ~ '^[A-Z]{3}$'),
  amount_minor bigint not null check (amount_minor > 0),
  bank_code text not null check (length(bank_code) between 1 and 20),
  account_number text not null check (length(account_number) between 1 and 20),
  maker_id text not null check (length(maker_id) between 1 and 100),
  approver_id text check (length(approver_id) between 1 and 100),
  at_ms bigint not null,
  held_at timestamptz not null default now()
);
create index payout_holds_recent on payout_holds (held_at);

create trigger payout_holds_no_update before update or delete on payout_holds
  for each row execute function tilldesk_events_append_only();
create trigger payout_holds_no_truncate before truncate on payout_holds
  for each statement execute function tilldesk_events_append_only();
create trigger payout_holds_own_till before insert on payout_holds
  for each row execute function tilldesk_events_own_till();

revoke all on payout_holds from public;
grant select on payout_holds to tilldesk_till;
grant insert (till_id, reference, side, currency, amount_minor, bank_code, account_number,
              maker_id, approver_id, at_ms) on payout_holds to tilldesk_till;
`,
}
