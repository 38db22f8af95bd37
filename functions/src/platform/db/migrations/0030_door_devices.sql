-- Browsers a door user has signed in from (OWASP's device cookies, like staff_devices): strangers'
-- failures at that user name do not lock him out there, and his sign-in goes ahead of theirs for
-- a hashing slot. Only the SHA-256 of the cookie's secret is kept; it proves nothing by itself.
-- `failures` counts wrong passwords from the device since its last sign-in: at the limit the row
-- goes, and the browser is a stranger again.
create table door_devices (
  token_hash text primary key,
  user_id uuid not null references door_users (id) on delete cascade,
  failures integer not null default 0,
  created_at timestamptz not null default now(),
  last_used_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index door_devices_user_idx on door_devices (user_id, last_used_at desc);
