-- The door tool's security fixes.

-- A PIN is a second factor of a signed-in user, checked against that user's hash only. Keeping PINs
-- unique told anyone who changed his PIN which PINs other users had, so duplicates are allowed.
alter table door_users drop constraint if exists door_users_pin_hash_key;

-- The PIN pepper no longer lives in the database. The next start moves an old `pin_pepper` row
-- out (into the pepper file, so existing PINs keep working) and deletes it; from then on
-- door_settings keeps only `pin_pepper_check`, which tells a wrong pepper apart (functions/abridor/pepper.ts).

-- Failed logins per typed user name across every address: the exponential back-off. Counts per
-- (user name, address) pair come from door_audit.
create table door_login_throttle (
  usuario text primary key,
  failures integer not null default 0,
  last_failure_at timestamptz,
  -- Until then, attempts from addresses this user never signed in from get a 429.
  next_attempt_at timestamptz,
  -- DOOR_ADMIN_RESET: failures before this moment no longer count, for any address.
  cleared_at timestamptz
);
create index door_login_throttle_stale_idx on door_login_throttle (last_failure_at);

create index door_audit_login_pair_idx on door_audit (usuario, ip, created_at desc) where action = 'login';
