-- A tenant's erasure of their data, asked for from the account: it happens only once the code sent
-- to the session's contact comes back (a session alone cannot erase). Only the code's hash is kept.
create table account_erasures (
  id uuid primary key,
  requested_by text not null,
  code_hash text not null,
  wrong_codes integer not null default 0,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz
);
create index account_erasures_requested_idx on account_erasures (requested_by, created_at desc);
