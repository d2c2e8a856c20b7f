// Migration 1: the shop's shared store. One append-only table of signed events from every
// till, the tills that may write it, and one-time enrolment codes. The database itself keeps
// the rules a till's own code could be talked out of:
//   - events can't be updated, deleted or truncated (trigger, and no grant for it);
//   - a till's login role may insert only events that name that till (trigger on session_user);
//   - a till's role can't create roles or codes: enrolment runs through SECURITY DEFINER
//     functions that check a one-time code.
// Signatures over each event are checked by the tills that read them (Ed25519, public keys
// here), so a forged row from someone holding a till's database password is still refused.
export const migration = {
  version: 1,
  name: 'shop events, tills and enrolment',
  sql: `
create table shop (
  id text primary key,
  name text not null check (length(name) between 1 and 80),
  created_at timestamptz not null default now()
);

create table tills (
  till_id text primary key check (till_id ~ '^[a-z0-9][a-z0-9-]{2,40}$'),
  name text not null check (length(name) between 1 and 80),
  db_role text not null unique,
  public_key text not null,
  enrolled_at timestamptz not null default now(),
  left_at timestamptz
);

create table enrolment_codes (
  code_hash text primary key,
  expires_at timestamptz not null,
  used_by text references tills(till_id),
  used_at timestamptz
);

create table events (
  server_seq bigint generated always as identity primary key,
  event_id uuid not null unique,
  till_id text not null references tills(till_id),
  till_seq bigint not null check (till_seq > 0),
  kind text not null check (length(kind) between 1 and 64),
  body jsonb not null,
  created_at timestamptz not null,
  signature text not null,
  received_at timestamptz not null default now(),
  unique (till_id, till_seq)
);

create function tilldesk_events_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'shop events are append-only' using errcode = 'insufficient_privilege';
end $$;

create trigger events_no_update before update or delete on events
  for each row execute function tilldesk_events_append_only();
create trigger events_no_truncate before truncate on events
  for each statement execute function tilldesk_events_append_only();

-- A till writes only as itself. The shop owner (migrations, tests) is not a till and is
-- let through only when it inserts for a till it names explicitly in a session setting.
create function tilldesk_events_own_till() returns trigger language plpgsql as $$
begin
  if not exists (
    select 1 from tills t
     where t.till_id = new.till_id and t.db_role = session_user and t.left_at is null
  ) then
    raise exception 'till role % may not write events of till %', session_user, new.till_id
      using errcode = 'insufficient_privilege';
  end if;
  return new;
end $$;

create trigger events_own_till before insert on events
  for each row execute function tilldesk_events_own_till();

-- Readers pull by server_seq, so a row must never become visible after a row with a larger
-- server_seq. The identity value is drawn when each row is formed, after statement-level
-- BEFORE triggers run, so taking this lock there makes "numbered" and "committed" happen in
-- the same order for every writer, whatever its own code does.
create function tilldesk_events_serialize() returns trigger language plpgsql as $$
begin
  perform pg_advisory_xact_lock(7243100001);
  return null;
end $$;

create trigger events_serialize before insert on events
  for each statement execute function tilldesk_events_serialize();

-- Tills LISTEN on this channel and pull at once, so an approval on one till shows on the
-- maker's till in well under a second; the payload is empty (a nudge, not data: the pull reads
-- the rows with the till's own rights).
create function tilldesk_events_notify() returns trigger language plpgsql as $$
begin
  perform pg_notify('tilldesk_events', '');
  return null;
end $$;

create trigger events_notify after insert on events
  for each statement execute function tilldesk_events_notify();

-- The role every till login belongs to: read everything, append events, nothing else.
do $$ begin
  if not exists (select 1 from pg_roles where rolname = 'tilldesk_till') then
    create role tilldesk_till nologin;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'tilldesk_enrol') then
    create role tilldesk_enrol login password null;
  end if;
end $$;

revoke all on shop, tills, enrolment_codes, events from public;
grant select on shop, tills, events to tilldesk_till;
grant insert (event_id, till_id, till_seq, kind, body, created_at, signature) on events to tilldesk_till;

-- Enrolment: the joining till logs in as tilldesk_enrol with the one-time code as password
-- (the owner sets it when the code is made) and calls this. It registers the till, creates
-- its own login role with the password the till chose, burns the code and locks the
-- enrolment login again.
create function tilldesk_enrol_till(p_code text, p_till_id text, p_name text,
                                    p_public_key text, p_password text)
returns void language plpgsql security definer set search_path = public, pg_temp as $$
declare
  v_role text := 'till_' || replace(p_till_id, '-', '_');
  v_code record;
begin
  select * into v_code from enrolment_codes
   where code_hash = encode(sha256(convert_to(p_code, 'UTF8')), 'hex')
   for update;
  if not found or v_code.used_at is not null or v_code.expires_at < now() then
    raise exception 'this enrolment code is not valid (used, expired or mistyped)'
      using errcode = 'invalid_authorization_specification';
  end if;
  if exists (select 1 from tills where till_id = p_till_id) then
    raise exception 'a till with this id is already enrolled' using errcode = 'unique_violation';
  end if;
  if length(p_password) < 24 then
    raise exception 'till password too short' using errcode = 'invalid_parameter_value';
  end if;
  execute format('create role %I login password %L in role tilldesk_till', v_role, p_password);
  insert into tills (till_id, name, db_role, public_key) values (p_till_id, p_name, v_role, p_public_key);
  update enrolment_codes set used_by = p_till_id, used_at = now() where code_hash = v_code.code_hash;
  execute 'alter role tilldesk_enrol password null';
end $$;

revoke all on function tilldesk_enrol_till(text, text, text, text, text) from public;
grant execute on function tilldesk_enrol_till(text, text, text, text, text) to tilldesk_enrol;
`,
}
