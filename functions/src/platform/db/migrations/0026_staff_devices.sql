-- Browsers a member has signed in from (OWASP's device cookies): a stranger's flood of guesses at
-- their e-mail does not lock them out there, and their sign-in goes ahead of strangers' for a
-- hashing slot. Only the SHA-256 of the cookie's secret is kept; it proves nothing by itself.
create table staff_devices (
  token_hash text primary key,
  staff_id uuid not null references staff_users (id) on delete cascade,
  created_at timestamptz not null default now(),
  last_used_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index staff_devices_staff_idx on staff_devices (staff_id);
