-- The tenant's own account (mfe-account), signed in by a one-time link or code sent to the e-mail
-- or phone of their tenancies: no password. Only hashes are kept. A request for a contact that is
-- nobody's is written too (no secret, nothing sent): the answer and the work are the same either way.
create table account_sign_ins (
  id uuid primary key,
  -- 'email:ana@example.com' or 'phone:+34600123456': whose tenancies the session shows.
  contact text not null,
  token_hash text unique,
  code_hash text,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz,
  wrong_codes integer not null default 0,
  ip text
);
create index account_sign_ins_contact_idx on account_sign_ins (contact, created_at desc);
create index account_sign_ins_ip_idx on account_sign_ins (ip, created_at);

-- A session: 30 minutes idle at most, 12 hours in all, on the service clock; revoked on sign-out and
-- when the contact it was opened for changes.
create table account_sessions (
  token_hash text primary key,
  contact text not null,
  created_at timestamptz not null,
  last_seen_at timestamptz not null,
  expires_at timestamptz not null,
  revoked_at timestamptz,
  ip text
);
create index account_sessions_contact_idx on account_sessions (contact) where revoked_at is null;
