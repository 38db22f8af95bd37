-- A tenant changing their e-mail or phone from the account: the new one counts only once the code
-- sent to it comes back (only its hash is kept). The rentals it applies to are the session's.
create table account_contact_changes (
  id uuid primary key,
  -- The session's contact ('email:…' / 'phone:…'): only it may confirm the change.
  requested_by text not null,
  registration_ids uuid[] not null,
  kind text not null check (kind in ('email', 'phone')),
  new_value text not null,
  code_hash text not null,
  wrong_codes integer not null default 0,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz
);
create index account_contact_changes_requested_idx on account_contact_changes (requested_by, created_at desc);
