// Migration 2: the shop's PIN pepper travels to a joining till with its enrolment code
// (main/shop/pepper.ts). The till that makes a code stores the pepper encrypted with a key
// derived from that code; the enrolment function hands the box to the till that proves the
// code, and deletes it as it burns the code. Nobody but the shop owner can read the table, and
// the server never sees the pepper in the clear.
export const migration = {
  version: 2,
  name: 'shop pepper box on enrolment codes',
  sql: `
alter table enrolment_codes add column pepper_box text;

-- The return type changes (void to the box), which needs a new function; the grants follow it.
drop function tilldesk_enrol_till(text, text, text, text, text);

create function tilldesk_enrol_till(p_code text, p_till_id text, p_name text,
                                    p_public_key text, p_password text)
returns text language plpgsql security definer set search_path = public, pg_temp as $$
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
  -- Burning the code deletes the box with it; boxes of expired codes go too.
  update enrolment_codes set used_by = p_till_id, used_at = now(), pepper_box = null
   where code_hash = v_code.code_hash;
  update enrolment_codes set pepper_box = null where expires_at < now() and pepper_box is not null;
  execute 'alter role tilldesk_enrol password null';
  return v_code.pepper_box;
end $$;

revoke all on function tilldesk_enrol_till(text, text, text, text, text) from public;
grant execute on function tilldesk_enrol_till(text, text, text, text, text) to tilldesk_enrol;
`,
}
