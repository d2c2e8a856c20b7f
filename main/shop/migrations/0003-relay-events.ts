// Migration 3: the webhook relay's store (relay/, docs/relay.md). The relay receives the
// gateway's webhooks, verifies them, and keeps each event once by event_id here; then it wakes
// the tills (NOTIFY tilldesk_watch) so the shop's watcher looks at that account now. A webhook
// is a reason to look, never proof: polling stays the source of truth for money. Tills may
// read the table; only the relay's role (its own login, made by the admin) may append to it,
// and nobody may change or delete a row.
export const migration = {
  version: 3,
  name: 'webhook relay events',
  sql: `
create table relay_events (
  event_id text primary key check (length(event_id) between 1 and 200),
  event_type text not null check (length(event_type) between 1 and 64),
  account_reference text,
  reference text,
  body jsonb not null,
  received_at timestamptz not null default now()
);

create trigger relay_events_no_update before update or delete on relay_events
  for each row execute function tilldesk_events_append_only();
create trigger relay_events_no_truncate before truncate on relay_events
  for each statement execute function tilldesk_events_append_only();

do $$ begin
  if not exists (select 1 from pg_roles where rolname = 'tilldesk_relay') then
    create role tilldesk_relay nologin;
  end if;
end $$;

revoke all on relay_events from public;
grant select on relay_events to tilldesk_till;
grant select, insert (event_id, event_type, account_reference, reference, body)
  on relay_events to tilldesk_relay;
`,
}
